import { describe, expect, it } from 'vitest';
import { CART_SHIPPING_OPTIONS, cartItemCount, cartSubtotal, cartSummary, catalogNumber, lineTotal, type CartLine } from './cart.ts';
import { clampQuantity, parseQuantity } from './cart-quantity.ts';
import { CHECKOUT_DELIVERY_OPTIONS, DEFAULT_DELIVERY_RATE_PER_KM, DELIVERY_METHOD_LABELS } from './delivery.ts';
import { formatPln, fromPln, grosz } from './money.ts';

const owner = { freeThreshold: fromPln(300), ratePerKm: DEFAULT_DELIVERY_RATE_PER_KM };

const line = (unitPln: number, quantity: number, productId = 'p'): CartLine => ({
  productId,
  quantity,
  unitPrice: fromPln(unitPln),
});

describe('cart totals', () => {
  it('multiplies in grosz without float drift (3 × 24,99 zł)', () => {
    expect(lineTotal(line(24.99, 3))).toBe(7497);
    expect(cartSubtotal([line(24.99, 3), line(0.1, 3), line(0.2, 1)])).toBe(7497 + 30 + 20);
    expect(cartSubtotal([])).toBe(0);
  });

  it('counts items for the badge', () => {
    expect(cartItemCount([line(1, 2), line(1, 5)])).toBe(7);
  });
});

describe('cartSummary', () => {
  it('charges the courier at 299,99 zł and says 0,01 zł is missing', () => {
    const summary = cartSummary([line(299.99, 1)], 'gls', owner);
    expect(summary.subtotal).toBe(29999);
    expect(summary.shipping).toBe(1499);
    expect(summary.total).toBe(29999 + 1499);
    expect(summary.missingForFree).toBe(1);
    expect(formatPln(summary.missingForFree ?? grosz(0)).replace(/\s/g, ' ')).toBe('0,01 zł');
  });

  it('makes couriers and pickup points free from exactly 300 zł', () => {
    for (const method of ['gls', 'dpd', 'inpost', 'gls-pickup', 'dpd-pickup'] as const) {
      const summary = cartSummary([line(100, 3)], method, owner);
      expect(summary.shipping, method).toBe(0);
      expect(summary.total, method).toBe(30000);
      expect(summary.missingForFree, method).toBe(0);
    }
  });

  it('never makes cash on delivery free', () => {
    expect(cartSummary([line(1000, 1)], 'gls-cod', owner).shipping).toBe(2300);
    expect(cartSummary([line(1000, 1)], 'dpd-cod', owner).shipping).toBe(2600);
    expect(cartSummary([line(1000, 1)], 'dpd-cod', owner).total).toBe(100000 + 2600);
  });

  it('reports the full threshold for an empty cart', () => {
    const summary = cartSummary([], 'inpost', owner);
    expect(summary.missingForFree).toBe(30000);
    expect(summary.shipping).toBe(1299);
  });

  it('uses the spec prices for every cart option', () => {
    const prices = CART_SHIPPING_OPTIONS.map((method) => cartSummary([line(10, 1)], method, owner).shipping);
    // Pickup is free; home and cemetery from the shortest trip, 2 km both ways at 1,80 zł (7,20 zł).
    expect(prices).toEqual([0, 720, 720, 999, 999, 1299, 1499, 2300, 1699, 2600]);
  });

  it('prices local delivery from its least cost, marked as a lower bound, without a free-shipping count', () => {
    const summary = cartSummary([line(100, 1)], 'home', owner);
    expect(summary).toEqual({ subtotal: 10000, shipping: 720, from: true, total: 10720, missingForFree: null });
    expect(cartSummary([line(100, 1)], 'cemetery', { ...owner, ratePerKm: fromPln(2.5) }).shipping).toBe(1000);
  });

  it('counts towards free shipping only where it can apply: couriers, not pickup or cash on delivery', () => {
    expect(cartSummary([line(100, 1)], 'gls', owner).missingForFree).toBe(20000);
    expect(cartSummary([line(100, 1)], 'store', owner).missingForFree).toBeNull();
    expect(cartSummary([line(100, 1)], 'gls-cod', owner).missingForFree).toBeNull();
  });

  it('says nothing about free shipping and prices couriers in full until the threshold is known', () => {
    const summary = cartSummary([line(400, 1)], 'gls', { ...owner, freeThreshold: null });
    expect(summary).toMatchObject({ shipping: 1499, missingForFree: null });
  });
});

describe('cart shipping options', () => {
  it('are the checkout’s, in its order, each with a Polish label', () => {
    expect(CART_SHIPPING_OPTIONS).toEqual(CHECKOUT_DELIVERY_OPTIONS);
    expect(CART_SHIPPING_OPTIONS).toEqual([
      'store',
      'home',
      'cemetery',
      'gls-pickup',
      'dpd-pickup',
      'inpost',
      'gls',
      'gls-cod',
      'dpd',
      'dpd-cod',
    ]);
    expect(DELIVERY_METHOD_LABELS['gls-cod']).toBe('Kurier GLS – za pobraniem');
    expect(DELIVERY_METHOD_LABELS.inpost).toBe('InPost Paczkomat');
  });
});

describe('parseQuantity', () => {
  it('accepts whole numbers from 1 to 999', () => {
    expect(parseQuantity('1')).toBe(1);
    expect(parseQuantity(' 12 ')).toBe(12);
    expect(parseQuantity('999')).toBe(999);
    expect(parseQuantity(7)).toBe(7);
  });

  it.each(['', ' ', '0', '-1', '1.5', '2,0', '1e2', 'abc', '1000', '3 4', 'Infinity'])('rejects %j', (input) => {
    expect(parseQuantity(input)).toBeNull();
  });

  it('rejects non-integer numbers', () => {
    expect(parseQuantity(2.5)).toBeNull();
    expect(parseQuantity(Number.NaN)).toBeNull();
  });
});

describe('helpers', () => {
  it('clamps stored quantities into 1..999', () => {
    expect(clampQuantity(0)).toBe(1);
    expect(clampQuantity(1200)).toBe(999);
    expect(clampQuantity(4.7)).toBe(4);
    expect(clampQuantity(Number.NaN)).toBe(1);
  });

  it('builds the catalog number from the id', () => {
    expect(catalogNumber('3f2a9c1e-77aa-4b3c-9d1e-0a1b2c3d4e5f')).toBe('3F2A9C1E');
  });
});
