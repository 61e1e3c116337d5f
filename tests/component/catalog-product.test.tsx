import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catalogProducts } from '../../mocks/fixtures.ts';
import type { ProductRow } from '../../src/domain/product.ts';
import { FavouritesPage } from '../../src/features/catalog/favourites-page.tsx';
import { ProductPage, type ProductPageProps } from '../../src/features/catalog/product-page.tsx';
import { similarProducts } from '../../src/features/catalog/similar-products.ts';
import { renderInRouter, renderRoute, serveCatalog } from './render-route.tsx';

const ROSES = '00000000-0000-4000-8000-000000000001';
const SINGLE_ROSE = '00000000-0000-4000-8000-000000000002';
const TULIPS = '00000000-0000-4000-8000-000000000003';
const WEDDING = '00000000-0000-4000-8000-000000000005';
const UNKNOWN = '00000000-0000-4000-8000-000000000999';

function pageProps(overrides: Partial<ProductPageProps> = {}): ProductPageProps {
  return {
    id: ROSES,
    products: catalogProducts,
    status: 'ready',
    onRetry: () => undefined,
    renderPurchase: (product, quantity) => <p data-testid="purchase">{`${product.name} × ${quantity}`}</p>,
    ...overrides,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/product/$id from the catalog', () => {
  it('shows the product with its category link, price, availability and title', async () => {
    serveCatalog();
    document.title = 'Kwiaciarnia';
    await renderRoute(`/product/${ROSES}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Bukiet czerwonych róż' })).toBeTruthy();
    const category = screen.getByRole('link', { name: 'Kwiaty żywe' });
    expect(category.getAttribute('href')).toBe('/shop?category=live-flowers');
    expect(screen.getByTestId('product-price').textContent?.replace(/\s/g, ' ')).toBe('189,00 zł');
    expect(screen.getByTestId('product-availability').textContent).toBe('W magazynie');
    expect(screen.getByText('Dwanaście czerwonych róż przewiązanych wstążką.')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Bukiet czerwonych róż · Kwiaciarnia'));
  });

  it("says 'Produkt nie znaleziony' for an unknown id once the catalog has loaded", async () => {
    serveCatalog();
    await renderRoute(`/product/${UNKNOWN}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Produkt nie znaleziony' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Wróć do sklepu' }).getAttribute('href')).toBe('/shop');
  });
});

describe('ProductPage', () => {
  it('shows a skeleton, not the not-found text, while the catalog is loading', async () => {
    await renderInRouter(<ProductPage {...pageProps({ products: [], status: 'loading' })} />);

    expect(await screen.findByTestId('product-skeleton')).toBeTruthy();
    expect(screen.queryByText('Produkt nie znaleziony')).toBeNull();
  });

  it('offers retry when the catalog could not be fetched and nothing is stored', async () => {
    const onRetry = vi.fn();
    await renderInRouter(<ProductPage {...pageProps({ products: [], status: 'error', onRetry })} />);

    await userEvent.click(await screen.findByRole('button', { name: 'Spróbuj ponownie' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('feeds the quantity to the purchase slot and turns an invalid one into 1 on blur', async () => {
    await renderInRouter(<ProductPage {...pageProps()} />);
    const input = (await screen.findByLabelText('Ilość')) as HTMLInputElement;
    expect(screen.getByTestId('purchase').textContent).toBe('Bukiet czerwonych róż × 1');

    await userEvent.clear(input);
    await userEvent.type(input, '3');
    expect(screen.getByTestId('purchase').textContent).toBe('Bukiet czerwonych róż × 3');

    await userEvent.clear(input);
    await userEvent.type(input, '0');
    expect(screen.getByTestId('purchase').textContent).toBe('Bukiet czerwonych róż × 1');
    await userEvent.tab();
    expect(input.value).toBe('1');

    await userEvent.clear(input);
    await userEvent.tab();
    expect(input.value).toBe('1');
    expect(screen.getByTestId('purchase').textContent).toBe('Bukiet czerwonych róż × 1');
  });

  it('shows up to 3 similar products of the same category, never the product itself', async () => {
    const renderAction = (product: ProductRow) => <button type="button">Kup {product.name}</button>;
    await renderInRouter(<ProductPage {...pageProps({ renderAction })} />);

    const similar = await screen.findByRole('list', { name: 'Podobne produkty' });
    const names = within(similar)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(names).toEqual(['Róża czerwona – pojedyncza', 'Bukiet różowych tulipanów', 'Storczyk w doniczce']);
    expect(within(similar).getAllByRole('button', { name: /^Kup / })).toHaveLength(3);
  });

  it('similarProducts keeps to the category and the limit', () => {
    const candle = catalogProducts.find((product) => product.category === 'candles') as ProductRow;
    const result = similarProducts(catalogProducts, candle);
    expect(result.map((product) => product.category)).toEqual(['candles', 'candles']);
    expect(result.some((product) => product.id === candle.id)).toBe(false);
    const magnet = catalogProducts.find((product) => product.category === 'souvenirs') as ProductRow;
    expect(similarProducts(catalogProducts, magnet)).toEqual([]);
  });

  it.each([
    [ROSES, 'W magazynie'],
    [SINGLE_ROSE, 'Ostatnie 2 szt.'],
    [WEDDING, 'Brak w magazynie'],
    [TULIPS, 'Na zamówienie'],
  ])('availability of %s is %s', async (id, label) => {
    await renderInRouter(<ProductPage {...pageProps({ id })} />);
    expect((await screen.findByTestId('product-availability')).textContent).toBe(label);
  });

  it('toggles the wishlist heart with its pressed state and label', async () => {
    const toggle = vi.fn();
    const isFavourite = (id: string) => id === SINGLE_ROSE;
    await renderInRouter(<ProductPage {...pageProps({ favourites: { isFavourite, toggle } })} />);

    const heart = await screen.findByRole('button', { name: 'Dodaj do ulubionych', pressed: false });
    await userEvent.click(heart);
    expect(toggle).toHaveBeenCalledWith(ROSES);
    // The similar single rose is already a favourite.
    expect(screen.getByRole('button', { name: 'Usuń z ulubionych: Róża czerwona – pojedyncza', pressed: true })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Dodaj do ulubionych: Storczyk w doniczce', pressed: false })).toBeTruthy();
  });

  it('copies the link when the Web Share API is missing', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
    await renderInRouter(<ProductPage {...pageProps()} />);

    await userEvent.click(await screen.findByRole('button', { name: 'Udostępnij' }));
    expect(writeText).toHaveBeenCalledWith(window.location.href);
    expect(await screen.findByText('Skopiowano link')).toBeTruthy();
  });

  it('says so when copying the link fails', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      share: undefined,
      clipboard: { writeText: () => Promise.reject(new Error('denied')) },
    });
    await renderInRouter(<ProductPage {...pageProps()} />);

    await userEvent.click(await screen.findByRole('button', { name: 'Udostępnij' }));
    expect(await screen.findByText('Nie udało się skopiować linku')).toBeTruthy();
  });

  it('uses the Web Share API when the device has it', async () => {
    const share = vi.fn(() => Promise.resolve());
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, share, clipboard: { writeText } });
    await renderInRouter(<ProductPage {...pageProps()} />);

    await userEvent.click(await screen.findByRole('button', { name: 'Udostępnij' }));
    expect(share).toHaveBeenCalledWith({
      title: 'Bukiet czerwonych róż',
      text: 'Dwanaście czerwonych róż przewiązanych wstążką.',
      url: window.location.href,
    });
    expect(writeText).not.toHaveBeenCalled();
  });
});

describe('FavouritesPage', () => {
  it('shows the empty state with a link to the shop', async () => {
    await renderInRouter(<FavouritesPage favouriteIds={[]} products={catalogProducts} status="ready" />);

    expect(await screen.findByText('Nie masz jeszcze ulubionych produktów')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Przejdź do sklepu' }).getAttribute('href')).toBe('/shop');
  });

  it('lists the hearted products in the order they were hearted, with the action slot', async () => {
    await renderInRouter(
      <FavouritesPage
        favouriteIds={[SINGLE_ROSE, UNKNOWN, ROSES]}
        products={catalogProducts}
        status="ready"
        renderAction={(product) => <button type="button">Kup {product.name}</button>}
      />,
    );

    const list = await screen.findByRole('list', { name: 'Ulubione produkty' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual(['Róża czerwona – pojedyncza', 'Bukiet czerwonych róż']);
    expect(within(list).getAllByRole('button', { name: /^Kup / })).toHaveLength(2);
  });
});
