import { ORDER_PHOTOS_BUCKET, ORDER_PHOTO_URL_SECONDS, orderPhotoPath } from '../../../domain/order-photo.ts';
import { PHOTO_VARIANT_WIDTHS } from '../../../domain/product-photo.ts';
import { AdminPhotosDb } from '../photos/photo-queue-db.ts';
import { BROWSER_QUEUE_CLOCK, PhotoQueue, keepSending } from '../photos/photo-queue.ts';
import { uploadAccess } from '../photos/photos-api.ts';
import { uploadPhotoFile } from '../photos/upload-photo-file.ts';
import { attachOrderPhoto, removeOrderPhotoFiles } from './order-photos-api.ts';

/**
 * Order photos go through the product photos' queue (stored on the device,
 * retried, progress per photo), in a database of their own so neither list
 * mixes with the other, into the private bucket under the order's id.
 */

let queue: PhotoQueue | undefined;

export function orderPhotoQueue(): PhotoQueue {
  queue ??= new PhotoQueue({
    db: new AdminPhotosDb('kwiaciarnia-admin-order-photos'),
    upload: async (path, file, onProgress, signal) =>
      uploadPhotoFile(await uploadAccess(), path, file, {
        onProgress: (loaded) => onProgress(loaded),
        signal,
        bucket: ORDER_PHOTOS_BUCKET,
        // A private photo is not kept in a browser's cache longer than the page's link to it lasts.
        cacheControlSeconds: ORDER_PHOTO_URL_SECONDS,
      }),
    attach: (orderId, photo, _order, kind) => attachOrderPhoto(orderId, photo, kind),
    removeFiles: removeOrderPhotoFiles,
    fileNames: {
      one: orderPhotoPath,
      all: (orderId, photoId, format) => PHOTO_VARIANT_WIDTHS.map((width) => orderPhotoPath(orderId, photoId, width, format)),
    },
    ...BROWSER_QUEUE_CLOCK,
  });
  return queue;
}

/** Call on the admin app's start: photos taken offline go out whichever screen is open. */
export function startOrderPhotoQueue(): PhotoQueue {
  return keepSending(orderPhotoQueue());
}
