import { PHOTO_VARIANT_WIDTHS, variantSize, type PhotoVariantWidth } from '../../../domain/product-photo.ts';

/**
 * Turns the owner's camera file into the three WebP files the shop serves.
 * Decoding through createImageBitmap with imageOrientation 'from-image'
 * applies the EXIF orientation; drawing onto a canvas and encoding anew keeps
 * only pixels, so EXIF, GPS and every other metadata block stay behind.
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
  /** One per PHOTO_VARIANT_WIDTHS entry, smallest first. */
  variants: ProcessedVariant[];
}

/** WebP quality per target: smaller files carry less detail anyway. */
const QUALITY: Record<PhotoVariantWidth, number> = { 400: 0.72, 800: 0.75, 1600: 0.78 };

export class PhotoProcessingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PhotoProcessingError';
  }
}

async function encode(bitmap: ImageBitmap, width: number, height: number, quality: number): Promise<Blob> {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) throw new PhotoProcessingError('No 2d context');
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    return canvas.convertToBlob({ type: 'image/webp', quality });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new PhotoProcessingError('No 2d context');
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new PhotoProcessingError('Encoding failed'))), 'image/webp', quality),
  );
}

/** Decodes, orients, resizes and re-encodes one photo (main thread or worker). */
export async function processPhoto(file: Blob): Promise<ProcessedPhoto> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new PhotoProcessingError('Not a decodable image');
  }
  try {
    const largest = variantSize({ width: bitmap.width, height: bitmap.height }, 1600);
    const variants: ProcessedVariant[] = [];
    for (const target of PHOTO_VARIANT_WIDTHS) {
      const size = variantSize(largest, target);
      const blob = await encode(bitmap, size.width, size.height, QUALITY[target]);
      if (blob.type !== 'image/webp') throw new PhotoProcessingError('This browser cannot encode WebP');
      variants.push({ target, ...size, blob });
    }
    return { ...largest, variants };
  } finally {
    bitmap.close();
  }
}
