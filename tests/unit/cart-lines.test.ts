import { describe, expect, it } from 'vitest';
import { isOrderable } from '../../src/domain/cart.ts';
import type { ProductRow } from '../../src/domain/product.ts';
import { buildCartView, missingProductIds } from '../../src/features/cart/cart-lines.ts';
import type { ProductChecks } from '../../src/features/cart/cart-product-check.ts';
import type { CartRecord } from '../../src/lib/db.ts';

/** Issue 14 §1: a line is unavailable only on the server's word, never because the device's catalog lacks it. */

const CANDLE: ProductRow = {
  id: '1547809e-0305-46b3-a282-b3230c221da1',
  name: 'Znicz szklany „Anioł”',
  description: '',
  price: 24.9,
  category: 'candles',
  image_url: '/products/znicz.svg',
  is_featured: false,
  stock: 10,
  active: true,
  created_at: '2026-11-01T00:00:00Z',
};
const ids = [
  'aaaaaaaa-0000-4000-8000-000000000001',
  'bbbbbbbb-0000-4000-8000-000000000002',
  'cccccccc-0000-4000-8000-000000000003',
] as const;

const records: CartRecord[] = [
  { key: CANDLE.id, productId: CANDLE.id, quantity: 2, addedAt: '2026-11-21T10:00:00Z' },
  { key: ids[0], productId: ids[0], quantity: 1, addedAt: '2026-11-21T10:01:00Z' },
  { key: ids[1], productId: ids[1], quantity: 1, addedAt: '2026-11-21T10:02:00Z' },
  { key: ids[2], productId: ids[2], quantity: 1, addedAt: '2026-11-21T10:03:00Z' },
];

describe('cart line availability', () => {
  it('checks what the device lacks, shows what the server could not be asked about, and drops only what the server has not', () => {
    const checks: ProductChecks = new Map([
      [ids[1], { status: 'unreachable', failedAt: 0, retrying: false }],
      [ids[2], { status: 'gone' }],
    ]);
    const view = buildCartView(records, [CANDLE, undefined, undefined, undefined], 'gls-pickup', checks);
    expect(view.lines.map((line) => [line.availability, line.available, line.name])).toEqual([
      ['available', true, CANDLE.name],
      ['checking', false, 'Produkt nr AAAAAAAA'],
      ['unverified', true, 'Produkt nr BBBBBBBB'],
      ['unavailable', false, 'Produkt niedostępny'],
    ]);
    // Only priced lines count; every line counts in the badge.
    expect(view.summary.subtotal).toBe(4980);
    expect(view.itemCount).toBe(5);
  });

  it('uses a checked row kept in memory when the device could not store it', () => {
    const checks: ProductChecks = new Map([[CANDLE.id, { status: 'found', row: CANDLE }]]);
    const [line] = buildCartView(records.slice(0, 1), [undefined], 'gls-pickup', checks).lines;
    expect(line?.availability).toBe('available');
    expect(missingProductIds(records.slice(0, 1), [undefined], checks)).toEqual([]);
  });

  it('asks about every line the device lacks, whatever was said before, except rows kept in memory', () => {
    const checks: ProductChecks = new Map([[ids[2], { status: 'gone' }]]);
    expect(missingProductIds(records, [CANDLE, undefined, undefined, undefined], checks)).toEqual([...ids]);
  });

  it('lets an unverified line into the order (place-order decides), never one being checked or gone', () => {
    expect(['available', 'checking', 'unverified', 'unavailable'].map((a) => isOrderable(a as Parameters<typeof isOrderable>[0]))).toEqual([
      true,
      false,
      true,
      false,
    ]);
  });
});

describe('cart line prices (issue 19)', () => {
  it('prices a line at the price in force (a running promotion’s), and an old stored copy at its price', () => {
    const onPromotion: ProductRow = { ...CANDLE, current_price: 19.9, lowest_price_30d: 24.9, promo_price: 19.9 };
    const line = [{ key: CANDLE.id, productId: CANDLE.id, quantity: 2, addedAt: '2026-11-21T10:00:00Z' }];
    expect(buildCartView(line, [onPromotion]).lines[0]).toMatchObject({ unitPrice: 1990, lineTotal: 3980 });
    expect(buildCartView(line, [onPromotion]).summary.subtotal).toBe(3980);
    expect(buildCartView(line, [CANDLE]).summary.subtotal).toBe(4980);
  });
});
