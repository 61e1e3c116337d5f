import { describe, expect, it } from 'vitest';
import type { ProductRow } from '../../src/domain/product.ts';
import { buildCartView } from '../../src/features/cart/cart-lines.ts';
import type { ProductChecks } from '../../src/features/cart/cart-product-check.ts';
import type { CartRecord } from '../../src/lib/db.ts';

/** Issue 19: each cart line knows whether its product may be returned within 14 days. */

function row(id: string, category: ProductRow['category'], extra: Partial<ProductRow> = {}): ProductRow {
  return {
    id,
    name: `Produkt ${id}`,
    description: '',
    price: 10,
    category,
    image_url: '',
    is_featured: false,
    stock: 10,
    active: true,
    created_at: '2026-11-01T00:00:00Z',
    ...extra,
  };
}

const at = (minute: number) => `2026-11-24T10:0${minute}:00Z`;

describe('cart lines: withdrawal right', () => {
  it('carries the rule and its meaning: live flowers by category, a setting either way, unknown products neither', () => {
    const products = [
      row('roses', 'live-flowers', { withdrawal_rule: 'category' }),
      row('candle', 'candles', { withdrawal_rule: 'category' }),
      row('basket', 'seasonal-gifts', { withdrawal_rule: 'personalised' }),
      row('potted', 'live-flowers', { withdrawal_rule: 'returnable' }),
    ];
    const records: CartRecord[] = [
      ...products.map((p, i) => ({ key: p.id, productId: p.id, quantity: 1, addedAt: at(i) })),
      {
        key: 'unknown',
        productId: 'unknown',
        quantity: 1,
        addedAt: at(5),
      },
    ];
    const checks: ProductChecks = new Map([['unknown', { status: 'unreachable', failedAt: 0, retrying: false }]]);
    const view = buildCartView(records, [...products, undefined], 'gls-pickup', checks);
    expect(view.lines.map((line) => [line.productId, line.withdrawalRule, line.withdrawalExemption])).toEqual([
      ['roses', 'category', 'perishable'],
      ['candle', 'category', null],
      ['basket', 'personalised', 'personalised'],
      ['potted', 'returnable', null],
      ['unknown', null, null],
    ]);
  });

  it('a catalog copy stored before the setting existed follows the category', () => {
    const stored = row('old-roses', 'live-flowers');
    delete stored.withdrawal_rule;
    const [line] = buildCartView([{ key: stored.id, productId: stored.id, quantity: 2, addedAt: at(0) }], [stored]).lines;
    expect(line).toMatchObject({ withdrawalRule: 'category', withdrawalExemption: 'perishable' });
  });
});
