import * as v from 'valibot';
import { CATEGORY_IDS, DEFAULT_CATEGORY, type CategoryId } from './categories.ts';
import { parseDecimalText } from './money.ts';
import type { ProductRow } from './product.ts';
import {
  EMPTY_PROMOTION_FORM,
  promotionChecks,
  promotionEntries,
  promotionFormValues,
  toPromotionInput,
  type PromotionFormValues,
  type PromotionInput,
} from './promotion-schema.ts';
import {
  EMPTY_PRODUCT_LEGAL_FORM,
  productLegalEntries,
  productLegalFormValues,
  toProductLegalInput,
  type ProductLegalFormValues,
  type ProductLegalInput,
} from './product-legal-schema.ts';

/**
 * The admin product form (docs/spec.md §3 Product, §5 Product form), defined once:
 * name, category, description, price (≥ 0, grosz precision), stock (≥ 0,
 * whole), image URL and the featured flag. Limits match the products table.
 */

export const PRODUCT_LIMITS = { name: 200, description: 4000, imageUrl: 2048, maxPrice: 99_999_999.99, maxStock: 2_147_483_647 } as const;

export const PRODUCT_MESSAGES = {
  nameRequired: 'Nazwa jest wymagana',
  nameTooLong: `Nazwa może mieć najwyżej ${PRODUCT_LIMITS.name} znaków`,
  categoryRequired: 'Wybierz kategorię',
  descriptionRequired: 'Opis jest wymagany',
  descriptionTooLong: `Opis może mieć najwyżej ${PRODUCT_LIMITS.description} znaków`,
  priceRequired: 'Cena jest wymagana',
  priceNotNumber: 'Cena musi być liczbą',
  priceNegative: 'Cena nie może być ujemna',
  pricePrecision: 'Cena może mieć najwyżej 2 miejsca po przecinku',
  priceTooHigh: 'Cena jest za wysoka',
  stockRequired: 'Stan magazynowy jest wymagany',
  stockNotInteger: 'Stan magazynowy musi być liczbą całkowitą',
  stockNegative: 'Stan magazynowy nie może być ujemny',
  stockTooHigh: 'Stan magazynowy jest za duży',
  imageRequired: 'Dodaj zdjęcie albo podaj adres URL obrazka',
  imageInvalid: 'Podaj prawidłowy adres URL obrazka',
} as const;

/** What the form edits: numbers as typed text (a comma is accepted as the decimal mark). */
/** The withdrawal rule and the GPSR details come from product-legal-schema.ts. */
export interface ProductFormValues extends ProductLegalFormValues, PromotionFormValues {
  name: string;
  category: CategoryId;
  description: string;
  price: string;
  stock: string;
  imageUrl: string;
  isFeatured: boolean;
  /** 'Na zamówienie': made for each order, stock not counted. */
  madeToOrder: boolean;
  /** 'Dodatek do bukietu': offered beside flowers (src/domain/product-addons.ts). */
  isAddon: boolean;
}

/** The columns the owner writes. */
export interface ProductInput extends ProductLegalInput, PromotionInput {
  name: string;
  category: CategoryId;
  description: string;
  price: number;
  stock: number;
  image_url: string;
  is_featured: boolean;
  made_to_order: boolean;
  is_addon: boolean;
}

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  name: '',
  category: DEFAULT_CATEGORY,
  description: '',
  price: '',
  stock: '0',
  imageUrl: '',
  isFeatured: false,
  madeToOrder: false,
  isAddon: false,
  ...EMPTY_PRODUCT_LEGAL_FORM,
  ...EMPTY_PROMOTION_FORM,
};

/** '12,50' → 12.5; NaN for anything that is not a plain decimal number. */
export function parseDecimal(text: string): number {
  return parseDecimalText(text) ?? NaN;
}

/** An absolute http(s) address, or a path on the shop's own site ('/products/roza.svg'). */
export function isImageUrl(text: string): boolean {
  const value = text.trim();
  if (value.startsWith('/')) return !value.startsWith('//') && !/\s/.test(value);
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const requiredText = (required: string, max: number, tooLong: string) =>
  v.pipe(v.optional(v.string(required), ''), v.trim(), v.nonEmpty(required), v.maxLength(max, tooLong));

const priceSchema = v.pipe(
  v.optional(v.string(PRODUCT_MESSAGES.priceRequired), ''),
  v.trim(),
  v.nonEmpty(PRODUCT_MESSAGES.priceRequired),
  v.check((text) => Number.isFinite(parseDecimal(text)), PRODUCT_MESSAGES.priceNotNumber),
  v.transform(parseDecimal),
  v.minValue(0, PRODUCT_MESSAGES.priceNegative),
  v.check((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, PRODUCT_MESSAGES.pricePrecision),
  v.maxValue(PRODUCT_LIMITS.maxPrice, PRODUCT_MESSAGES.priceTooHigh),
);

const stockSchema = v.pipe(
  v.optional(v.string(PRODUCT_MESSAGES.stockRequired), ''),
  v.trim(),
  v.nonEmpty(PRODUCT_MESSAGES.stockRequired),
  v.check((text) => Number.isFinite(parseDecimal(text)), PRODUCT_MESSAGES.stockNotInteger),
  v.transform(parseDecimal),
  v.minValue(0, PRODUCT_MESSAGES.stockNegative),
  v.integer(PRODUCT_MESSAGES.stockNotInteger),
  v.maxValue(PRODUCT_LIMITS.maxStock, PRODUCT_MESSAGES.stockTooHigh),
);

const productFields = v.object({
  name: requiredText(PRODUCT_MESSAGES.nameRequired, PRODUCT_LIMITS.name, PRODUCT_MESSAGES.nameTooLong),
  category: v.picklist(CATEGORY_IDS, PRODUCT_MESSAGES.categoryRequired),
  description: requiredText(PRODUCT_MESSAGES.descriptionRequired, PRODUCT_LIMITS.description, PRODUCT_MESSAGES.descriptionTooLong),
  price: priceSchema,
  stock: stockSchema,
  imageUrl: v.pipe(
    v.optional(v.string(PRODUCT_MESSAGES.imageInvalid), ''),
    v.trim(),
    v.maxLength(PRODUCT_LIMITS.imageUrl, PRODUCT_MESSAGES.imageInvalid),
    v.check((value) => value === '' || isImageUrl(value), PRODUCT_MESSAGES.imageInvalid),
  ),
  isFeatured: v.optional(v.boolean(), false),
  madeToOrder: v.optional(v.boolean(), false),
  isAddon: v.optional(v.boolean(), false),
  ...productLegalEntries,
  ...promotionEntries,
});

type ProductFields = v.InferOutput<typeof productFields>;

/** Marks 'Adres URL obrazka' when the product has nothing to show; valibot's path types need the casts, as in promotion-schema.ts. */
function imageRule(hasPhotos: boolean): v.BaseValidation<ProductFields, ProductFields, v.BaseIssue<unknown>> {
  const check = v.partialCheck(
    [['imageUrl']] as never,
    ((input: { imageUrl: string }) => hasPhotos || input.imageUrl !== '') as never,
    PRODUCT_MESSAGES.imageRequired,
  );
  return v.forward(check as never, ['imageUrl'] as never) as unknown as v.BaseValidation<
    ProductFields,
    ProductFields,
    v.BaseIssue<unknown>
  >;
}

/**
 * The product form, for a product with or without uploaded photos: a product
 * without any needs the address of an illustration, which the shop then
 * shows; with photos the address is optional.
 */
export function productFormSchemaFor(hasPhotos: boolean) {
  return v.pipe(productFields, ...promotionChecks<ProductFields>(), imageRule(hasPhotos));
}

export const productFormSchema = productFormSchemaFor(false);

export type ProductFormOutput = v.InferOutput<typeof productFormSchema>;

/** The validated form as the products row's columns. */
export function toProductInput(output: ProductFormOutput): ProductInput {
  return {
    name: output.name,
    category: output.category,
    description: output.description,
    price: Math.round(output.price * 100) / 100,
    stock: output.stock,
    image_url: output.imageUrl,
    is_featured: output.isFeatured,
    made_to_order: output.madeToOrder,
    is_addon: output.isAddon,
    ...toProductLegalInput(output),
    ...toPromotionInput(output),
  };
}

/** An existing row as the form shows it (a number input wants a decimal point). */
export function productFormValues(row: ProductRow): ProductFormValues {
  return {
    name: row.name,
    category: row.category,
    description: row.description,
    price: Number(row.price).toFixed(2),
    stock: String(row.stock),
    imageUrl: row.image_url,
    isFeatured: row.is_featured,
    madeToOrder: row.made_to_order === true,
    isAddon: row.is_addon === true,
    ...productLegalFormValues(row),
    ...promotionFormValues(row),
  };
}
