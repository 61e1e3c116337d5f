import { formatAmountInput } from './amount-input.ts';
import { isIsoDate } from './calendar/calendar-date.ts';
import { fromPln, grosz, parseAmountText, toPln, type Grosz } from './money.ts';
import type { ProductSize } from './product.ts';
import { PROMOTION_MESSAGES, promotionFormValues, toPromotionInput } from './promotion-schema.ts';

/**
 * The sizes as the owner edits them in the product form ('Rozmiary'), and
 * the rows they save as. Docs/decisions/038-product-sizes.md.
 */

export const MAX_PRODUCT_SIZES = 6;
export const MAX_SIZE_LABEL_LENGTH = 40;

export interface SizeDraft {
  /** Chosen on the device for a new size, so saving twice never adds it twice. */
  id: string;
  label: string;
  price: string;
  /** Empty: no promotion. */
  promoPrice: string;
  /** The promotion's Warsaw days as the product's own promotion takes them ('YYYY-MM-DD' or '': open on that side). */
  promoFrom: string;
  promoTo: string;
  stock: string;
  madeToOrder: boolean;
  /** One of the product's photos, shown first when the size is chosen; null: the product's own first photo. */
  photoId: string | null;
}

export type SizeDraftField = 'label' | 'price' | 'promoPrice' | 'promoFrom' | 'promoTo' | 'stock';

/** A product_sizes row as the form writes it (PLN, as the database keeps money). */
export interface SizeRowInput {
  id: string;
  label: string;
  position: number;
  price: number;
  promo_price: number | null;
  promo_starts_at: string | null;
  promo_ends_at: string | null;
  stock: number;
  made_to_order: boolean;
  photo_id: string | null;
}

export function sizeDraftOf(size: ProductSize): SizeDraft {
  const promotion = promotionFormValues(size);
  return {
    id: size.id,
    label: size.label,
    price: formatAmountInput(fromPln(size.price)),
    promoPrice: size.promo_price === null ? '' : formatAmountInput(fromPln(size.promo_price)),
    promoFrom: promotion.promoFrom,
    promoTo: promotion.promoTo,
    stock: String(size.stock),
    madeToOrder: size.made_to_order,
    photoId: size.photo_id,
  };
}

export function newSizeDraft(id: string): SizeDraft {
  return { id, label: '', price: '', promoPrice: '', promoFrom: '', promoTo: '', stock: '0', madeToOrder: false, photoId: null };
}

/** Field errors by `${draft id}:${field}`, in Polish; none when the sizes can be saved. */
export type SizeDraftErrors = Record<string, string>;

/**
 * The rows to save in the order shown, or the errors to show beside the fields. Given the product's photos as
 * they are now, a size keeps its photo only while the product does (a removed photo falls back to the product's own).
 */
export function parseSizeDrafts(
  drafts: readonly SizeDraft[],
  photoIds?: readonly string[],
): { rows: SizeRowInput[]; errors: SizeDraftErrors } {
  const errors: SizeDraftErrors = {};
  const seen = new Set<string>();
  const rows = drafts.map((draft, position): SizeRowInput => {
    const label = draft.label.trim();
    const key = label.toLocaleLowerCase('pl');
    if (label.length === 0) errors[`${draft.id}:label`] = 'Podaj nazwę rozmiaru';
    else if (label.length > MAX_SIZE_LABEL_LENGTH)
      errors[`${draft.id}:label`] = `Nazwa rozmiaru może mieć najwyżej ${MAX_SIZE_LABEL_LENGTH} znaków`;
    else if (seen.has(key)) errors[`${draft.id}:label`] = 'Ten rozmiar już jest na liście';
    seen.add(key);
    const price = parseAmountText(draft.price);
    if (price === null || price <= 0) errors[`${draft.id}:price`] = 'Podaj cenę większą od 0, np. 129,00';
    const promotion = sizePromotion(draft, price);
    for (const [field, message] of Object.entries(promotion.errors)) errors[`${draft.id}:${field}`] = message;
    const stock = /^\d{1,6}$/.test(draft.stock.trim()) ? Number(draft.stock.trim()) : null;
    if (stock === null && !draft.madeToOrder) errors[`${draft.id}:stock`] = 'Podaj liczbę sztuk (0 lub więcej)';
    return {
      id: draft.id,
      label,
      position,
      price: toPln(price ?? grosz(0)),
      ...promotion.columns,
      stock: stock ?? 0,
      made_to_order: draft.madeToOrder,
      photo_id: draft.photoId !== null && (photoIds?.includes(draft.photoId) ?? true) ? draft.photoId : null,
    };
  });
  return { rows, errors };
}

type PromotionField = 'promoPrice' | 'promoFrom' | 'promoTo';

/**
 * A size's promotion by the product's own rules (promotion-schema.ts): a price
 * below the size's price, Warsaw days with 'Do' not before 'Od', no days
 * without a price; saved as the product's are, 'Do' included.
 */
export function sizePromotion(
  draft: Pick<SizeDraft, PromotionField>,
  price: Grosz | null,
): { columns: Pick<SizeRowInput, 'promo_price' | 'promo_starts_at' | 'promo_ends_at'>; errors: Partial<Record<PromotionField, string>> } {
  const errors: Partial<Record<PromotionField, string>> = {};
  const text = draft.promoPrice.trim();
  const from = draft.promoFrom.trim();
  const to = draft.promoTo.trim();
  const promo = text === '' ? null : parseAmountText(text);
  if (text !== '' && (promo === null || promo <= 0)) errors.promoPrice = 'Podaj cenę promocyjną, np. 99,00';
  else if (promo !== null && price !== null && promo >= price) errors.promoPrice = PROMOTION_MESSAGES.priceNotLower;
  else if (text === '' && (from !== '' || to !== '')) errors.promoPrice = PROMOTION_MESSAGES.datesWithoutPrice;
  if (from !== '' && !isIsoDate(from)) errors.promoFrom = PROMOTION_MESSAGES.dateInvalid;
  if (to !== '' && !isIsoDate(to)) errors.promoTo = PROMOTION_MESSAGES.dateInvalid;
  else if (from !== '' && to !== '' && !errors.promoFrom && to < from) errors.promoTo = PROMOTION_MESSAGES.endBeforeStart;
  const valid = Object.keys(errors).length === 0 && promo !== null;
  return {
    columns: toPromotionInput({ promoPrice: valid ? toPln(promo) : null, promoFrom: from, promoTo: to }),
    errors,
  };
}
