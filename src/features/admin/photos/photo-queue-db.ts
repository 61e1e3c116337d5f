import { Dexie, type EntityTable } from 'dexie';
import type { PhotoVariantWidth } from '../../../domain/product-photo.ts';

/**
 * The owner's device queue of photos not yet on the server. Its own
 * database, imported only by the admin app, so Dexie tables the shop never
 * uses stay out of the storefront's database and bundle.
 */

export interface QueuedPhotoFile {
  target: PhotoVariantWidth;
  type: string;
  /** The processed WebP bytes (an ArrayBuffer clones into IndexedDB on every engine, where a Blob has not always). */
  bytes: ArrayBuffer;
  /** Already in Storage: a retry skips it. */
  uploaded: boolean;
}

export interface QueuedPhoto {
  photoId: string;
  /** The product's id; in the order-photo queue (its own database) the order's. */
  productId: string;
  /** An order photo's kind (before_dispatch, after_delivery); absent for a product photo. */
  kind?: string;
  /** Size of the largest file, as products.photos stores it. */
  width: number;
  height: number;
  files: QueuedPhotoFile[];
  /** The photo order the owner chose in the form, passed to attach_product_photo; null keeps the server's. */
  order: string[] | null;
  createdAt: number;
  /** Failed sends so far (the backoff grows with them). */
  attempts: number;
  /** Epoch ms before which the queue leaves this photo alone. */
  nextAttemptAt: number;
  /** Set when the server refused the photo for good: it waits for the owner (retry or remove). */
  failure?: string;
}

export class AdminPhotosDb extends Dexie {
  photos!: EntityTable<QueuedPhoto, 'photoId'>;

  constructor(name = 'kwiaciarnia-admin-photos') {
    super(name);
    this.version(1).stores({ photos: 'photoId, productId, createdAt' });
  }
}
