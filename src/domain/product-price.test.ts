import { describe, expect, it } from 'vitest';
import { fromPln } from './money.ts';
import { priceInForce, reductionOf } from './product-price.ts';

describe('priceInForce', () => {
  it('is the server’s price in force, or the regular price on a copy stored before promotions existed', () => {
    expect(priceInForce({ price: 129, current_price: 99 })).toBe(fromPln(99));
    expect(priceInForce({ price: 129, current_price: null })).toBe(fromPln(129));
    expect(priceInForce({ price: 9.5 })).toBe(fromPln(9.5));
  });
});

describe('reductionOf', () => {
  it('shows the promotional price, the regular one and the Omnibus price', () => {
    expect(reductionOf({ price: 129, current_price: 99, lowest_price_30d: 119 })).toEqual({
      price: fromPln(99),
      regular: fromPln(129),
      lowest30d: fromPln(119),
    });
  });

  it('shows no reduction at the regular price, nor without an earlier price on record', () => {
    expect(reductionOf({ price: 129, current_price: 129, lowest_price_30d: 119 })).toBeNull();
    expect(reductionOf({ price: 129 })).toBeNull();
    expect(reductionOf({ price: 129, current_price: 99, lowest_price_30d: null })).toBeNull();
  });
});
