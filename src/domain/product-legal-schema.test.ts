import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { EMPTY_PRODUCT_FORM, productFormSchema, productFormValues, toProductInput, type ProductFormValues } from './product-schema.ts';
import type { ProductRow } from './product.ts';
import { issuesByField } from './validation-issues.ts';

const candle: ProductFormValues = {
  ...EMPTY_PRODUCT_FORM,
  name: 'Znicz szklany',
  category: 'candles',
  description: 'Czerwony znicz.',
  price: '19,99',
  stock: '10',
  imageUrl: '/products/znicz.svg',
};

const errorsOf = (values: Partial<ProductFormValues>) => {
  const result = v.safeParse(productFormSchema, { ...candle, ...values });
  return result.success ? {} : issuesByField(result.issues);
};

describe('product form: withdrawal rule and GPSR details', () => {
  it('a new product follows its category and has no GPSR details', () => {
    const input = toProductInput(v.parse(productFormSchema, candle));
    expect(input).toMatchObject({
      withdrawal_rule: 'category',
      manufacturer_name: null,
      manufacturer_address: null,
      manufacturer_contact: null,
      safety_warnings: null,
    });
  });

  it('keeps the chosen rule and the trimmed GPSR details; a blank answer becomes null', () => {
    const input = toProductInput(
      v.parse(productFormSchema, {
        ...candle,
        withdrawalRule: 'personalised',
        manufacturerName: '  Wytwórnia Zniczy sp. z o.o. ',
        manufacturerAddress: 'ul. Szklana 1, 37-700 Przemyśl',
        manufacturerContact: 'biuro@example.test, +48 16 000 00 00',
        safetyWarnings: '   ',
      }),
    );
    expect(input).toMatchObject({
      withdrawal_rule: 'personalised',
      manufacturer_name: 'Wytwórnia Zniczy sp. z o.o.',
      manufacturer_address: 'ul. Szklana 1, 37-700 Przemyśl',
      manufacturer_contact: 'biuro@example.test, +48 16 000 00 00',
      safety_warnings: null,
    });
  });

  it('refuses an unknown rule and over-long details in Polish, at the limits of the products table', () => {
    expect(errorsOf({ withdrawalRule: 'never' as never }).withdrawalRule).toBe('Wybierz zasadę prawa odstąpienia');
    expect(errorsOf({ manufacturerName: 'x'.repeat(200) })).toEqual({});
    expect(errorsOf({ manufacturerName: 'x'.repeat(201) }).manufacturerName).toBe('Nazwa producenta może mieć najwyżej 200 znaków');
    expect(errorsOf({ manufacturerAddress: 'x'.repeat(501) }).manufacturerAddress).toBe('Adres producenta może mieć najwyżej 500 znaków');
    expect(errorsOf({ manufacturerContact: 'x'.repeat(301) }).manufacturerContact).toBe(
      'Kontakt do producenta może mieć najwyżej 300 znaków',
    );
    expect(errorsOf({ safetyWarnings: 'x'.repeat(2001) }).safetyWarnings).toBe('Ostrzeżenia mogą mieć najwyżej 2000 znaków');
  });

  it('shows a stored row’s rule and details, and a row read before the columns existed as “by category”, empty', () => {
    const row: ProductRow = {
      id: 'p1',
      name: 'Znicz',
      description: '',
      price: 10,
      category: 'candles',
      image_url: '',
      is_featured: false,
      stock: 1,
      active: true,
      created_at: '',
    };
    expect(productFormValues(row)).toMatchObject({
      withdrawalRule: 'category',
      manufacturerName: '',
      safetyWarnings: '',
    });
    expect(
      productFormValues({
        ...row,
        withdrawal_rule: 'returnable',
        manufacturer_name: 'Firma',
        safety_warnings: 'Nie zostawiaj bez nadzoru.',
      }),
    ).toMatchObject({
      withdrawalRule: 'returnable',
      manufacturerName: 'Firma',
      manufacturerAddress: '',
      safetyWarnings: 'Nie zostawiaj bez nadzoru.',
    });
  });
});

describe('the product form: VAT rate', () => {
  it("stores the product's own rate, and the category's as null", () => {
    const own = v.parse(productFormSchema, { ...candle, vatRate: '8' });
    expect(toProductInput(own).vat_rate).toBe('8');
    expect(toProductInput(v.parse(productFormSchema, candle)).vat_rate).toBeNull();
  });

  it('refuses a rate outside the list with a Polish message', () => {
    const result = v.safeParse(productFormSchema, { ...candle, vatRate: '7' });
    expect(result.success).toBe(false);
    expect(issuesByField(result.issues ?? []).vatRate).toBe('Wybierz stawkę VAT');
  });

  it("shows a stored row's rate, and a row without one as the category's", () => {
    const row = {
      id: 'p',
      name: 'Znicz',
      description: '',
      price: 12,
      category: 'candles',
      image_url: '',
      is_featured: false,
      stock: 1,
      active: true,
      created_at: '',
    } as ProductRow;
    expect(productFormValues({ ...row, vat_rate: '5' }).vatRate).toBe('5');
    expect(productFormValues(row).vatRate).toBe('');
  });
});
