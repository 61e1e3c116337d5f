import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { EMPTY_PRODUCT_FORM, productFormSchema, toProductInput, type ProductFormValues } from './product-schema.ts';
import { PROMOTION_MESSAGES, promotionFormValues, promotionState, toPromotionInput } from './promotion-schema.ts';
import { issuesByField } from './validation-issues.ts';

const product: ProductFormValues = {
  ...EMPTY_PRODUCT_FORM,
  name: 'Storczyk',
  description: 'Falenopsis.',
  price: '129',
  imageUrl: '/products/storczyk.svg',
};

const errorsOf = (values: Partial<ProductFormValues>) => {
  const result = v.safeParse(productFormSchema, { ...product, ...values });
  return result.success ? {} : issuesByField(result.issues);
};

describe('the product form’s promotion', () => {
  it('is optional: no price, no dates, no promotion', () => {
    expect(errorsOf({})).toEqual({});
    expect(toProductInput(v.parse(productFormSchema, product))).toMatchObject({
      promo_price: null,
      promo_starts_at: null,
      promo_ends_at: null,
    });
  });

  it('turns Warsaw dates into instants: from 00:00 of „Od” to 00:00 after „Do”, in summer and winter time', () => {
    const output = v.parse(productFormSchema, { ...product, promoPrice: '99,90', promoFrom: '2026-06-01', promoTo: '2026-06-30' });
    expect(toProductInput(output)).toMatchObject({
      promo_price: 99.9,
      promo_starts_at: '2026-05-31T22:00:00.000Z',
      promo_ends_at: '2026-06-30T22:00:00.000Z',
    });
    expect(toPromotionInput({ promoPrice: 10, promoFrom: '2026-12-24', promoTo: '2026-12-24' })).toEqual({
      promo_price: 10,
      promo_starts_at: '2026-12-23T23:00:00.000Z',
      promo_ends_at: '2026-12-24T23:00:00.000Z',
    });
    expect(toPromotionInput({ promoPrice: 10, promoFrom: '', promoTo: '' })).toEqual({
      promo_price: 10,
      promo_starts_at: null,
      promo_ends_at: null,
    });
  });

  it('shows a stored promotion with „Do” as the last day it runs', () => {
    expect(
      promotionFormValues({ promo_price: 99.9, promo_starts_at: '2026-05-31T22:00:00+00:00', promo_ends_at: '2026-06-30T22:00:00+00:00' }),
    ).toEqual({ promoPrice: '99.90', promoFrom: '2026-06-01', promoTo: '2026-06-30' });
    expect(promotionFormValues({ promo_price: null, promo_starts_at: null, promo_ends_at: null })).toEqual({
      promoPrice: '',
      promoFrom: '',
      promoTo: '',
    });
  });

  it('refuses what the database would refuse, each beside its field, in Polish', () => {
    expect(errorsOf({ promoPrice: '129' })).toEqual({ promoPrice: PROMOTION_MESSAGES.priceNotLower });
    expect(errorsOf({ promoPrice: '150' })).toEqual({ promoPrice: PROMOTION_MESSAGES.priceNotLower });
    expect(errorsOf({ promoPrice: 'dużo' })).toEqual({ promoPrice: PROMOTION_MESSAGES.priceNotNumber });
    expect(errorsOf({ promoPrice: '-1' })).toEqual({ promoPrice: PROMOTION_MESSAGES.priceNegative });
    expect(errorsOf({ promoPrice: '9.999' })).toEqual({ promoPrice: PROMOTION_MESSAGES.pricePrecision });
    expect(errorsOf({ promoPrice: '99', promoFrom: '2026-12-10', promoTo: '2026-12-09' })).toEqual({
      promoTo: PROMOTION_MESSAGES.endBeforeStart,
    });
    expect(errorsOf({ promoFrom: '2026-12-01' })).toEqual({ promoPrice: PROMOTION_MESSAGES.datesWithoutPrice });
    expect(errorsOf({ promoPrice: '99', promoFrom: '2026-02-30' })).toEqual({ promoFrom: PROMOTION_MESSAGES.dateInvalid });
  });

  it('accepts a one-day promotion („Od” = „Do”) and one open on either side', () => {
    expect(errorsOf({ promoPrice: '99', promoFrom: '2026-12-24', promoTo: '2026-12-24' })).toEqual({});
    expect(errorsOf({ promoPrice: '99', promoTo: '2026-12-24' })).toEqual({});
    expect(errorsOf({ promoPrice: '0', promoFrom: '2026-12-24' })).toEqual({});
  });
});

describe('promotionState', () => {
  const row = { promo_price: 99, promo_starts_at: '2026-12-01T00:00:00+01:00', promo_ends_at: '2026-12-08T00:00:00+01:00' };
  it('says whether the promotion is planned, running or over, the end being exclusive', () => {
    expect(promotionState({ ...row, promo_price: null }, Date.parse('2026-12-02T12:00:00Z'))).toBe('none');
    expect(promotionState(row, Date.parse('2026-11-30T22:59:59.999Z'))).toBe('scheduled');
    expect(promotionState(row, Date.parse('2026-11-30T23:00:00Z'))).toBe('running');
    expect(promotionState(row, Date.parse('2026-12-07T23:00:00Z'))).toBe('ended');
    expect(promotionState({ ...row, promo_starts_at: null, promo_ends_at: null }, 0)).toBe('running');
  });
});
