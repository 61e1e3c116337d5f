import type { PhotoFormat, PhotoVariantWidth } from './product-photo.ts';

/**
 * The photo the customer paid for: where its files live and how long the
 * customer's view of one lasts. Pure: the admin app, the order-page function
 * and the tests derive paths from here.
 *
 * The bucket is private: the customer gets a signed URL from order-page, never
 * a public address. Files are named by ids only, so a forwarded link or a file
 * name never tells the recipient who sent the flowers.
 */

export const ORDER_PHOTOS_BUCKET = 'order-photos';
/** How long the order page's signed URL opens the photo: long enough to look, short enough to be useless once shared. */
export const ORDER_PHOTO_URL_SECONDS = 600;
/** The file the customer sees (the pipeline makes 400/800/1600; the admin's thumbnails use 400). */
export const ORDER_PHOTO_SHOWN_WIDTH: PhotoVariantWidth = 1600;

export const ORDER_PHOTO_KINDS = ['before_dispatch', 'after_delivery'] as const;
export type OrderPhotoKind = (typeof ORDER_PHOTO_KINDS)[number];

export const ORDER_PHOTO_KIND_LABELS: Record<OrderPhotoKind, string> = {
  before_dispatch: 'Przed wysyłką',
  after_delivery: 'Po dostawie',
};

/** The service that promises a photo (src/domain/delivery-settings.ts). */
export const PHOTO_SERVICE_ID = 'photo-after-delivery';

const EXTENSION: Record<PhotoFormat, string> = { webp: 'webp', jpeg: 'jpg' };

/** orders/<order id>/<photo id>-<width>.webp (or .jpg): ids only, never a name or number. */
export function orderPhotoPath(orderId: string, photoId: string, target: PhotoVariantWidth, format: PhotoFormat = 'webp'): string {
  return `orders/${orderId}/${photoId}-${target}.${EXTENSION[format]}`;
}

/** The same photo's file of another width. */
export function orderPhotoVariant(path: string, target: PhotoVariantWidth): string {
  return path.replace(/-\d+\.(webp|jpg)$/, `-${target}.$1`);
}

/** The alt text a customer's screen reader hears: the order's number, never a name. */
export function orderPhotoAlt(orderNumber: string, kind: OrderPhotoKind): string {
  return kind === 'after_delivery' ? `Zdjęcie zamówienia ${orderNumber} po dostawie` : `Zdjęcie zamówienia ${orderNumber} przed wysyłką`;
}

export function isOrderPhotoKind(value: unknown): value is OrderPhotoKind {
  return typeof value === 'string' && (ORDER_PHOTO_KINDS as readonly string[]).includes(value);
}
