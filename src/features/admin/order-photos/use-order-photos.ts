import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { isOrderPhotoKind, type OrderPhotoKind } from '../../../domain/order-photo.ts';
import { processPhoto } from '../photos/process-photo.ts';
import type { PhotoSendStatus } from '../photos/photo-queue.ts';
import { startOrderPhotoQueue } from './order-photo-queue.ts';
import { listOrderPhotos, type OwnerOrderPhoto } from './order-photos-api.ts';

/** A photo taken on this device that is not (known to be) on the server yet. */
export interface DevicePhoto {
  id: string;
  kind: OrderPhotoKind;
  previewUrl: string;
  width: number;
  height: number;
}

export type ServerPhotos = { state: 'loading' } | { state: 'error' } | { state: 'loaded'; photos: OwnerOrderPhoto[] };

export const UNREADABLE_PHOTO = 'Nie udało się odczytać tego pliku jako zdjęcia. Zrób zdjęcie jeszcze raz.';

/**
 * An order's photos for the owner: those on the server (when `withServer`),
 * those still on the device with their sending status, and `take`, which
 * prepares a camera file (resized, EXIF and GPS gone) and queues it.
 */
export function useOrderPhotos(orderId: string, { withServer }: { withServer: boolean }) {
  const [queue] = useState(startOrderPhotoQueue);
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const [server, setServer] = useState<ServerPhotos>({ state: 'loading' });
  const [device, setDevice] = useState<DevicePhoto[]>([]);
  const [preparing, setPreparing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const urls = useRef<string[]>([]);

  const preview = (blob: Blob) => {
    const url = URL.createObjectURL(blob);
    urls.current.push(url);
    return url;
  };

  const reload = useCallback(() => {
    if (!withServer) return;
    listOrderPhotos(orderId).then(
      (photos) => setServer({ state: 'loaded', photos }),
      () => setServer({ state: 'error' }),
    );
  }, [orderId, withServer]);

  useEffect(() => {
    let live = true;
    reload();
    // Photos taken earlier (perhaps offline, perhaps before a reload) that still wait on this device.
    queue.pending(orderId).then(
      (records) =>
        live &&
        setDevice(
          records.map((record) => ({
            id: record.photoId,
            kind: isOrderPhotoKind(record.kind) ? record.kind : 'before_dispatch',
            previewUrl: preview(new Blob([record.files[0]!.bytes], { type: record.files[0]!.type })),
            width: record.width,
            height: record.height,
          })),
        ),
      () => undefined,
    );
    const created = urls.current;
    return () => {
      live = false;
      created.forEach((url) => URL.revokeObjectURL(url));
    };
  }, [orderId, queue, reload]);

  // A photo that reached the server shows among the server's photos (without them, it stays here as 'Wysłane').
  useEffect(
    () =>
      queue.subscribe(() => {
        rerender();
        if (withServer && device.some((photo) => queue.status(photo.id)?.phase === 'attached')) {
          setDevice((current) => current.filter((photo) => queue.status(photo.id)?.phase !== 'attached'));
          reload();
        }
      }),
    [queue, device, reload, withServer],
  );

  const take = async (file: File, kind: OrderPhotoKind): Promise<boolean> => {
    setPreparing(true);
    setError(null);
    try {
      const processed = await processPhoto(file);
      const id = crypto.randomUUID();
      await queue.add(orderId, id, processed, null, kind);
      const smallest = processed.variants[0]!.blob;
      setDevice((current) => [...current, { id, kind, previewUrl: preview(smallest), width: processed.width, height: processed.height }]);
      return true;
    } catch {
      setError(UNREADABLE_PHOTO);
      return false;
    } finally {
      setPreparing(false);
    }
  };

  const status = (photoId: string): PhotoSendStatus | undefined => queue.status(photoId);
  const retry = (photoId: string) => void queue.retry(photoId);

  return { server, device, preparing, error, take, status, retry };
}
