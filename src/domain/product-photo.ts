/**
 * Product photos: what a product row stores about each photo, and
 * the one rule that names its files and builds its addresses. Pure: the shop,
 * the admin app, the service worker and the tests all derive paths from here.
 *
 * A photo is stored as three WebP files of fixed target widths. A photo
 * smaller than a target keeps its own width in that file (never upscaled),
 * so a variant's real width is min(target, photo width).
 */

export const PRODUCT_IMAGES_BUCKET = 'product-images';
export const MAX_PRODUCT_PHOTOS = 6;
/** Target widths of the three files, smallest first. */
export const PHOTO_VARIANT_WIDTHS = [400, 800, 1600] as const;
export type PhotoVariantWidth = (typeof PHOTO_VARIANT_WIDTHS)[number];
/** Files never change under a name (a new photo gets a new id), so caches may keep them for a year. */
export const PHOTO_CACHE_CONTROL_SECONDS = 31_536_000;
export const PHOTO_CONTENT_TYPE = 'image/webp';

/**
 * The files' format. WebP wherever the browser can encode it; Safari's canvas
 * cannot (it answers a WebP request with PNG), so a photo prepared on an
 * iPhone is stored as JPEG instead and says so in its `format`.
 */
export type PhotoFormat = 'webp' | 'jpeg';
const FORMAT_EXTENSION: Record<PhotoFormat, string> = { webp: 'webp', jpeg: 'jpg' };
export const PHOTO_FORMAT_CONTENT_TYPE: Record<PhotoFormat, string> = { webp: PHOTO_CONTENT_TYPE, jpeg: 'image/jpeg' };

/** One photo as products.photos stores it; the array's first photo is the main one. */
export interface ProductPhoto {
  /** A UUID chosen by the device that took the photo; names its files. */
  id: string;
  /** Size of the largest file (≤ 1600 wide), after EXIF orientation was applied. */
  width: number;
  height: number;
  /** Only for JPEG files (absent: WebP), so every earlier row stays valid. */
  format?: 'jpeg';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value read from the server or the device is a usable photo list (unknown shapes are ignored). */
export function isProductPhotoList(value: unknown): value is ProductPhoto[] {
  return (
    Array.isArray(value) &&
    value.length <= MAX_PRODUCT_PHOTOS &&
    value.every(
      (photo: unknown) =>
        typeof photo === 'object' &&
        photo !== null &&
        'id' in photo &&
        typeof photo.id === 'string' &&
        UUID.test(photo.id) &&
        'width' in photo &&
        Number.isInteger(photo.width) &&
        (photo.width as number) > 0 &&
        'height' in photo &&
        Number.isInteger(photo.height) &&
        (photo.height as number) > 0 &&
        (!('format' in photo) || photo.format === 'jpeg'),
    )
  );
}

/** The photos of a product row (absent on rows stored before photos existed). */
export function productPhotos(product: { photos?: unknown }): ProductPhoto[] {
  return isProductPhotoList(product.photos) ? product.photos : [];
}

/** A stored photo's format. */
export function photoFormat(photo: Pick<ProductPhoto, 'format'>): PhotoFormat {
  return photo.format ?? 'webp';
}

/** The object path of one file inside the bucket: products/<product>/<photo>-<target>.webp (or .jpg). */
export function photoObjectPath(productId: string, photoId: string, target: PhotoVariantWidth, format: PhotoFormat = 'webp'): string {
  return `products/${productId}/${photoId}-${target}.${FORMAT_EXTENSION[format]}`;
}

/** Every file of a photo, for upload and removal. */
export function photoObjectPaths(productId: string, photoId: string, format: PhotoFormat = 'webp'): string[] {
  return PHOTO_VARIANT_WIDTHS.map((target) => photoObjectPath(productId, photoId, target, format));
}

/** The format of a file by its content type (what the photo queue stores). */
export function photoFormatOfContentType(contentType: string): PhotoFormat {
  return contentType === PHOTO_FORMAT_CONTENT_TYPE.jpeg ? 'jpeg' : 'webp';
}

/** A photo as products.photos stores it: `format` only for JPEG. */
export function storedPhoto(id: string, width: number, height: number, format: PhotoFormat): ProductPhoto {
  return format === 'jpeg' ? { id, width, height, format } : { id, width, height };
}

/** The real size of a photo's file for a target width (never upscaled; height keeps the ratio). */
export function variantSize(photo: Pick<ProductPhoto, 'width' | 'height'>, target: PhotoVariantWidth): { width: number; height: number } {
  const width = Math.min(target, photo.width);
  return { width, height: Math.max(1, Math.round((photo.height * width) / photo.width)) };
}

/** The public address of a file: the Storage API's public read path (no token, cacheable). */
export function photoPublicUrl(backendUrl: string, objectPath: string): string {
  return `${backendUrl.replace(/\/+$/, '')}/storage/v1/object/public/${PRODUCT_IMAGES_BUCKET}/${objectPath}`;
}

/** The path prefix of every public product photo address, for the service worker's cache rule. */
export const PHOTO_PUBLIC_PATH_PREFIX = `/storage/v1/object/public/${PRODUCT_IMAGES_BUCKET}/`;

export interface PhotoImageAttributes {
  src: string;
  srcSet: string;
  width: number;
  height: number;
}

/**
 * What an <img> needs for a photo: the files as a srcset with real widths
 * (duplicates dropped when the photo is small), the 800 file as src.
 * `largest` leaves the bigger files out (a phone's <source>, to stay within
 * its byte budget at a high pixel density).
 */
export function photoImageAttributes(
  backendUrl: string,
  productId: string,
  photo: ProductPhoto,
  largest: PhotoVariantWidth = 1600,
): PhotoImageAttributes {
  const seen = new Set<number>();
  const candidates: string[] = [];
  for (const target of PHOTO_VARIANT_WIDTHS) {
    if (target > largest) break;
    const { width } = variantSize(photo, target);
    if (seen.has(width)) continue;
    seen.add(width);
    candidates.push(`${photoPublicUrl(backendUrl, photoObjectPath(productId, photo.id, target, photoFormat(photo)))} ${width}w`);
  }
  return {
    src: photoPublicUrl(backendUrl, photoObjectPath(productId, photo.id, 800, photoFormat(photo))),
    srcSet: candidates.join(', '),
    width: photo.width,
    height: photo.height,
  };
}
