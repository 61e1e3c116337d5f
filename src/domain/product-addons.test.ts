import { describe, expect, it } from 'vitest';
import { addonsForCart, addonsLast, addonsToOffer, floristLineName, isAddon, offersAddons } from './product-addons.ts';
import type { ProductRow } from './product.ts';
import { lineWithdrawalExemption } from './withdrawal-right.ts';

function product(id: string, name: string, extra: Partial<ProductRow> = {}): ProductRow {
  return {
    id,
    name,
    description: '',
    price: 30,
    category: 'souvenirs',
    image_url: '',
    is_featured: false,
    stock: 5,
    active: true,
    created_at: '2026-11-01T00:00:00Z',
    is_addon: true,
    ...extra,
  };
}

describe('add-ons', () => {
  it('reads an add-on only where the owner marked it; a copy stored before the column is not one', () => {
    expect(isAddon({ is_addon: true })).toBe(true);
    expect(isAddon({ is_addon: false })).toBe(false);
    expect(isAddon({})).toBe(false);
  });

  it('offers add-ons with flowers only, never with an add-on or a candle', () => {
    expect(offersAddons({ category: 'live-flowers' })).toBe(true);
    expect(offersAddons({ category: 'artificial-flowers', is_addon: false })).toBe(true);
    expect(offersAddons({ category: 'live-flowers', is_addon: true })).toBe(false);
    expect(offersAddons({ category: 'candles' })).toBe(false);
    expect(offersAddons({ category: null })).toBe(false);
  });

  it('lists active, orderable add-ons sold as one, by Polish name, leaving out those taken', () => {
    const products = [
      product('vase', 'Wazon szklany'),
      product('choc', 'Czekoladki'),
      product('balloon', 'Balon z helem', { stock: 0 }),
      product('bear', 'Miś', { stock: 0, made_to_order: true }),
      product('candle', 'Świeca', { active: false }),
      product('bouquet', 'Bukiet', { is_addon: false, category: 'live-flowers' }),
      product('card', 'Kartka', { sizes: [{ id: 's', label: 'A5', position: 1, price: 5 } as never] }),
      product('ribbon', 'Ćma', { is_addon: false }),
    ];
    expect(addonsToOffer(products).map((addon) => addon.id)).toEqual(['choc', 'bear', 'vase']);
    expect(addonsToOffer(products, new Set(['vase'])).map((addon) => addon.id)).toEqual(['choc', 'bear']);
  });

  it('offers more in a cart only while it holds flowers, never what it already holds', () => {
    const products = [
      product('vase', 'Wazon szklany'),
      product('choc', 'Czekoladki'),
      product('roses', 'Bukiet róż', { is_addon: false, category: 'live-flowers' }),
      product('candle', 'Znicz', { is_addon: false, category: 'candles' }),
    ];
    expect(addonsForCart(products, ['roses', 'vase']).map((addon) => addon.id)).toEqual(['choc']);
    expect(addonsForCart(products, ['candle'])).toEqual([]);
    expect(addonsForCart(products, ['vase'])).toEqual([]);
    expect(addonsForCart(products, [])).toEqual([]);
  });

  it('puts the flowers first and the add-ons after them, each group in its own order, and marks the add-ons', () => {
    const lines = [
      { name: 'Wazon szklany', isAddon: true },
      { name: 'Bukiet róż (Duży)', isAddon: false },
      { name: 'Czekoladki', isAddon: true },
      { name: 'Tulipany', isAddon: false },
    ];
    expect(addonsLast(lines).map(floristLineName)).toEqual(['Bukiet róż (Duży)', 'Tulipany', '+ Wazon szklany', '+ Czekoladki']);
  });

  it('keeps the 14-day right for a vase in the same order as flowers that have none, even with a ribbon', () => {
    const order = { ribbonText: 'Kochanej Mamie' };
    expect(lineWithdrawalExemption({ name: 'Bukiet róż', category: 'live-flowers' }, order)).toBe('perishable');
    expect(lineWithdrawalExemption({ name: 'Wazon szklany', category: 'souvenirs' }, order)).toBeNull();
  });
});
