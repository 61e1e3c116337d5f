import { describe, expect, it } from 'vitest';
import { fromPln } from './money.ts';
import type { ProductSize } from './product.ts';
import {
  cardAvailability,
  cardOnPromotion,
  cardPrice,
  cartLineKey,
  defaultSize,
  lineName,
  linePrice,
  lineReduction,
  sizesOf,
  stockFactsOf,
  withSizePhotoFirst,
} from './product-sizes.ts';

function size(id: string, position: number, price: number, extra: Partial<ProductSize> = {}): ProductSize {
  return {
    id,
    label: id,
    position,
    price,
    promo_price: null,
    promo_starts_at: null,
    promo_ends_at: null,
    lowest_price_30d: null,
    stock: 5,
    made_to_order: false,
    photo_id: null,
    current_price: price,
    ...extra,
  };
}

const SMALL = size('Mały', 0, 89);
// The middle size is on promotion: 149 → 129, its own Omnibus price 139 (its 30 days, not another size's).
const MEDIUM = size('Średni', 1, 149, { promo_price: 129, current_price: 129, lowest_price_30d: 139 });
const LARGE = size('Duży', 2, 199, { made_to_order: true, stock: 0, photo_id: 'c0ffee00-0000-4000-8000-000000000003' });
const BOUQUET = { price: 89, current_price: 89, lowest_price_30d: null, stock: 0, made_to_order: false, sizes: [LARGE, SMALL, MEDIUM] };

describe('sizes of a product', () => {
  it('come in the owner’s order, and a page starts on the middle of three', () => {
    expect(sizesOf(BOUQUET).map((s) => s.label)).toEqual(['Mały', 'Średni', 'Duży']);
    expect(defaultSize(sizesOf(BOUQUET))?.label).toBe('Średni');
    expect(defaultSize([SMALL])?.label).toBe('Mały');
    expect(defaultSize([SMALL, MEDIUM])?.label).toBe('Mały');
    expect(defaultSize([])).toBeNull();
  });

  it('price a line at the chosen size’s price in force, and refuse a size the product lacks or a missing one', () => {
    expect(linePrice(BOUQUET, 'Duży')).toBe(fromPln(199));
    expect(linePrice(BOUQUET, 'Średni')).toBe(fromPln(129));
    expect(linePrice(BOUQUET, 'Ogromny')).toBeNull();
    expect(linePrice(BOUQUET, undefined)).toBeNull();
    expect(linePrice({ price: 40, current_price: 35 }, undefined)).toBe(fromPln(35));
    expect(linePrice({ price: 40, current_price: 35 }, 'Duży')).toBeNull();
  });

  it('show each size’s own promotion with its own Omnibus price, and none for a size without one', () => {
    expect(lineReduction(BOUQUET, 'Średni')).toEqual({ price: fromPln(129), regular: fromPln(149), lowest30d: fromPln(139) });
    expect(lineReduction(BOUQUET, 'Mały')).toBeNull();
    // The product's own promotion never shows on a product sold in sizes before a size is chosen.
    expect(lineReduction({ ...BOUQUET, current_price: 50, lowest_price_30d: 80 }, undefined)).toBeNull();
    expect(lineReduction({ price: 40, current_price: 30, lowest_price_30d: 40 }, undefined)).toEqual({
      price: fromPln(30),
      regular: fromPln(40),
      lowest30d: fromPln(40),
    });
  });

  it('give cards the lowest price in force, marked “od” only when the sizes differ', () => {
    expect(cardPrice(BOUQUET)).toEqual({ price: fromPln(89), from: true });
    expect(cardPrice({ ...BOUQUET, sizes: [size('a', 0, 50), size('b', 1, 50)] })).toEqual({ price: fromPln(50), from: false });
    expect(cardPrice({ price: 40, current_price: 35 })).toEqual({ price: fromPln(35), from: false });
  });

  it('keep stock per size, “na zamówienie” included', () => {
    expect(stockFactsOf(BOUQUET, 'Duży')).toMatchObject({ made_to_order: true });
    expect(stockFactsOf(BOUQUET, 'Mały')).toMatchObject({ stock: 5, made_to_order: false });
    expect(stockFactsOf(BOUQUET, undefined)).toMatchObject({ stock: 0 });
  });

  it('name a line with its size and key the cart by product and size', () => {
    expect(lineName('Bukiet róż', 'Duży')).toBe('Bukiet róż (Duży)');
    expect(lineName('Znicz', null)).toBe('Znicz');
    expect(cartLineKey('p1', 's1')).toBe('p1:s1');
    expect(cartLineKey('p1', undefined)).toBe('p1');
  });

  it('put the chosen size’s photo first on the product page', () => {
    const photo = (id: string) => ({ id, width: 1600, height: 1600 });
    const product = { ...BOUQUET, photos: [photo('c0ffee00-0000-4000-8000-000000000001'), photo('c0ffee00-0000-4000-8000-000000000003')] };
    expect(withSizePhotoFirst(product, 'Duży').photos.map((p) => p.id)).toEqual([
      'c0ffee00-0000-4000-8000-000000000003',
      'c0ffee00-0000-4000-8000-000000000001',
    ]);
    expect(withSizePhotoFirst(product, 'Mały')).toBe(product);
  });
});

describe('a card’s stock and promotion for a product in sizes', () => {
  const own = { price: 100, current_price: 100, lowest_price_30d: null, stock: 0, made_to_order: false };

  it('reads a product sold as one by its own stock', () => {
    expect(cardAvailability({ ...own, sizes: [] })).toEqual({ availability: 'out-of-stock', label: 'Brak w magazynie' });
    expect(cardAvailability({ ...own, stock: 2 })).toEqual({ availability: 'low-stock', label: 'Ostatnie 2 szt.' });
  });

  it('is out of stock only when no size can be ordered, whatever the product’s own stock says', () => {
    expect(cardAvailability({ ...own, sizes: [size('a', 0, 89, { stock: 0 }), size('b', 1, 119, { stock: 9 })] })).toEqual({
      availability: 'low-stock',
      label: 'Niektóre rozmiary wyprzedane',
    });
    expect(cardAvailability({ ...own, stock: 50, sizes: [size('a', 0, 89, { stock: 0 }), size('b', 1, 119, { stock: 0 })] })).toEqual({
      availability: 'out-of-stock',
      label: 'Brak w magazynie',
    });
    expect(
      cardAvailability({ ...own, sizes: [size('a', 0, 89, { stock: 9 }), size('b', 1, 119, { stock: 0, made_to_order: true })] }),
    ).toEqual({
      availability: 'in-stock',
      label: 'W magazynie',
    });
    expect(
      cardAvailability({ ...own, sizes: [size('a', 0, 89, { made_to_order: true }), size('b', 1, 119, { made_to_order: true })] }),
    ).toEqual({
      availability: 'made-to-order',
      label: 'Na zamówienie',
    });
    expect(cardAvailability({ ...own, sizes: [size('a', 0, 89, { stock: 1 }), size('b', 1, 119, { stock: 3 })] })).toEqual({
      availability: 'low-stock',
      label: 'Ostatnie sztuki',
    });
  });

  it('marks a promotion of any size, not the product’s own columns', () => {
    const reduced = size('b', 1, 159, { promo_price: 139, current_price: 139, lowest_price_30d: 149 });
    expect(cardOnPromotion({ ...own, sizes: [size('a', 0, 89), reduced] })).toBe(true);
    expect(cardOnPromotion({ ...own, current_price: 80, lowest_price_30d: 100, sizes: [size('a', 0, 89)] })).toBe(false);
    expect(cardOnPromotion({ ...own, current_price: 80, lowest_price_30d: 100 })).toBe(true);
  });
});
