import { describe, expect, it } from 'vitest';
import { newSizeDraft, parseSizeDrafts, sizeDraftOf } from './product-size-draft.ts';

describe('the product form’s sizes', () => {
  it('save in the order shown, with the prices in PLN and an empty promotion as none', () => {
    const drafts = [
      { ...newSizeDraft('a'), label: ' Mały ', price: '89', stock: '5' },
      { ...newSizeDraft('b'), label: 'Duży', price: '159,50', promoPrice: '139', stock: '', madeToOrder: true },
    ];
    expect(parseSizeDrafts(drafts)).toEqual({
      rows: [
        { id: 'a', label: 'Mały', position: 0, price: 89, promo_price: null, stock: 5, made_to_order: false, photo_id: null },
        { id: 'b', label: 'Duży', position: 1, price: 159.5, promo_price: 139, stock: 0, made_to_order: true, photo_id: null },
      ],
      errors: {},
    });
  });

  it('name each wrong field in Polish', () => {
    const drafts = [
      { ...newSizeDraft('a'), label: '', price: '0', stock: '-1' },
      { ...newSizeDraft('b'), label: 'Duży', price: '100', promoPrice: '120' },
      { ...newSizeDraft('c'), label: 'duży', price: '100' },
    ];
    expect(parseSizeDrafts(drafts).errors).toEqual({
      'a:label': 'Podaj nazwę rozmiaru',
      'a:price': 'Podaj cenę większą od 0, np. 129,00',
      'a:stock': 'Podaj liczbę sztuk (0 lub więcej)',
      'b:promoPrice': 'Cena promocyjna musi być niższa od ceny',
      'c:label': 'Ten rozmiar już jest na liście',
    });
  });

  it('read a saved size back as the form shows it', () => {
    const draft = sizeDraftOf({
      id: 'x',
      label: '25 róż',
      position: 1,
      price: 149.5,
      promo_price: 129,
      promo_starts_at: null,
      promo_ends_at: null,
      lowest_price_30d: null,
      stock: 3,
      made_to_order: false,
      photo_id: null,
    });
    expect(draft).toEqual({ id: 'x', label: '25 róż', price: '149,50', promoPrice: '129', stock: '3', madeToOrder: false, photoId: null });
  });
});
