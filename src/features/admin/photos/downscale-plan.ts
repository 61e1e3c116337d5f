import { PHOTO_VARIANT_WIDTHS, variantSize, type PhotoVariantWidth } from '../../../domain/product-photo.ts';

/**
 * How a photo is shrunk to its three files, as a list of draws. A canvas
 * draw that shrinks by more than half skips source pixels (aliasing: fine
 * stems and lace turn into jagged stripes), so a large photo is first halved
 * until one more halving would pass the largest file's size, and each
 * smaller file is drawn from the next larger one (1600 → 800 → 400), never
 * from the full photo. Every draw therefore shrinks by at most half.
 */

export interface Size {
  width: number;
  height: number;
}

export interface DownscalePlan {
  /** Size of the largest file, as products.photos stores it. */
  largest: Size;
  /** Intermediate halvings from the decoded photo towards the largest file (often none). */
  halvings: Size[];
  /** The files, largest first: each drawn from the one before (the first from the last halving or the photo). */
  variants: Array<{ target: PhotoVariantWidth } & Size>;
}

export function downscalePlan(photo: Size): DownscalePlan {
  const largest = variantSize(photo, 1600);
  const halvings: Size[] = [];
  let current = photo;
  while (current.width / 2 >= largest.width && current.height / 2 >= largest.height) {
    current = { width: Math.round(current.width / 2), height: Math.round(current.height / 2) };
    halvings.push(current);
  }
  const variants = [...PHOTO_VARIANT_WIDTHS].reverse().map((target) => ({ target, ...variantSize(largest, target) }));
  return { largest, halvings, variants };
}
