import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { catalogProducts } from '../../mocks/fixtures.ts';
import { server } from '../../mocks/node.ts';
import type { ProductRow } from '../../src/domain/product.ts';
import { pageDataElement } from '../../src/lib/page-data.ts';
import { PAGE_SIZE, ShopPage, type ShopPageProps } from '../../src/features/catalog/shop-page.tsx';
import { renderInRouter, renderRoute, serveCatalog } from './render-route.tsx';

function shopProps(overrides: Partial<ShopPageProps> = {}): ShopPageProps {
  return {
    category: undefined,
    query: '',
    onQueryChange: () => undefined,
    products: catalogProducts,
    status: 'ready',
    onRetry: () => undefined,
    ...overrides,
  };
}

const productNames = () =>
  within(screen.getByRole('list', { name: 'Produkty' }))
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);

describe('/shop server-rendered with the catalog', () => {
  it('starts from the rows the page brought, without asking the backend again, and uses them once', async () => {
    let requests = 0;
    server.use(
      http.get('*/rest/v1/products', () => {
        requests += 1;
        return HttpResponse.json(catalogProducts);
      }),
    );
    const brought = catalogProducts.slice(0, 2);
    document.body.insertAdjacentHTML('beforeend', pageDataElement('catalogue-snapshot', brought));

    const first = await renderRoute('/shop');
    // Rendered with the rows at once: no loading state in between.
    expect(screen.getByText('Znaleziono: 2 produkty')).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(requests).toBe(0);
    expect(document.getElementById('catalogue-snapshot')).toBeNull();
    first.unmount();

    // The next visit to the page refreshes as usual.
    await renderRoute('/shop');
    expect(await screen.findByText('Znaleziono: 9 produktów')).toBeTruthy();
    expect(requests).toBe(1);
  });
});

describe('/shop with the catalog from the backend', () => {
  it('lists every product newest first with the result count', async () => {
    serveCatalog();
    await renderRoute('/shop');

    expect(await screen.findByText('Znaleziono: 9 produktów')).toBeTruthy();
    expect(productNames()).toEqual(catalogProducts.map((product) => product.name));
    const firstCard = screen.getAllByTestId('product-card')[0];
    expect(firstCard).toBeDefined();
    const link = within(firstCard as HTMLElement).getByRole('link', { name: 'Bukiet czerwonych róż' });
    expect(link.getAttribute('href')).toBe('/product/00000000-0000-4000-8000-000000000001');
    expect(within(firstCard as HTMLElement).getByText('189,00 zł')).toBeTruthy();
  });

  it('shows only the chosen category', async () => {
    serveCatalog();
    await renderRoute('/shop?category=candles');

    expect(await screen.findByText('Znaleziono: 3 produkty')).toBeTruthy();
    expect(productNames()).toEqual(['Znicz szklany „Anioł”', 'Znicz czerwony klasyczny', 'Znicz duży „Serce”']);
  });

  it("finds 'Róża' when the customer types 'roza', and writes q to the URL", async () => {
    serveCatalog();
    const { router } = await renderRoute('/shop');
    await screen.findByText('Znaleziono: 9 produktów');

    await userEvent.type(screen.getByLabelText('Szukaj produktów'), 'roza');

    // 'róż' (genitive plural) is a form of 'róża': the bouquet matches too, after the rose named exactly so.
    await waitFor(() => expect(productNames()).toEqual(['Róża czerwona – pojedyncza', 'Bukiet czerwonych róż']));
    expect(screen.getByText('Znaleziono: 2 produkty')).toBeTruthy();
    expect(router.state.location.search).toEqual({ q: 'roza' });
  });

  it('combines category and search from the URL', async () => {
    serveCatalog();
    await renderRoute('/shop?category=candles&q=anio');

    expect(await screen.findByText('Znaleziono: 1 produkt')).toBeTruthy();
    expect(productNames()).toEqual(['Znicz szklany „Anioł”']);
    expect((screen.getByLabelText('Szukaj produktów') as HTMLInputElement).value).toBe('anio');
  });

  it('shows the empty state when nothing matches', async () => {
    serveCatalog();
    await renderRoute('/shop?q=tulipan%20znicz');

    expect(await screen.findByText('Nie znaleziono produktów')).toBeTruthy();
    expect(screen.getByText('Znaleziono: 0 produktów')).toBeTruthy();
    expect(screen.queryAllByTestId('product-card')).toHaveLength(0);
  });

  it('shows the error state when the request fails, and retry loads the products', async () => {
    server.use(http.get('*/rest/v1/products', () => HttpResponse.json({ message: 'boom' }, { status: 500 })));
    await renderRoute('/shop');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Nie udało się pobrać produktów')).toBeTruthy();
    expect(screen.queryByTestId('result-count')).toBeNull();

    serveCatalog();
    await userEvent.click(within(alert).getByRole('button', { name: 'Spróbuj ponownie' }));

    expect(await screen.findByText('Znaleziono: 9 produktów')).toBeTruthy();
    expect(screen.queryByText('Nie udało się pobrać produktów')).toBeNull();
  });
});

describe('ShopPage', () => {
  it('counts results with the Polish plural forms', async () => {
    const cases: [number, string][] = [
      [1, 'Znaleziono: 1 produkt'],
      [2, 'Znaleziono: 2 produkty'],
      [4, 'Znaleziono: 4 produkty'],
      [5, 'Znaleziono: 5 produktów'],
    ];
    for (const [count, text] of cases) {
      const view = await renderInRouter(<ShopPage {...shopProps({ products: catalogProducts.slice(0, count) })} />);
      expect(await screen.findByTestId('result-count')).toHaveProperty('textContent', text);
      view.unmount();
    }
  });

  it('renders a large catalog a page at a time, counting all of it', async () => {
    const many = Array.from({ length: PAGE_SIZE + 12 }, (_, index) => ({
      ...catalogProducts[0]!,
      id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      name: `Znicz nr ${index}`,
    }));
    await renderInRouter(<ShopPage {...shopProps({ products: many })} />);
    expect((await screen.findByTestId('result-count')).textContent).toBe(`Znaleziono: ${PAGE_SIZE + 12} produktów`);
    expect(screen.getAllByTestId('product-card')).toHaveLength(PAGE_SIZE);
    await userEvent.click(screen.getByRole('button', { name: 'Pokaż więcej produktów (12)' }));
    expect(screen.getAllByTestId('product-card')).toHaveLength(PAGE_SIZE + 12);
    expect(screen.queryByRole('button', { name: /Pokaż więcej/ })).toBeNull();
  });

  it('calls retry from the error state when there is no local copy', async () => {
    const onRetry = vi.fn();
    await renderInRouter(<ShopPage {...shopProps({ products: [], status: 'error', onRetry })} />);

    await userEvent.click(await screen.findByRole('button', { name: 'Spróbuj ponownie' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Nie znaleziono produktów')).toBeNull();
  });

  it('keeps showing the local copy with a quiet note when a refresh fails', async () => {
    await renderInRouter(<ShopPage {...shopProps({ status: 'error' })} />);

    expect(await screen.findByText('Znaleziono: 9 produktów')).toBeTruthy();
    expect(screen.getByTestId('catalog-outdated').textContent).toContain('może być nieaktualna');
    expect(screen.queryByText('Nie udało się pobrać produktów')).toBeNull();
  });

  it('shows a fixed-size skeleton while loading, not the empty state', async () => {
    await renderInRouter(<ShopPage {...shopProps({ products: [], status: 'loading' })} />);

    expect(await screen.findByTestId('product-grid-skeleton')).toBeTruthy();
    expect(screen.queryByText('Nie znaleziono produktów')).toBeNull();
    expect(screen.queryByTestId('result-count')).toBeNull();
  });

  it('puts the composed action on every card and marks out-of-stock products', async () => {
    const renderAction = vi.fn((product: ProductRow) => <button type="button">Kup {product.name}</button>);
    await renderInRouter(<ShopPage {...shopProps({ category: 'candles', renderAction })} />);

    const cards = await screen.findAllByTestId('product-card');
    expect(cards).toHaveLength(3);
    expect(within(cards[0] as HTMLElement).getByRole('button', { name: 'Kup Znicz szklany „Anioł”' })).toBeTruthy();
    expect(within(cards[2] as HTMLElement).getByText('Brak w magazynie')).toBeTruthy();
    expect(within(cards[0] as HTMLElement).queryByText('Brak w magazynie')).toBeNull();
  });

  it('loads only the first row of pictures eagerly, all with explicit size', async () => {
    await renderInRouter(<ShopPage {...shopProps()} />);

    const images = (await screen.findAllByTestId('product-card')).map((card) => card.querySelector('img'));
    expect(images.map((image) => image?.getAttribute('loading'))).toEqual(['eager', 'eager', 'eager', ...Array<string>(6).fill('lazy')]);
    expect(images.every((image) => image?.getAttribute('width') === '400' && image.getAttribute('height') === '400')).toBe(true);
  });

  it('reports what the customer types', async () => {
    const onQueryChange = vi.fn();
    await renderInRouter(<ShopPage {...shopProps({ onQueryChange })} />);

    await act(() => userEvent.type(screen.getByLabelText('Szukaj produktów'), 'zn'));
    expect(onQueryChange).toHaveBeenLastCalledWith('zn');
  });
});
