import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogProducts } from '../../mocks/fixtures.ts';
import type { ProductPhoto } from '../../src/domain/product-photo.ts';
import type { ProductRow } from '../../src/domain/product.ts';
import { GALLERY_IMAGE_SIZES, ProductGallery } from '../../src/features/catalog/product-gallery.tsx';
import { ProductPage } from '../../src/features/catalog/product-page.tsx';
import { renderInRouter } from './render-route.tsx';

/** The product page's gallery (issue 20): a keyboard and screen-reader usable carousel over a swipeable strip. */

const PRODUCT = catalogProducts[0]!;
const photo = (n: number): ProductPhoto => ({ id: `7e0b6a52-3c1d-4f0e-9a8b-00000000000${n}`, width: 1600, height: 1200 });
const THREE = { ...PRODUCT, photos: [photo(1), photo(2), photo(3)] } satisfies ProductRow;

beforeAll(() => {
  document.head.innerHTML = '<meta name="supabase-url" content="http://backend.test" />';
});
afterAll(() => {
  document.head.innerHTML = '';
});

function thumbnail(position: number, count = 3): HTMLElement {
  return screen.getByRole('button', { name: `Zdjęcie ${position} z ${count}` });
}

function currentThumbnails(): string[] {
  return screen
    .getAllByRole('button', { name: /^Zdjęcie \d z \d$/ })
    .filter((button) => button.getAttribute('aria-current') === 'true')
    .map((button) => button.getAttribute('aria-label')!);
}

function announced(): string | null | undefined {
  return document.querySelector('[aria-live="polite"]')?.textContent;
}

describe('ProductGallery with several photos', () => {
  it('is a named carousel of slides with previous/next buttons and one thumbnail button per photo', () => {
    render(<ProductGallery product={THREE} />);
    const carousel = screen.getByRole('region', { name: `Zdjęcia: ${PRODUCT.name}` });
    expect(carousel.getAttribute('aria-roledescription')).toBe('karuzela');
    const slides = within(carousel).getAllByRole('group', { name: /^\d z 3$/ });
    expect(slides.map((slide) => slide.getAttribute('aria-roledescription'))).toEqual(['slajd', 'slajd', 'slajd']);
    expect(screen.getByRole('button', { name: 'Poprzednie zdjęcie' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Następne zdjęcie' })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Wybierz zdjęcie' })).getAllByRole('button')).toHaveLength(3);
    expect(currentThumbnails()).toEqual(['Zdjęcie 1 z 3']);
    expect(announced()).toBe('Zdjęcie 1 z 3');
  });

  it('loads the first photo at once with high priority and the layout-honest sizes; the others lazily', () => {
    render(<ProductGallery product={THREE} />);
    const images = screen.getAllByRole('img', { name: PRODUCT.name });
    expect(images).toHaveLength(3);
    expect(images.map((img) => [img.getAttribute('loading'), img.getAttribute('fetchpriority')])).toEqual([
      ['eager', 'high'],
      ['lazy', null],
      ['lazy', null],
    ]);
    expect(images.every((img) => img.getAttribute('sizes') === GALLERY_IMAGE_SIZES)).toBe(true);
    expect(images.map((img) => img.getAttribute('src'))).toEqual([1, 2, 3].map((n) => expect.stringContaining(`${photo(n).id}-800.webp`)));
    // Phones are offered files up to 800 px only (the 1600 file would pass the page's byte budget at 3x).
    const phone = images[0]!.closest('picture')?.querySelector('source');
    expect(phone?.getAttribute('media')).toBe('(max-width: 639px)');
    expect(phone?.getAttribute('sizes')).toBe(GALLERY_IMAGE_SIZES);
    expect(phone?.getAttribute('srcset')).toContain(`${photo(1).id}-800.webp 800w`);
    expect(phone?.getAttribute('srcset')).not.toContain('1600');
  });

  it('moves with the thumbnails and the previous/next buttons (round the ends), and says where it is', async () => {
    const user = userEvent.setup();
    render(<ProductGallery product={THREE} />);
    await user.click(thumbnail(3));
    expect(currentThumbnails()).toEqual(['Zdjęcie 3 z 3']);
    expect(announced()).toBe('Zdjęcie 3 z 3');
    await user.click(screen.getByRole('button', { name: 'Następne zdjęcie' }));
    expect(currentThumbnails()).toEqual(['Zdjęcie 1 z 3']);
    await user.click(screen.getByRole('button', { name: 'Poprzednie zdjęcie' }));
    expect(currentThumbnails()).toEqual(['Zdjęcie 3 z 3']);
    await user.click(screen.getByRole('button', { name: 'Poprzednie zdjęcie' }));
    expect(currentThumbnails()).toEqual(['Zdjęcie 2 z 3']);
  });

  it('moves with the arrow keys, Home and End from the focused strip or a control', async () => {
    const user = userEvent.setup();
    render(<ProductGallery product={THREE} />);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('group', { name: 'Zdjęcia produktu' }));
    await user.keyboard('{ArrowRight}');
    expect(currentThumbnails()).toEqual(['Zdjęcie 2 z 3']);
    await user.keyboard('{End}');
    expect(currentThumbnails()).toEqual(['Zdjęcie 3 z 3']);
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(currentThumbnails()).toEqual(['Zdjęcie 1 z 3']);
    thumbnail(2).focus();
    await user.keyboard('{ArrowRight}');
    expect(currentThumbnails()).toEqual(['Zdjęcie 2 z 3']);
    await user.keyboard('{Home}');
    expect(currentThumbnails()).toEqual(['Zdjęcie 1 z 3']);
  });

  it('stays on a photo that exists when the catalog refreshes with fewer photos', async () => {
    const user = userEvent.setup();
    const view = render(<ProductGallery product={THREE} />);
    await user.click(thumbnail(3));
    view.rerender(<ProductGallery product={{ ...THREE, photos: [photo(1), photo(2)] }} />);
    expect(currentThumbnails()).toEqual(['Zdjęcie 2 z 2']);
    expect(announced()).toBe('Zdjęcie 2 z 2');
  });
});

describe('ProductGallery with one photo or none', () => {
  it('shows a single photo without any controls, at high priority', () => {
    render(<ProductGallery product={{ ...PRODUCT, photos: [photo(1)] }} />);
    const img = screen.getByRole('img', { name: PRODUCT.name });
    expect(img.getAttribute('srcset')).toContain(`${photo(1).id}-1600.webp 1600w`);
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('shows the illustration of a product without photos, as before', () => {
    render(<ProductGallery product={{ ...PRODUCT, photos: [] }} />);
    const img = screen.getByRole('img', { name: PRODUCT.name });
    expect(img.getAttribute('src')).toBe(PRODUCT.image_url);
    expect(img.getAttribute('srcset')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('the product page', () => {
  it('shows the gallery of a product with photos', async () => {
    await renderInRouter(
      <ProductPage id={PRODUCT.id} products={[THREE]} status="ready" onRetry={() => undefined} renderPurchase={() => null} />,
    );
    expect(await screen.findByRole('region', { name: `Zdjęcia: ${PRODUCT.name}` })).toBeTruthy();
    expect(thumbnail(1).getAttribute('aria-current')).toBe('true');
  });
});
