import {
  PHOTO_CONTENT_TYPE,
  photoFormatOfContentType,
  photoObjectPath,
  photoObjectPaths,
  storedPhoto,
  type PhotoFormat,
  type PhotoVariantWidth,
  type ProductPhoto,
} from '../../../domain/product-photo.ts';
import { AdminPhotosDb, type QueuedPhoto } from './photo-queue-db.ts';
import { PhotoAttachError, attachPhoto, removePhotoFiles, uploadAccess } from './photos-api.ts';
import type { ProcessedPhoto } from './process-photo.ts';
import { PhotoUploadError, uploadPhotoFile, type UploadOutcome } from './upload-photo-file.ts';

/**
 * The owner's photos on their way to the server. A processed photo is stored
 * on the device first (so a closed form, a reload or a lost connection loses
 * nothing), then its three files are uploaded, then it is attached to its
 * product with attach_product_photo. A failed send waits and tries again
 * with a growing pause; a photo of a product not saved yet waits for it.
 */

export type PhotoSendPhase = 'waiting' | 'uploading' | 'attaching' | 'attached' | 'failed';

export interface PhotoSendStatus {
  phase: PhotoSendPhase;
  /** 0..1 of the photo's bytes uploaded. */
  progress: number;
  /** The owner's words for a refusal ('failed'). */
  failure?: string;
}

/** How a photo's files are named in its bucket: a product's by default, an order's in the order-photo queue. */
export interface PhotoFileNames {
  one: (subjectId: string, photoId: string, target: PhotoVariantWidth, format: PhotoFormat) => string;
  all: (subjectId: string, photoId: string, format: PhotoFormat) => string[];
}

const PRODUCT_FILE_NAMES: PhotoFileNames = { one: photoObjectPath, all: photoObjectPaths };

export interface PhotoQueueDeps {
  db: AdminPhotosDb;
  upload: (path: string, file: Blob, onProgress: (loaded: number) => void, signal: AbortSignal) => Promise<UploadOutcome>;
  /** Answers the product's photos as they now are (an order's queue answers none, and gets the photo's kind). */
  attach: (productId: string, photo: ProductPhoto, order: string[] | null, kind?: string) => Promise<ProductPhoto[]>;
  /** Absent: product photo names. */
  fileNames?: PhotoFileNames;
  removeFiles: (paths: string[]) => Promise<void>;
  online: () => boolean;
  now: () => number;
  /** Runs `task` after `delayMs`; returns its cancel. */
  schedule: (task: () => void, delayMs: number) => () => void;
}

const RETRY_BASE_MS = 2_000;
const RETRY_MAX_MS = 60_000;
/** How long a photo waits for its product to be saved. */
const ORPHAN_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

/** The pause after the n-th failed send: 2 s, 4 s, 8 s … at most a minute. */
export function retryDelay(attempts: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

export const PHOTO_FAILURES = {
  tooMany: 'Produkt ma już 6 zdjęć.',
  refused: 'Serwer odrzucił to zdjęcie.',
} as const;

/** A refusal no retry will change; anything else (a lost connection, a product not saved yet, a server hiccup) is retried. */
function permanentFailure(error: unknown): string | null {
  if (error instanceof PhotoUploadError && error.kind === 'refused') return PHOTO_FAILURES.refused;
  if (error instanceof PhotoAttachError && error.kind === 'too_many') return PHOTO_FAILURES.tooMany;
  if (error instanceof PhotoAttachError && error.kind === 'refused') return PHOTO_FAILURES.refused;
  return null;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** A queued photo's format: all its files share it (WebP, or JPEG from a browser without a WebP encoder). */
function recordFormat(record: QueuedPhoto) {
  return photoFormatOfContentType(record.files[0]?.type ?? PHOTO_CONTENT_TYPE);
}

export class PhotoQueue {
  private readonly statuses = new Map<string, PhotoSendStatus>();
  private readonly listeners = new Set<() => void>();
  private readonly attachedListeners = new Set<(productId: string, photos: ProductPhoto[]) => void>();
  private readonly inFlight = new Map<string, AbortController>();
  private readonly discarded = new Set<string>();
  private running: Promise<void> | null = null;
  private runAgain = false;
  private cancelTimer: (() => void) | null = null;

  private readonly names: PhotoFileNames;

  constructor(private readonly deps: PhotoQueueDeps) {
    this.names = deps.fileNames ?? PRODUCT_FILE_NAMES;
  }

  /** The device's table; without IndexedDB at all nothing can wait here, and Dexie is not even asked (it would report the refusal as unhandled). */
  private get photos(): PhotoQueueDeps['db']['photos'] {
    if (typeof indexedDB === 'undefined') throw new Error('No IndexedDB on this device');
    return this.deps.db.photos;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called with a product's photos each time one of them was attached (the products list shows the new main photo). */
  onAttached(listener: (productId: string, photos: ProductPhoto[]) => void): () => void {
    this.attachedListeners.add(listener);
    return () => this.attachedListeners.delete(listener);
  }

  status(photoId: string): PhotoSendStatus | undefined {
    return this.statuses.get(photoId);
  }

  private setStatus(photoId: string, status: PhotoSendStatus): void {
    const current = this.statuses.get(photoId);
    if (current && current.phase === status.phase && current.progress === status.progress && current.failure === status.failure) return;
    this.statuses.set(photoId, status);
    this.listeners.forEach((listener) => listener());
  }

  /** Stores a processed photo of `productId` (an order's id in the order-photo queue) on the device and starts sending it. */
  async add(productId: string, photoId: string, photo: ProcessedPhoto, order: string[] | null, kind?: string): Promise<void> {
    const files = await Promise.all(
      photo.variants.map(async (variant) => ({
        target: variant.target,
        type: variant.blob.type || PHOTO_CONTENT_TYPE,
        bytes: await variant.blob.arrayBuffer(),
        uploaded: false,
      })),
    );
    await this.photos.put({
      photoId,
      productId,
      width: photo.width,
      height: photo.height,
      files,
      order,
      ...(kind ? { kind } : {}),
      createdAt: this.deps.now(),
      attempts: 0,
      nextAttemptAt: 0,
    });
    this.setStatus(photoId, { phase: 'waiting', progress: 0 });
    void this.run();
  }

  /** The photos of a product still on the device, oldest first (a reopened form shows them). */
  async pending(productId: string): Promise<QueuedPhoto[]> {
    return this.photos.where('productId').equals(productId).sortBy('createdAt');
  }

  /** The order the owner now wants; each photo still to attach passes it on. */
  async setOrder(productId: string, order: string[] | null): Promise<void> {
    await this.photos.where('productId').equals(productId).modify({ order });
  }

  /** Forgets a photo (the owner removed it before it was attached) and removes whatever of it reached Storage. */
  async discard(photoId: string): Promise<void> {
    this.discarded.add(photoId);
    const wasSending = this.inFlight.has(photoId);
    this.inFlight.get(photoId)?.abort();
    const record = await this.photos.get(photoId);
    await this.photos.delete(photoId);
    this.statuses.delete(photoId);
    this.listeners.forEach((listener) => listener());
    // An aborted upload may still have landed, so every name goes, not only those marked uploaded.
    if (record && (wasSending || record.files.some((file) => file.uploaded))) {
      await this.deps.removeFiles(this.names.all(record.productId, photoId, recordFormat(record))).catch(() => undefined);
    }
  }

  /** Drops every waiting photo of a product that will not exist (its new-product form was cancelled, or it was deleted). */
  async dropProduct(productId: string): Promise<void> {
    const records = await this.pending(productId);
    await Promise.all(records.map((record) => this.discard(record.photoId)));
  }

  /** The product was just saved: photos waiting for it try at once instead of after their pause. */
  async retryProduct(productId: string): Promise<void> {
    await this.photos.where('productId').equals(productId).modify({ nextAttemptAt: 0 });
    return this.run();
  }

  /**
   * After a save wrote a product's photo list: a photo attached while the
   * save was on its way may have been written over by it, so the ones the
   * queue attached meanwhile are attached again (a no-op when still there).
   */
  async afterSave(productId: string, sending: ProductPhoto[], order: string[]): Promise<void> {
    for (const photo of sending) {
      if (this.statuses.get(photo.id)?.phase !== 'attached') continue;
      const photos = await this.deps.attach(productId, photo, order);
      this.attachedListeners.forEach((listener) => listener(productId, photos));
    }
    await this.retryProduct(productId);
  }

  /** The owner asks to try a refused photo again. */
  async retry(photoId: string): Promise<void> {
    await this.photos.update(photoId, { failure: undefined, attempts: 0, nextAttemptAt: 0 });
    this.setStatus(photoId, { phase: 'waiting', progress: this.statuses.get(photoId)?.progress ?? 0 });
    return this.run();
  }

  /** Sends what may go now; one pass at a time (a call during a pass runs another after it). */
  run(): Promise<void> {
    if (this.running) {
      this.runAgain = true;
      return this.running;
    }
    // No IndexedDB (a private window that refuses it): nothing can wait on this device, and nothing waits.
    this.running = this.pass()
      .catch(() => undefined)
      .finally(() => {
        this.running = null;
        if (this.runAgain) {
          this.runAgain = false;
          void this.run();
        }
      });
    return this.running;
  }

  private async pass(): Promise<void> {
    this.cancelTimer?.();
    this.cancelTimer = null;
    const records = await this.photos.orderBy('createdAt').toArray();
    let wakeAt = Infinity;
    for (const record of records) {
      if (this.discarded.has(record.photoId)) continue;
      if (record.failure) {
        this.setStatus(record.photoId, { phase: 'failed', progress: this.uploadedShare(record), failure: record.failure });
        continue;
      }
      if (!this.deps.online() || record.nextAttemptAt > this.deps.now()) {
        this.setStatus(record.photoId, { phase: 'waiting', progress: this.uploadedShare(record) });
        // Offline the 'online' event wakes the queue; a pause its timer.
        if (this.deps.online()) wakeAt = Math.min(wakeAt, record.nextAttemptAt);
        continue;
      }
      const retryAt = await this.send(record);
      if (retryAt !== null) wakeAt = Math.min(wakeAt, retryAt);
    }
    if (wakeAt < Infinity && this.deps.online()) {
      this.cancelTimer = this.deps.schedule(() => void this.run(), Math.max(0, wakeAt - this.deps.now()));
    }
  }

  private uploadedShare(record: QueuedPhoto): number {
    const total = record.files.reduce((sum, file) => sum + file.bytes.byteLength, 0);
    const done = record.files.reduce((sum, file) => sum + (file.uploaded ? file.bytes.byteLength : 0), 0);
    return total === 0 ? 0 : done / total;
  }

  /** Uploads what is missing, then attaches; answers when to try again (null: done or refused). */
  private async send(record: QueuedPhoto): Promise<number | null> {
    const { photoId, productId } = record;
    const controller = new AbortController();
    this.inFlight.set(photoId, controller);
    const total = record.files.reduce((sum, file) => sum + file.bytes.byteLength, 0) || 1;
    try {
      let done = record.files.reduce((sum, file) => sum + (file.uploaded ? file.bytes.byteLength : 0), 0);
      this.setStatus(photoId, { phase: 'uploading', progress: done / total });
      for (const file of record.files) {
        if (file.uploaded) continue;
        const base = done;
        await this.deps.upload(
          this.names.one(productId, photoId, file.target, photoFormatOfContentType(file.type)),
          new Blob([file.bytes], { type: file.type }),
          (loaded) => this.setStatus(photoId, { phase: 'uploading', progress: Math.min(1, (base + loaded) / total) }),
          controller.signal,
        );
        file.uploaded = true;
        done += file.bytes.byteLength;
        if (this.discarded.has(photoId)) return null;
        await this.photos.update(photoId, { files: record.files });
      }
      this.setStatus(photoId, { phase: 'attaching', progress: 1 });
      // The owner may have reordered while the files went up: attach with the latest order.
      const latest = await this.photos.get(photoId);
      if (!latest || this.discarded.has(photoId)) return null;
      const photos = await this.deps.attach(
        productId,
        storedPhoto(photoId, record.width, record.height, recordFormat(record)),
        latest.order,
        // A product photo has no kind: its attach is called with the three arguments it always had.
        ...(latest.kind ? [latest.kind] : []),
      );
      await this.photos.delete(photoId);
      this.setStatus(photoId, { phase: 'attached', progress: 1 });
      this.attachedListeners.forEach((listener) => listener(productId, photos));
      return null;
    } catch (error) {
      if (this.discarded.has(photoId) || isAbort(error)) return null;
      const failure = permanentFailure(error);
      if (failure) {
        await this.photos.update(photoId, { failure, files: record.files });
        this.setStatus(photoId, { phase: 'failed', progress: this.uploadedShare(record), failure });
        return null;
      }
      // A photo of a product that never came to be (the app closed on an unsaved new-product form) does not wait forever.
      if (error instanceof PhotoAttachError && error.kind === 'product_missing' && this.deps.now() - record.createdAt > ORPHAN_AFTER_MS) {
        await this.discard(photoId);
        return null;
      }
      const attempts = record.attempts + 1;
      const nextAttemptAt = this.deps.now() + retryDelay(attempts);
      await this.photos.update(photoId, { attempts, nextAttemptAt, files: record.files });
      this.setStatus(photoId, { phase: 'waiting', progress: this.uploadedShare(record) });
      return nextAttemptAt;
    } finally {
      this.inFlight.delete(photoId);
    }
  }
}

/** The browser's clock and connection, as every queue of the admin app uses them. */
export const BROWSER_QUEUE_CLOCK: Pick<PhotoQueueDeps, 'online' | 'now' | 'schedule'> = {
  online: () => navigator.onLine,
  now: () => Date.now(),
  schedule: (task, delayMs) => {
    const timer = setTimeout(task, delayMs);
    return () => clearTimeout(timer);
  },
};

/** Sends what waits in `queue`, now and whenever the device comes back online (once per queue). */
export function keepSending(queue: PhotoQueue): PhotoQueue {
  if (!sending.has(queue)) {
    sending.add(queue);
    window.addEventListener('online', () => void queue.run());
    void queue.run();
  }
  return queue;
}

const sending = new WeakSet<PhotoQueue>();
let queue: PhotoQueue | undefined;

/** The app's one queue, sending as the signed-in owner. */
export function photoQueue(): PhotoQueue {
  queue ??= new PhotoQueue({
    db: new AdminPhotosDb(),
    upload: async (path, file, onProgress, signal) =>
      uploadPhotoFile(await uploadAccess(), path, file, { onProgress: (loaded) => onProgress(loaded), signal }),
    attach: (productId, photo, order) => attachPhoto(productId, photo, order),
    removeFiles: removePhotoFiles,
    ...BROWSER_QUEUE_CLOCK,
  });
  return queue;
}

/** Starts sending what waits, now and whenever the device comes back online (call on the admin app's start). */
export function startPhotoQueue(): PhotoQueue {
  return keepSending(photoQueue());
}
