import { act, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogProducts, samplePublicSettings } from '../../mocks/fixtures.ts';
import { server } from '../../mocks/node.ts';
import { pageDataElement } from '../../src/lib/page-data.ts';
import { renderRoute } from './render-route.tsx';

/** The hero's photo (decision 042): the owner's own from the settings first, a featured product's next, the illustration last. */

const OWN = { id: '3c2b1a09-8f7e-4d6c-9b5a-493827161504', width: 1600, height: 1067 };
const FEATURED_PHOTO = { id: '0b5c8a1e-4a8e-4c4b-9f3a-1d2e3f4a5b6c', width: 1200, height: 1200 };
const featured = { ...catalogProducts[0]!, photos: [FEATURED_PHOTO] };

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));
const heroImage = () => screen.getByTestId('hero-photo').querySelector('img')!;

afterEach(() => {
  document.getElementById('featured-products')?.remove();
  document.getElementById('public-settings')?.remove();
});

describe('the home page hero', () => {
  it('shows the photo uploaded in the settings that the server rendered the page with, first, as the largest picture', async () => {
    let asked = 0;
    server.use(
      http.get('*/rest/v1/public_settings', ({ request }) => {
        if (new URL(request.url).searchParams.get('key') === 'eq.hero_photo') asked += 1;
        return HttpResponse.json([]);
      }),
    );
    document.body.insertAdjacentHTML('beforeend', pageDataElement('featured-products', [featured]));
    document.body.insertAdjacentHTML(
      'beforeend',
      pageDataElement('public-settings', [...samplePublicSettings, { key: 'hero_photo', value: JSON.stringify(OWN) }]),
    );
    await renderRoute('/');
    await screen.findByRole('heading', { level: 1 });
    const image = heroImage();
    expect(image.getAttribute('src')).toMatch(new RegExp(`/storage/v1/object/public/product-images/products/hero/${OWN.id}-800\\.webp$`));
    expect(image.getAttribute('fetchpriority')).toBe('high');
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['1600', '1067']);
    // The phone's source goes no further than the 800 px file.
    const phone = screen.getByTestId('hero-photo').querySelector('source')!;
    expect(phone.getAttribute('srcset')).toContain(`${OWN.id}-800.webp 800w`);
    expect(phone.getAttribute('srcset')).not.toContain('1600');
    // No link to a product: the photo belongs to no product.
    expect(screen.getByTestId('hero-photo').closest('a')).toBeNull();
    await settle();
    expect(asked).toBe(0);
  });

  it('asks for the photo when the browser draws the page itself, and falls back to the featured product’s photo without one', async () => {
    server.use(
      http.get('*/rest/v1/products', () => HttpResponse.json([featured])),
      http.get('*/rest/v1/public_settings', ({ request }) => {
        const key = new URL(request.url).searchParams.get('key');
        return HttpResponse.json(key === 'eq.hero_photo' ? [{ key: 'hero_photo', value: JSON.stringify(OWN) }] : []);
      }),
    );
    const first = await renderRoute('/');
    await settle();
    expect(heroImage().getAttribute('src')).toContain(`products/hero/${OWN.id}-800.webp`);
    first.unmount();

    server.use(http.get('*/rest/v1/public_settings', () => HttpResponse.json([{ key: 'hero_photo', value: '' }])));
    await renderRoute('/');
    await settle();
    expect(heroImage().getAttribute('src')).toContain(`products/${featured.id}/${FEATURED_PHOTO.id}-800.webp`);
    expect(screen.getByTestId('hero-photo').closest('a')?.getAttribute('href')).toBe(`/product/${featured.id}`);
  });

  it('keeps the illustration without either photo, and ignores a stored value it cannot draw', async () => {
    server.use(
      http.get('*/rest/v1/products', () => HttpResponse.json([])),
      http.get('*/rest/v1/public_settings', () => HttpResponse.json([{ key: 'hero_photo', value: '{"id":"nie-uuid","width":0}' }])),
    );
    await renderRoute('/');
    await settle();
    expect(screen.queryByTestId('hero-photo')).toBeNull();
    expect(document.querySelector('img[src="/illustrations/bouquet.svg"]')).not.toBeNull();
  });
});
