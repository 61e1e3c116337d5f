import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import {
  MAX_PRODUCT_PHOTOS,
  photoFormat,
  photoObjectPath,
  photoPublicUrl,
  productPhotos,
  type ProductPhoto,
} from '../../../domain/product-photo.ts';
import { getBackendConfig } from '../../../lib/backend-config.ts';
import { processPhoto } from './process-photo.ts';
import { startPhotoQueue, type PhotoQueue, type PhotoSendStatus } from './photo-queue.ts';

/**
 * The photo list of the open product form: the product's attached photos
 * and the ones added here, in the order the owner arranges. Photos added
 * here go to the device's queue at once (they are sent even if the form is
 * closed); reordering and removing attached photos take effect with 'Zapisz'.
 */

export interface PhotoItem {
  id: string;
  /** 0 while the photo is being prepared. */
  width: number;
  height: number;
  /** 'server': attached when the form opened; 'device': added on this device, sent through the queue. */
  source: 'server' | 'device';
  previewUrl: string | null;
  preparing?: boolean;
  /** The file could not be read as a picture. */
  unreadable?: boolean;
}

export interface PhotoChanges {
  /** Attached photos in the chosen order, for products.photos. */
  photos: ProductPhoto[];
  /** Attached photos the owner removed: their files go once the save succeeded. */
  removedPhotoIds: string[];
  /** Photos still on their way; one the queue attaches while the save is sent must not be dropped by it (afterSave). */
  sending: ProductPhoto[];
  /** Every photo's id in the chosen order. */
  order: string[];
}

export interface ProductPhotosState {
  productId: string;
  items: PhotoItem[];
  status: (photoId: string) => PhotoSendStatus | undefined;
  isAttached: (item: PhotoItem) => boolean;
  /** How many of the chosen files did not fit under the limit (0: all were taken). */
  add: (files: File[]) => number;
  move: (from: number, to: number) => void;
  remove: (photoId: string) => void;
  retry: (photoId: string) => void;
  changes: () => PhotoChanges;
  /** The form closes without saving. */
  cancel: (isNew: boolean) => void;
}

/** The device's database may refuse (blocked storage); the form still works with what it has. */
function quietly(work: Promise<unknown>): void {
  work.catch(() => undefined);
}

function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

function useQueueVersion(queue: PhotoQueue): number {
  const version = useRef(0);
  const subscribe = useCallback(
    (onChange: () => void) =>
      queue.subscribe(() => {
        version.current += 1;
        onChange();
      }),
    [queue],
  );
  return useSyncExternalStore(
    subscribe,
    () => version.current,
    () => 0,
  );
}

export function useProductPhotos(productId: string, product: { photos?: unknown } | null): ProductPhotosState {
  const [queue] = useState(startPhotoQueue);
  useQueueVersion(queue);
  const [initial] = useState(() => productPhotos(product ?? {}));
  const [items, setItemsState] = useState<PhotoItem[]>(() => {
    const { url } = getBackendConfig();
    return initial.map((photo) => ({
      ...photo,
      source: 'server',
      previewUrl: photoPublicUrl(url, photoObjectPath(productId, photo.id, 400, photoFormat(photo))),
    }));
  });
  // The list as of now, for work that runs across awaits.
  const itemsRef = useRef(items);
  const objectUrls = useRef<string[]>([]);

  const setItems = useCallback(
    (update: (current: PhotoItem[]) => PhotoItem[], orderChanged = false) => {
      const next = update(itemsRef.current);
      itemsRef.current = next;
      setItemsState(next);
      if (orderChanged)
        quietly(
          queue.setOrder(
            productId,
            next.map((item) => item.id),
          ),
        );
    },
    [productId, queue],
  );

  const preview = (blob: Blob) => {
    const url = URL.createObjectURL(blob);
    objectUrls.current.push(url);
    return url;
  };

  // Photos of this product still on the device from an earlier visit show after the attached ones.
  useEffect(() => {
    let live = true;
    quietly(
      queue.pending(productId).then((records) => {
        if (!live || records.length === 0) return;
        setItems((current) => [
          ...current,
          ...records
            .filter((record) => !current.some((item) => item.id === record.photoId))
            .map((record): PhotoItem => {
              const smallest = record.files[0];
              return {
                id: record.photoId,
                width: record.width,
                height: record.height,
                source: 'device',
                previewUrl: smallest ? preview(new Blob([smallest.bytes], { type: smallest.type })) : null,
              };
            }),
        ]);
        void queue.run();
      }),
    );
    const urls = objectUrls.current;
    return () => {
      live = false;
      urls.forEach((url) => URL.revokeObjectURL(url));
    };
    // Once per form: the queue and the product do not change while it is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const status = useCallback((photoId: string) => queue.status(photoId), [queue]);
  const isAttached = useCallback((item: PhotoItem) => item.source === 'server' || queue.status(item.id)?.phase === 'attached', [queue]);

  const prepare = async (id: string, file: File) => {
    try {
      const processed = await processPhoto(file);
      // Removed while it was being prepared, or its new product was abandoned: nothing to send.
      if (abandoned.current || !itemsRef.current.some((item) => item.id === id)) return;
      const url = preview(processed.variants[0]!.blob);
      setItems((current) =>
        current.map((item) =>
          item.id === id ? { ...item, preparing: false, width: processed.width, height: processed.height, previewUrl: url } : item,
        ),
      );
      await queue.add(
        productId,
        id,
        processed,
        itemsRef.current.map((item) => item.id),
      );
    } catch {
      setItems((current) => current.map((item) => (item.id === id ? { ...item, preparing: false, unreadable: true } : item)));
    }
  };

  const abandoned = useRef(false);

  // One photo at a time: a phone has memory for one decoded camera picture, not six.
  const preparing = useRef(Promise.resolve());

  const add = (files: File[]) => {
    const room = Math.max(0, MAX_PRODUCT_PHOTOS - itemsRef.current.length);
    const taken = files.slice(0, room).map((file) => ({ file, id: crypto.randomUUID() }));
    if (taken.length > 0) {
      setItems((current) => [
        ...current,
        ...taken.map(({ id }): PhotoItem => ({ id, width: 0, height: 0, source: 'device', previewUrl: null, preparing: true })),
      ]);
      for (const { id, file } of taken) preparing.current = preparing.current.then(() => prepare(id, file));
    }
    return files.length - taken.length;
  };

  const move = (from: number, to: number) => {
    if (from === to || to < 0 || to >= itemsRef.current.length) return;
    setItems((current) => moved(current, from, to), true);
  };

  const remove = (photoId: string) => {
    const item = itemsRef.current.find((candidate) => candidate.id === photoId);
    if (!item) return;
    setItems((current) => current.filter((candidate) => candidate.id !== photoId), true);
    // A photo not attached yet has nothing to save: it leaves the queue (and Storage) now.
    if (!isAttached(item)) quietly(queue.discard(photoId));
  };

  const retry = (photoId: string) => quietly(queue.retry(photoId));

  const changes = (): PhotoChanges => {
    const kept = new Set(itemsRef.current.map((item) => item.id));
    const attachedHere = itemsRef.current.filter(isAttached);
    return {
      photos: attachedHere.map(({ id, width, height }) => ({ id, width, height })),
      sending: itemsRef.current
        .filter((item) => !isAttached(item) && !item.preparing && !item.unreadable)
        .map(({ id, width, height }) => ({ id, width, height })),
      order: itemsRef.current.map((item) => item.id),
      removedPhotoIds: [
        ...initial.filter((photo) => !kept.has(photo.id)).map((photo) => photo.id),
        // Photos that were attached while the form was open, then removed in it.
        ...[...queueAttachedRemoved.current].filter((id) => !kept.has(id)),
      ],
    };
  };

  // Device photos the queue attached, then removed in the form: their files go with the save too.
  const queueAttachedRemoved = useRef(new Set<string>());
  const trackedRemove = (photoId: string) => {
    const item = itemsRef.current.find((candidate) => candidate.id === photoId);
    if (item && item.source === 'device' && isAttached(item)) queueAttachedRemoved.current.add(photoId);
    remove(photoId);
  };

  const cancel = (isNew: boolean) => {
    abandoned.current = isNew;
    // A product never saved takes its photos with it; an edited one keeps its new photos but not the unsaved order.
    quietly(isNew ? queue.dropProduct(productId) : queue.setOrder(productId, null));
  };

  return { productId, items, status, isAttached, add, move, remove: trackedRemove, retry, changes, cancel };
}
