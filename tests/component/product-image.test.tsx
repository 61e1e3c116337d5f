import { render } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogProducts } from '../../mocks/fixtures.ts';
import { photoImageAttributes, type ProductPhoto } from '../../src/domain/product-photo.ts';
import { ProductCard } from '../../src/features/catalog/product-card.tsx';
import { ProductImage, ProductThumb } from '../../src/lib/product-image.tsx';
import { renderInRouter } from './render-route.tsx';

/** A product's picture (issue 20): its main photo as a responsive image, else its illustration. */

const BACKEND = 'http://backend.test';
const PRODUCT = catalogProducts[0]!;
const MAIN: ProductPhoto = { id: '5b1c3f0e-8a51-4c1b-9c55-0a4f4d1e2a01', width: 1600, height: 1200 };
const SECOND: ProductPhoto = { id: '5b1c3f0e-8a51-4c1b-9c55-0a4f4d1e2a02', width: 1200, height: 1600 };
const WITH_PHOTOS = { ...PRODUCT, photos: [MAIN, SECOND] };

beforeAll(() => {
  // The served page's backend address, which photo addresses are built from.
  document.head.innerHTML = `<meta name="supabase-url" content="${BACKEND}" />`;
});
afterAll(() => {
  document.head.innerHTML = '';
});

function image(container: HTMLElement): HTMLImageElement {
  const img = container.querySelector('img');
  if (!img) throw new Error('no <img>');
  return img;
}

describe('ProductImage', () => {
  it("draws the main photo from the backend's Storage with srcset, sizes, its size and crossorigin (for the offline cache)", () => {
    const { container } = render(<ProductImage product={WITH_PHOTOS} sizes="50vw" alt="Róże" />);
    const img = image(container);
    const expected = photoImageAttributes(BACKEND, PRODUCT.id, MAIN);
    expect(img.getAttribute('src')).toBe(expected.src);
    expect(img.getAttribute('srcset')).toBe(expected.srcSet);
    expect(img.getAttribute('srcset')).toContain(
      `${BACKEND}/storage/v1/object/public/product-images/products/${PRODUCT.id}/${MAIN.id}-400.webp 400w`,
    );
    expect(img.getAttribute('sizes')).toBe('50vw');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1600', '1200']);
    expect(img.getAttribute('crossorigin')).toBe('anonymous');
    expect(img.getAttribute('alt')).toBe('Róże');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('fetchpriority')).toBeNull();
  });

  it('draws the photo it is given instead of the main one', () => {
    const { container } = render(<ProductImage product={WITH_PHOTOS} photo={SECOND} sizes="50vw" />);
    expect(image(container).getAttribute('src')).toContain(`${SECOND.id}-800.webp`);
    expect(image(container).getAttribute('alt')).toBe('');
  });

  it('loads eagerly when asked, and with high priority for the largest image of a page', () => {
    const eager = render(<ProductImage product={WITH_PHOTOS} sizes="50vw" eager />);
    expect(image(eager.container).getAttribute('loading')).toBe('eager');
    const main = render(<ProductImage product={WITH_PHOTOS} sizes="50vw" highPriority />);
    expect(image(main.container).getAttribute('loading')).toBe('eager');
    expect(image(main.container).getAttribute('fetchpriority')).toBe('high');
  });

  it('keeps the illustration for a product without photos (no srcset, no crossorigin)', () => {
    const { container } = render(<ProductImage product={{ ...PRODUCT, photos: [] }} sizes="50vw" />);
    const img = image(container);
    expect(img.getAttribute('src')).toBe(PRODUCT.image_url);
    expect(img.getAttribute('srcset')).toBeNull();
    expect(img.getAttribute('crossorigin')).toBeNull();
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['400', '400']);
  });

  it('ignores a photo list it cannot read (an older copy on the device) and keeps the illustration', () => {
    const { container } = render(<ProductImage product={{ ...PRODUCT, photos: [{ id: 'x' }] }} sizes="50vw" />);
    expect(image(container).getAttribute('src')).toBe(PRODUCT.image_url);
  });

  it('keeps the place without any picture', () => {
    const { container } = render(<ProductImage product={{ id: PRODUCT.id, image_url: '' }} sizes="50vw" className="aspect-square" />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('span[aria-hidden="true"].aspect-square')).toBeTruthy();
  });
});

describe('ProductThumb', () => {
  it('asks for the size it is drawn at, so the browser takes the smallest file', () => {
    const { container } = render(<ProductThumb product={WITH_PHOTOS} size={40} />);
    const img = image(container);
    expect(img.getAttribute('sizes')).toBe('40px');
    expect(img.style.width).toBe('40px');
    expect(img.getAttribute('crossorigin')).toBe('anonymous');
  });

  it('is an empty square for an unknown product', () => {
    const { container } = render(<ProductThumb product={null} />);
    expect(container.querySelector('img')).toBeNull();
    expect((container.firstElementChild as HTMLElement).style.width).toBe('64px');
  });
});

describe('ProductCard', () => {
  it('shows the main photo sized for the grid, lazily unless it is in the first row', async () => {
    const lazy = await renderInRouter(<ProductCard product={WITH_PHOTOS} />);
    const img = image(lazy.container);
    expect(img.getAttribute('sizes')).toBe('(min-width: 1152px) 350px, (min-width: 640px) calc(33vw - 29px), calc(50vw - 22px)');
    expect(img.getAttribute('srcset')).toContain(`${MAIN.id}-1600.webp 1600w`);
    expect(img.getAttribute('loading')).toBe('lazy');
    lazy.unmount();
    const eager = await renderInRouter(<ProductCard product={WITH_PHOTOS} eager />);
    expect(image(eager.container).getAttribute('loading')).toBe('eager');
  });
});
