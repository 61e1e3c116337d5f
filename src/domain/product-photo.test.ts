import { describe, expect, it } from 'vitest';
import { isProductPhotoList, photoImageAttributes, photoObjectPaths, photoPublicUrl, productPhotos, variantSize } from './product-photo.ts';

const PRODUCT = '0b7f6a58-3c5e-4b8e-9a57-1f0d2c3b4a59';
const PHOTO = { id: 'f3a1c2d4-5b6e-4f70-8a91-b2c3d4e5f607', width: 1600, height: 1200 };

describe('product photo files', () => {
  it('names three WebP files per photo under the product', () => {
    expect(photoObjectPaths(PRODUCT, PHOTO.id)).toEqual([
      `products/${PRODUCT}/${PHOTO.id}-400.webp`,
      `products/${PRODUCT}/${PHOTO.id}-800.webp`,
      `products/${PRODUCT}/${PHOTO.id}-1600.webp`,
    ]);
  });

  it('keeps the ratio and never upscales a small photo', () => {
    expect(variantSize(PHOTO, 400)).toEqual({ width: 400, height: 300 });
    expect(variantSize({ width: 600, height: 900 }, 800)).toEqual({ width: 600, height: 900 });
  });

  it('builds the public read address without a doubled slash', () => {
    expect(photoPublicUrl('https://abc.supabase.co/', 'products/a/b-400.webp')).toBe(
      'https://abc.supabase.co/storage/v1/object/public/product-images/products/a/b-400.webp',
    );
  });

  it('lists each real width once in srcset', () => {
    const small = photoImageAttributes('http://localhost:54321', PRODUCT, { ...PHOTO, width: 700, height: 700 });
    expect(small.srcSet.split(', ').map((candidate) => candidate.split(' ')[1])).toEqual(['400w', '700w']);
    const large = photoImageAttributes('http://localhost:54321', PRODUCT, PHOTO);
    expect(large.srcSet).toContain(`${PHOTO.id}-1600.webp 1600w`);
    expect(large.src).toContain(`${PHOTO.id}-800.webp`);
    expect([large.width, large.height]).toEqual([1600, 1200]);
  });

  it('leaves the files above `largest` out of the srcset', () => {
    const capped = photoImageAttributes('http://localhost:54321', PRODUCT, PHOTO, 800);
    expect(capped.srcSet.split(', ').map((candidate) => candidate.split(' ')[1])).toEqual(['400w', '800w']);
    expect(capped.src).toContain(`${PHOTO.id}-800.webp`);
  });

  it('names and addresses a JPEG photo by its format', () => {
    expect(photoObjectPaths(PRODUCT, PHOTO.id, 'jpeg')[2]).toBe(`products/${PRODUCT}/${PHOTO.id}-1600.jpg`);
    const jpeg = photoImageAttributes('http://localhost:54321', PRODUCT, { ...PHOTO, format: 'jpeg' });
    expect(jpeg.src).toMatch(/-800\.jpg$/);
    expect(jpeg.srcSet).not.toContain('.webp');
    expect(isProductPhotoList([{ ...PHOTO, format: 'jpeg' }])).toBe(true);
    expect(isProductPhotoList([{ ...PHOTO, format: 'png' }])).toBe(false);
  });

  it('ignores a photo list of an unknown shape', () => {
    expect(isProductPhotoList([PHOTO])).toBe(true);
    expect(isProductPhotoList([{ ...PHOTO, id: '../x' }])).toBe(false);
    expect(isProductPhotoList(Array.from({ length: 7 }, () => PHOTO))).toBe(false);
    expect(productPhotos({})).toEqual([]);
    expect(productPhotos({ photos: [{ id: PHOTO.id, width: 0, height: 1 }] })).toEqual([]);
  });
});
