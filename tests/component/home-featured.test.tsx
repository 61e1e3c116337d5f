import { act, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { catalogProducts, productSize, sampleProducts } from '../../mocks/fixtures.ts';
import { server } from '../../mocks/node.ts';
import { pageDataElement } from '../../src/lib/page-data.ts';
import { renderRoute } from './render-route.tsx';

const featuredNames = async () => {
  const section = await screen.findByRole('region', { name: 'Polecane' });
  return within(within(section).getByRole('list', { name: 'Polecane produkty' }))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);
};

/** Lets the home page's sections load and any request settle. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

describe("home page 'Polecane'", () => {
  it('shows the featured products the server rendered the page with, as cards linking to them, without asking again', async () => {
    let requests = 0;
    server.use(
      http.get('*/rest/v1/products', () => {
        requests += 1;
        return HttpResponse.json([]);
      }),
    );
    const brought = [catalogProducts[0]!, catalogProducts[5]!];
    document.body.insertAdjacentHTML('beforeend', pageDataElement('featured-products', brought));
    try {
      await renderRoute('/');

      expect(await featuredNames()).toEqual(['Bukiet czerwonych róż', 'Znicz szklany „Anioł”']);
      const link = screen.getByRole('link', { name: 'Znicz szklany „Anioł”' });
      expect(link.getAttribute('href')).toBe(`/product/${catalogProducts[5]!.id}`);
      await settle();
      expect(requests).toBe(0);
    } finally {
      document.getElementById('featured-products')?.remove();
    }
  });

  it("says 'od' before the smallest size's price of a bouquet sold in sizes, as the shop's cards do", async () => {
    const sized = {
      ...catalogProducts[0]!,
      sizes: [productSize('s-duzy', 'Duży', 2, 159), productSize('s-maly', 'Mały', 0, 89), productSize('s-sredni', 'Średni', 1, 119)],
    };
    document.body.insertAdjacentHTML('beforeend', pageDataElement('featured-products', [sized, catalogProducts[5]!]));
    try {
      await renderRoute('/');
      await featuredNames();
      const cards = within(screen.getByRole('list', { name: 'Polecane produkty' })).getAllByRole('listitem');
      expect(cards[0]!.textContent?.replace(/\s/g, ' ')).toContain('od 89,00 zł');
      expect(cards[1]!.textContent).not.toContain('od ');
    } finally {
      document.getElementById('featured-products')?.remove();
    }
  });

  it('asks the backend for the featured, active products when the page came without them', async () => {
    let asked: URLSearchParams | null = null;
    server.use(
      http.get('*/rest/v1/products', ({ request }) => {
        asked = new URL(request.url).searchParams;
        const hidden = { ...sampleProducts[0]!, id: 'hidden', name: 'Ukryty bukiet', active: false };
        return HttpResponse.json([...sampleProducts.filter((product) => product.is_featured), hidden]);
      }),
    );
    await renderRoute('/');

    expect(await featuredNames()).toEqual(['Bukiet czerwonych róż', 'Sztuczne tulipany w wazonie', 'Kosz upominkowy']);
    expect(asked).not.toBeNull();
    const params = asked as unknown as URLSearchParams;
    expect(params.get('is_featured')).toBe('eq.true');
    expect(params.get('active')).toBe('eq.true');
  });

  it('shows no section when nothing is featured, or the backend cannot be reached', async () => {
    server.use(http.get('*/rest/v1/products', () => HttpResponse.json([])));
    const first = await renderRoute('/');
    await screen.findByRole('region', { name: 'Wybierz kategorię' });
    await settle();
    expect(screen.queryByRole('region', { name: 'Polecane' })).toBeNull();
    first.unmount();

    server.use(http.get('*/rest/v1/products', () => HttpResponse.error()));
    await renderRoute('/');
    await screen.findByRole('region', { name: 'Wybierz kategorię' });
    await settle();
    expect(screen.queryByRole('region', { name: 'Polecane' })).toBeNull();
  });
});
