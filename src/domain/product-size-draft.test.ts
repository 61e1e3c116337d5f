import { describe, expect, it } from 'vitest';
import { newSizeDraft, parseSizeDrafts, sizeDraftOf, sizePromotion } from './product-size-draft.ts';
import { grosz } from './money.ts';

describe('the product form’s sizes', () => {
  it('save in the order shown, with the prices in PLN and an empty promotion as none', () => {
    const drafts = [
      { ...newSizeDraft('a'), label: ' Mały ', price: '89', stock: '5' },
      { ...newSizeDraft('b'), label: 'Duży', price: '159,50', promoPrice: '139', stock: '', madeToOrder: true },
    ];
    expect(parseSizeDrafts(drafts)).toEqual({
      rows: [
        {
          id: 'a',
          label: 'Mały',
          position: 0,
          price: 89,
          promo_price: null,
          promo_starts_at: null,
          promo_ends_at: null,
          stock: 5,
          made_to_order: false,
          photo_id: null,
        },
        {
          id: 'b',
          label: 'Duży',
          position: 1,
          price: 159.5,
          promo_price: 139,
          promo_starts_at: null,
          promo_ends_at: null,
          stock: 0,
          made_to_order: true,
          photo_id: null,
        },
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
      'b:promoPrice': 'Cena promocyjna musi być niższa od ceny regularnej',
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
      promo_starts_at: '2026-02-28T23:00:00+00:00',
      promo_ends_at: '2026-03-28T23:00:00+00:00',
      lowest_price_30d: null,
      stock: 3,
      made_to_order: false,
      photo_id: '0b5c8a1e-4a8e-4c4b-9f3a-1d2e3f4a5b6c',
    });
    expect(draft).toEqual({
      id: 'x',
      label: '25 róż',
      price: '149,50',
      promoPrice: '129',
      promoFrom: '2026-03-01',
      promoTo: '2026-03-28',
      stock: '3',
      madeToOrder: false,
      photoId: '0b5c8a1e-4a8e-4c4b-9f3a-1d2e3f4a5b6c',
    });
  });
});

describe('a size’s promotion', () => {
  const price = grosz(15_900);

  it('runs from 00:00 of „Od” to the end of „Do” in Warsaw, as the product’s own promotion does', () => {
    // Winter time on 1 March (UTC+1); the day after 28 March is still UTC+1 at 00:00.
    expect(sizePromotion({ promoPrice: '139', promoFrom: '2026-03-01', promoTo: '2026-03-28' }, price)).toEqual({
      columns: { promo_price: 139, promo_starts_at: '2026-02-28T23:00:00.000Z', promo_ends_at: '2026-03-28T23:00:00.000Z' },
      errors: {},
    });
    expect(sizePromotion({ promoPrice: '139,50', promoFrom: '', promoTo: '2026-07-31' }, price).columns).toEqual({
      promo_price: 139.5,
      promo_starts_at: null,
      promo_ends_at: '2026-07-31T22:00:00.000Z',
    });
  });

  it('keeps no dates without a price, and saves nothing from a wrong promotion', () => {
    expect(sizePromotion({ promoPrice: '', promoFrom: '', promoTo: '' }, price)).toEqual({
      columns: { promo_price: null, promo_starts_at: null, promo_ends_at: null },
      errors: {},
    });
    expect(sizePromotion({ promoPrice: '', promoFrom: '2026-03-01', promoTo: '' }, price)).toEqual({
      columns: { promo_price: null, promo_starts_at: null, promo_ends_at: null },
      errors: { promoPrice: 'Podaj cenę promocyjną albo usuń daty promocji' },
    });
  });

  it('refuses a price not below the size’s, an end before the start and a date that is not one, in Polish', () => {
    expect(sizePromotion({ promoPrice: '159', promoFrom: '2026-03-10', promoTo: '2026-03-01' }, price).errors).toEqual({
      promoPrice: 'Cena promocyjna musi być niższa od ceny regularnej',
      promoTo: 'Data „Do” nie może być wcześniejsza niż „Od”',
    });
    expect(sizePromotion({ promoPrice: 'abc', promoFrom: '2026-02-30', promoTo: '1.03.2026' }, price).errors).toEqual({
      promoPrice: 'Podaj cenę promocyjną, np. 99,00',
      promoFrom: 'Podaj datę w formacie RRRR-MM-DD',
      promoTo: 'Podaj datę w formacie RRRR-MM-DD',
    });
    // The same day is a one-day promotion.
    expect(sizePromotion({ promoPrice: '99', promoFrom: '2026-03-10', promoTo: '2026-03-10' }, price).errors).toEqual({});
  });
});
