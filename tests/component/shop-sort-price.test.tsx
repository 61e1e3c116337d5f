import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { catalogProducts } from '../../mocks/fixtures.ts';
import type { Grosz } from '../../src/domain/money.ts';
import { ShopPage, type ShopPageProps } from '../../src/features/catalog/shop-page.tsx';
import { parseShopSearch } from '../../src/features/catalog/shop-search.ts';
import { renderInRouter, renderRoute, serveCatalog } from './render-route.tsx';

const productNames = () =>
  within(screen.getByRole('list', { name: 'Produkty' }))
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);

/** The catalog fixture by the price in force, lowest first. */
const CHEAPEST_FIRST = [
  'Znicz czerwony klasyczny',
  'Róża czerwona – pojedyncza',
  'Magnes z herbem Przemyśla',
  'Znicz szklany „Anioł”',
  'Znicz duży „Serce”',
  'Bukiet różowych tulipanów',
  'Storczyk w doniczce',
  'Bukiet czerwonych róż',
  'Bukiet ślubny',
];

describe('/shop sorting', () => {
  it('offers the orders under a labelled select, the catalog newest first by default', async () => {
    serveCatalog();
    await renderRoute('/shop');
    await screen.findByText('Znaleziono: 9 produktów');

    const sort = screen.getByLabelText('Sortuj');
    expect(
      within(sort)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Najnowsze', 'Cena: od najniższej', 'Cena: od najwyższej']);
    expect(productNames()).toEqual(catalogProducts.map((product) => product.name));
  });

  it('sorts by price from the URL, as the server renders it', async () => {
    serveCatalog();
    await renderRoute('/shop?sort=price-asc');
    await screen.findByText('Znaleziono: 9 produktów');

    expect(productNames()).toEqual(CHEAPEST_FIRST);
    expect((screen.getByLabelText('Sortuj') as HTMLSelectElement).value).toBe('price-asc');
  });

  it('writes the chosen order to the URL; the controls follow the search box in the tab order', async () => {
    serveCatalog();
    const { router } = await renderRoute('/shop?category=candles');
    await screen.findByText('Znaleziono: 3 produkty');
    const user = userEvent.setup();

    await user.selectOptions(screen.getByLabelText('Sortuj'), 'Cena: od najwyższej');
    await waitFor(() => expect(productNames()).toEqual(['Znicz duży „Serce”', 'Znicz szklany „Anioł”', 'Znicz czerwony klasyczny']));
    expect(router.state.location.search).toEqual({ category: 'candles', sort: 'price-desc' });

    // Reached with Tab right after the search box, in reading order.
    screen.getByLabelText('Szukaj produktów').focus();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('Sortuj'));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('Cena od'));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('Cena do'));
  });

  it('lists search results best match first, or newest first when chosen', async () => {
    serveCatalog();
    await renderRoute('/shop?q=róża');
    await screen.findByText('Znaleziono: 2 produkty');

    const sort = screen.getByLabelText('Sortuj');
    expect(
      within(sort)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Najtrafniejsze', 'Najnowsze', 'Cena: od najniższej', 'Cena: od najwyższej']);
    expect(productNames()).toEqual(['Róża czerwona – pojedyncza', 'Bukiet czerwonych róż']);

    await userEvent.selectOptions(sort, 'Najnowsze');
    await waitFor(() => expect(productNames()).toEqual(['Bukiet czerwonych róż', 'Róża czerwona – pojedyncza']));
  });
});

describe('/shop price range', () => {
  it('keeps the products whose price is within the bounds typed in zł, and writes them to the URL', async () => {
    serveCatalog();
    const { router } = await renderRoute('/shop?sort=price-asc');
    await screen.findByText('Znaleziono: 9 produktów');
    const user = userEvent.setup();

    await user.type(screen.getByLabelText('Cena od'), '12');
    await user.type(screen.getByLabelText('Cena do'), '99,00');

    await waitFor(() =>
      expect(productNames()).toEqual([
        'Magnes z herbem Przemyśla',
        'Znicz szklany „Anioł”',
        'Znicz duży „Serce”',
        'Bukiet różowych tulipanów',
      ]),
    );
    expect(screen.getByText('Znaleziono: 4 produkty')).toBeTruthy();
    expect(router.state.location.search).toEqual({ sort: 'price-asc', min: '12', max: '99,00' });

    await user.clear(screen.getByLabelText('Cena od'));
    await waitFor(() => expect(screen.getByText('Znaleziono: 6 produktów')).toBeTruthy());
    expect(router.state.location.search).toEqual({ sort: 'price-asc', max: '99,00' });
  });

  it('reads the bounds from the URL into the boxes', async () => {
    serveCatalog();
    await renderRoute('/shop?min=10&max=24.9');
    await screen.findByText('Znaleziono: 2 produkty');

    expect((screen.getByLabelText('Cena od') as HTMLInputElement).value).toBe('10');
    expect((screen.getByLabelText('Cena do') as HTMLInputElement).value).toBe('24,90');
    expect(productNames()).toEqual(['Znicz szklany „Anioł”', 'Magnes z herbem Przemyśla']);
  });

  it('says what it wants when the typed price is no amount, and keeps the list as it was', async () => {
    serveCatalog();
    const { router } = await renderRoute('/shop');
    await screen.findByText('Znaleziono: 9 produktów');

    await userEvent.type(screen.getByLabelText('Cena do'), '20zł');

    const box = screen.getByLabelText('Cena do');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Wpisz kwotę, np. 50 lub 49,99.').id).toBe(box.getAttribute('aria-describedby')?.split(' ')[1]);
    // '20' was an amount on the way; the letters after it are not.
    expect(router.state.location.search).toEqual({ max: '20' });
    expect(screen.getByText('Znaleziono: 3 produkty')).toBeTruthy();
  });

  it('compares the price in force: a promotion counts at its promotional price', async () => {
    const regular = { ...catalogProducts[0]!, id: 'regular', name: 'Kosz kwiatów', price: 60, current_price: 60 };
    const promoted = { ...catalogProducts[1]!, id: 'promoted', name: 'Wieniec', price: 120, current_price: 45, lowest_price_30d: 120 };
    const props: ShopPageProps = {
      category: undefined,
      query: '',
      onQueryChange: () => undefined,
      products: [regular, promoted],
      status: 'ready',
      onRetry: () => undefined,
      sort: 'price-asc',
      max: 5000 as Grosz,
    };
    await renderInRouter(<ShopPage {...props} />);

    expect(productNames()).toEqual(['Wieniec']);
  });

  it('parses the sort and the bounds, ignoring anything else', () => {
    expect(parseShopSearch({ sort: 'price-desc', min: '10,50', max: 200 })).toEqual({ sort: 'price-desc', min: 1050, max: 20000 });
    expect(parseShopSearch({ sort: 'cheapest', min: '-5', max: 'dużo' })).toEqual({});
    expect(parseShopSearch({ min: '10.999' }).min).toBeUndefined();
  });
});
