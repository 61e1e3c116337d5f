import { isProductPhotoList, photoObjectPaths, type ProductPhoto } from './product-photo.ts';

/**
 * The home page's own photo, uploaded in the settings ('Zdjęcie na stronie
 * głównej'): made and stored as a product photo is, in the folder of a
 * product that never exists, so the shop's picture code, the service worker's
 * cache rule and the bucket's policies serve it unchanged. The setting keeps
 * the photo as products.photos keeps one. Docs/decisions/042-hero-photo-setting.md.
 */

export const HERO_PHOTO_SETTING = 'hero_photo';
/** Where its files are: products/hero/<photo id>-{400,800,1600}.webp; no product id is a word. */
export const HERO_PHOTO_SUBJECT = 'hero';

/** The photo a stored value names, or null for none ('') or anything the storefront could not draw. */
export function parseHeroPhoto(value: unknown): ProductPhoto | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    const photo: unknown = JSON.parse(value);
    return isProductPhotoList([photo]) ? (photo as ProductPhoto) : null;
  } catch {
    return null;
  }
}

/** The setting's value for a photo; '' for none. */
export function heroPhotoValue(photo: ProductPhoto | null): string {
  return photo ? JSON.stringify(photo) : '';
}

/** The hero photo's value among settings rows (the public_settings view's shape). */
export function heroPhotoOfRows(rows: unknown): ProductPhoto | null {
  if (!Array.isArray(rows)) return null;
  const row: unknown = rows.find((candidate: unknown) => (candidate as { key?: unknown } | null)?.key === HERO_PHOTO_SETTING);
  return parseHeroPhoto((row as { value?: unknown } | undefined)?.value);
}

/** Every file of the photo, to remove when the owner replaces or removes it. */
export function heroPhotoPaths(photo: ProductPhoto): string[] {
  return photoObjectPaths(HERO_PHOTO_SUBJECT, photo.id, photo.format ?? 'webp');
}

/** What the hero shows as a picture: the owner's own photo as a product picture, with no product behind it. */
export function heroPicture(photo: ProductPhoto): { id: string; photos: ProductPhoto[] } {
  return { id: HERO_PHOTO_SUBJECT, photos: [photo] };
}
