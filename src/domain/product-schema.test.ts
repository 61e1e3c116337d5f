import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { issuesByField } from './validation-issues.ts';
import {
  EMPTY_PRODUCT_FORM,
  isImageUrl,
  parseDecimal,
  productFormSchema,
  productFormSchemaFor,
  productFormValues,
  toProductInput,
  type ProductFormValues,
} from './product-schema.ts';

const valid: ProductFormValues = {
  ...EMPTY_PRODUCT_FORM,
  name: ' Bukiet róż ',
  category: 'live-flowers',
  description: 'Dwanaście czerwonych róż.',
  price: '129,99',
  stock: '4',
  imageUrl: '/products/bukiet.svg',
  isFeatured: true,
  madeToOrder: true,
};

/** What a product without its own safety details, withdrawal rule or promotion holds in the form. */
const NO_LEGAL_DETAILS_OR_PROMOTION = {
  withdrawalRule: 'category',
  vatRate: '',
  manufacturerName: '',
  manufacturerAddress: '',
  manufacturerContact: '',
  safetyWarnings: '',
  promoPrice: '',
  promoFrom: '',
  promoTo: '',
} as const;

const errorsOf = (values: Partial<ProductFormValues>) => {
  const result = v.safeParse(productFormSchema, { ...valid, ...values });
  return result.success ? {} : issuesByField(result.issues);
};

describe('product form schema', () => {
  it('keeps the add-on mark the owner ticks', () => {
    expect(toProductInput(v.parse(productFormSchema, { ...valid, isAddon: true })).is_addon).toBe(true);
  });

  it('accepts a full product and turns it into columns', () => {
    const output = v.parse(productFormSchema, valid);
    expect(toProductInput(output)).toEqual({
      name: 'Bukiet róż',
      category: 'live-flowers',
      description: 'Dwanaście czerwonych róż.',
      price: 129.99,
      stock: 4,
      image_url: '/products/bukiet.svg',
      is_featured: true,
      made_to_order: true,
      is_addon: false,
      withdrawal_rule: 'category',
      vat_rate: null,
      manufacturer_name: null,
      manufacturer_address: null,
      manufacturer_contact: null,
      safety_warnings: null,
      promo_price: null,
      promo_starts_at: null,
      promo_ends_at: null,
    });
  });

  it('starts a new product in live-flowers with stock 0', () => {
    expect(EMPTY_PRODUCT_FORM.category).toBe('live-flowers');
    expect(EMPTY_PRODUCT_FORM.isFeatured).toBe(false);
    expect(EMPTY_PRODUCT_FORM.isAddon).toBe(false);
  });

  it('reports every required field in Polish on an empty form', () => {
    const result = v.safeParse(productFormSchema, { ...EMPTY_PRODUCT_FORM, stock: '' });
    expect(result.success).toBe(false);
    expect(issuesByField(result.issues ?? [])).toEqual({
      name: 'Nazwa jest wymagana',
      description: 'Opis jest wymagany',
      price: 'Cena jest wymagana',
      stock: 'Stan magazynowy jest wymagany',
      imageUrl: 'Dodaj zdjęcie albo podaj adres URL obrazka',
    });
  });

  it('takes a product without an illustration address once it has photos, and still checks an address given', () => {
    const withPhotos = productFormSchemaFor(true);
    const filled = { ...EMPTY_PRODUCT_FORM, name: 'Bukiet', description: 'Róże', price: '99', stock: '1' };
    expect(v.safeParse(withPhotos, filled).success).toBe(true);
    expect(v.safeParse(productFormSchema, filled).success).toBe(false);
    const bad = v.safeParse(withPhotos, { ...filled, imageUrl: 'javascript:alert(1)' });
    expect(issuesByField(bad.issues ?? [])).toEqual({ imageUrl: 'Podaj prawidłowy adres URL obrazka' });
  });

  it.each([
    [{ price: '-1' }, 'price', 'Cena nie może być ujemna'],
    [{ price: 'abc' }, 'price', 'Cena musi być liczbą'],
    [{ price: '1.999' }, 'price', 'Cena może mieć najwyżej 2 miejsca po przecinku'],
    [{ stock: '-2' }, 'stock', 'Stan magazynowy nie może być ujemny'],
    [{ stock: '1.5' }, 'stock', 'Stan magazynowy musi być liczbą całkowitą'],
    [{ imageUrl: 'not a url' }, 'imageUrl', 'Podaj prawidłowy adres URL obrazka'],
    [{ imageUrl: 'javascript:alert(1)' }, 'imageUrl', 'Podaj prawidłowy adres URL obrazka'],
    [{ name: '   ' }, 'name', 'Nazwa jest wymagana'],
    [{ category: 'weapons' as never }, 'category', 'Wybierz kategorię'],
  ])('%o → %s: %s', (values, field, message) => {
    expect(errorsOf(values)[field]).toBe(message);
  });

  it('accepts price 0 and two decimals, absolute http(s) and site-relative image addresses', () => {
    expect(errorsOf({ price: '0' })).toEqual({});
    expect(errorsOf({ price: '0.01' })).toEqual({});
    expect(isImageUrl('https://example.com/a.png')).toBe(true);
    expect(isImageUrl('/products/a.svg')).toBe(true);
    expect(isImageUrl('//evil.example/a.svg')).toBe(false);
    expect(isImageUrl('ftp://example.com/a.png')).toBe(false);
  });

  it('parses decimals with a comma or a point and rejects the rest', () => {
    expect(parseDecimal('12,50')).toBe(12.5);
    expect(parseDecimal(' 7 ')).toBe(7);
    expect(parseDecimal('1e3')).toBeNaN();
    expect(parseDecimal('')).toBeNaN();
  });

  it('shows an existing row in the form with a two-decimal price', () => {
    expect(
      productFormValues({
        id: 'x',
        name: 'Znicz',
        description: 'd',
        price: 12.5,
        category: 'candles',
        image_url: '/z.svg',
        is_featured: false,
        is_addon: true,
        stock: 3,
        active: true,
        created_at: '',
      }),
    ).toEqual({
      name: 'Znicz',
      category: 'candles',
      description: 'd',
      price: '12.50',
      stock: '3',
      imageUrl: '/z.svg',
      isFeatured: false,
      madeToOrder: false,
      isAddon: true,
      ...NO_LEGAL_DETAILS_OR_PROMOTION,
    });
  });
});
