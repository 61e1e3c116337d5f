import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { parseShopSearch, type ShopSearch } from '../../src/features/catalog/shop-search.ts';
import { renderRoute } from './render-route.tsx';

type Router = Awaited<ReturnType<typeof renderRoute>>['router'];

/** The search params as the shop page reads them: the route's text params, parsed. */
function validatedShopSearch(router: Router): ShopSearch | undefined {
  const params = router.state.matches.find((match) => match.routeId === '/shop')?.search;
  return params && parseShopSearch(params);
}

describe('/shop search params', () => {
  it('keeps a known category and shows its label', async () => {
    const { router } = await renderRoute('/shop?category=candles');

    expect(validatedShopSearch(router)).toEqual({ category: 'candles' });
    expect((await screen.findByTestId('shop-category')).textContent).toBe('Znicze');
  });

  it('drops an unknown category instead of failing the page', async () => {
    const { router } = await renderRoute('/shop?category=bron-palna');

    const search = validatedShopSearch(router);
    expect(search).toBeDefined();
    expect(search?.category).toBeUndefined();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sklep' })).toBeTruthy();
    expect(screen.getByTestId('shop-category').textContent).toBe('Wszystkie produkty');
  });

  it('reads only the five category ids and a trimmed, bounded query', () => {
    expect(parseShopSearch({ category: 'souvenirs' })).toEqual({ category: 'souvenirs', q: undefined });
    expect(parseShopSearch({ category: 'Znicze' }).category).toBeUndefined();
    expect(parseShopSearch({ category: 42 }).category).toBeUndefined();
    expect(parseShopSearch({}).category).toBeUndefined();
    expect(parseShopSearch({ q: '  róża  ' }).q).toBe('róża');
    expect(parseShopSearch({ q: '   ' }).q).toBeUndefined();
    expect(parseShopSearch({ q: 'x'.repeat(300) }).q).toHaveLength(100);
  });
});

describe('/shop category links', () => {
  it('marks only the chosen category as the current page', async () => {
    await renderRoute('/shop?category=candles');

    const nav = await screen.findByRole('navigation', { name: 'Kategorie' });
    const current = within(nav)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page')
      .map((link) => link.textContent);
    expect(current).toEqual(['Znicze']);
  });
});
