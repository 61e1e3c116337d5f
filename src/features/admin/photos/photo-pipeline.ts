import { PHOTO_FORMAT_CONTENT_TYPE, type PhotoFormat, type PhotoVariantWidth } from '../../../domain/product-photo.ts';
import { downscalePlan, type Size } from './downscale-plan.ts';

/**
 * Decodes, orients, shrinks and re-encodes one photo, in the photo worker or,
 * where a browser has no worker with OffscreenCanvas, on the main thread.
 *
 * Decoding with imageOrientation 'from-image' applies the EXIF orientation
 * to the pixels; drawing onto a canvas and encoding anew keeps only those
 * pixels, so EXIF (GPS included), XMP and every other metadata block of the
 * camera file stay behind.
 *
 * Memory on a cheap phone: a 4000×3000 photo is 48 MB decoded. The decoded
 * photo is closed after its first draw, and every canvas is emptied (its
 * size set to 0) as soon as the next smaller one is drawn from it, so at
 * most two canvases live at a time and no full-size canvas ever exists.
 */

export interface ProcessedVariant {
  /** The target the file is named after. */
  target: PhotoVariantWidth;
  /** Its real size (smaller than the target for a small photo). */
  width: number;
  height: number;
  blob: Blob;
}

export interface ProcessedPhoto {
  /** Size of the largest variant, as products.photos stores it. */
  width: number;
  height: number;
  /** WebP, or JPEG where the browser cannot encode WebP (Safari); every variant has it. */
  format: PhotoFormat;
  /** One per PHOTO_VARIANT_WIDTHS entry, smallest first. */
  variants: ProcessedVariant[];
}

/** Why a photo could not be prepared: not an image (or a damaged one), or a browser whose canvas can make neither WebP nor JPEG. */
export type PhotoFailureReason = 'undecodable' | 'unsupported';

export class PhotoProcessingError extends Error {
  constructor(
    message: string,
    readonly reason: PhotoFailureReason = 'undecodable',
  ) {
    super(message);
    this.name = 'PhotoProcessingError';
  }
}

/**
 * WebP quality per target, tuned in bench/photos.ts on a photo-like
 * 4000×3000 JPEG of 4.9 MB (Chromium's libwebp): 1600 → 162 KB of the 250 KB
 * budget, 400 → 19 KB of 30 KB, leaving room for busier photos than the
 * benchmark's. The 800 file is what a phone's product page loads first
 * (the LCP image, budget 60 KB), so it is pressed harder: 53 KB.
 * Above 0.75 libwebp's files grow by a sixth per step with little to see.
 */
export const PHOTO_QUALITY: Readonly<Record<PhotoVariantWidth, number>> = { 400: 0.75, 800: 0.7, 1600: 0.75 };

/**
 * JPEG quality per target for a browser without a WebP encoder (Safari's
 * canvas answers a WebP request with PNG). JPEG needs more bytes for the same
 * look, so it is pressed harder to stay within the same budgets: on the bench
 * photo (Chromium's encoder, bench/photos.ts) 1600 → 223 KB, 800 → 58 KB,
 * 400 → 23 KB. Safari's own encoder was not measured here.
 */
export const PHOTO_JPEG_QUALITY: Readonly<Record<PhotoVariantWidth, number>> = { 400: 0.72, 800: 0.56, 1600: 0.66 };

type Surface = OffscreenCanvas | HTMLCanvasElement;

function surface(size: Size): Surface {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(size.width, size.height);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  return canvas;
}

/** Draws a source onto a new canvas of the given size with the browser's best resampling. */
function drawn(source: CanvasImageSource, size: Size): Surface {
  const target = surface(size);
  const context = target.getContext('2d');
  if (!context) throw new PhotoProcessingError('No 2d canvas context', 'unsupported');
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(source, 0, 0, size.width, size.height);
  return target;
}

/** Frees a canvas's pixels now rather than whenever the collector runs (Safari counts canvas memory per page). */
function release(canvas: Surface): void {
  canvas.width = 0;
  canvas.height = 0;
}

async function encode(canvas: Surface, format: PhotoFormat, quality: number): Promise<Blob | null> {
  const type = PHOTO_FORMAT_CONTENT_TYPE[format];
  const blob =
    'convertToBlob' in canvas
      ? await canvas.convertToBlob({ type, quality })
      : await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));
  // A browser without the encoder answers with PNG instead.
  return blob && blob.type === type ? blob : null;
}

/** The variant's file: WebP where the browser can, else JPEG (decided on the first file, kept for the rest). */
async function encodeVariant(
  canvas: Surface,
  target: PhotoVariantWidth,
  format: PhotoFormat,
): Promise<{ blob: Blob; format: PhotoFormat }> {
  if (format === 'webp') {
    const blob = await encode(canvas, 'webp', PHOTO_QUALITY[target]);
    if (blob) return { blob, format };
  }
  const blob = await encode(canvas, 'jpeg', PHOTO_JPEG_QUALITY[target]);
  if (!blob) throw new PhotoProcessingError('This browser can encode neither WebP nor JPEG', 'unsupported');
  return { blob, format: 'jpeg' };
}

export async function resizePhoto(file: Blob): Promise<ProcessedPhoto> {
  let photo: ImageBitmap;
  try {
    photo = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new PhotoProcessingError('Not a decodable image', 'undecodable');
  }
  const plan = downscalePlan({ width: photo.width, height: photo.height });
  let source: CanvasImageSource = photo;
  let previous: Surface | undefined;
  /** Draws the next step from the last one and frees the last one (the decoded photo after the first draw). */
  const step = (size: Size): Surface => {
    const canvas = drawn(source, size);
    if (previous) release(previous);
    else photo.close();
    previous = canvas;
    source = canvas;
    return canvas;
  };
  const variants: ProcessedVariant[] = [];
  let format: PhotoFormat = 'webp';
  try {
    for (const size of plan.halvings) step(size);
    for (const variant of plan.variants) {
      const canvas = step(variant);
      const file = await encodeVariant(canvas, variant.target, format);
      format = file.format;
      variants.unshift({ ...variant, blob: file.blob });
    }
  } finally {
    photo.close();
    if (previous) release(previous);
  }
  return { ...plan.largest, format, variants };
}
