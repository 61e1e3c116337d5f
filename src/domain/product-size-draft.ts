import { formatAmountInput } from './amount-input.ts';
import { fromPln, grosz, parseAmountText, toPln } from './money.ts';
import type { ProductSize } from './product.ts';

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
  /** Empty: no promotion. A promotion runs from saving until it is cleared. */
  promoPrice: string;
  stock: string;
  madeToOrder: boolean;
  photoId: string | null;
}

export type SizeDraftField = 'label' | 'price' | 'promoPrice' | 'stock';

/** A product_sizes row as the form writes it (PLN, as the database keeps money). */
export interface SizeRowInput {
  id: string;
  label: string;
  position: number;
  price: number;
  promo_price: number | null;
  stock: number;
  made_to_order: boolean;
  photo_id: string | null;
}

export function sizeDraftOf(size: ProductSize): SizeDraft {
  return {
    id: size.id,
    label: size.label,
    price: formatAmountInput(fromPln(size.price)),
    promoPrice: size.promo_price === null ? '' : formatAmountInput(fromPln(size.promo_price)),
    stock: String(size.stock),
    madeToOrder: size.made_to_order,
    photoId: size.photo_id,
  };
}

export function newSizeDraft(id: string): SizeDraft {
  return { id, label: '', price: '', promoPrice: '', stock: '0', madeToOrder: false, photoId: null };
}

/** Field errors by `${draft id}:${field}`, in Polish; none when the sizes can be saved. */
export type SizeDraftErrors = Record<string, string>;

/** The rows to save in the order shown, or the errors to show beside the fields. */
export function parseSizeDrafts(drafts: readonly SizeDraft[]): { rows: SizeRowInput[]; errors: SizeDraftErrors } {
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
    const promo = draft.promoPrice.trim() === '' ? null : parseAmountText(draft.promoPrice);
    if (draft.promoPrice.trim() !== '' && (promo === null || promo <= 0))
      errors[`${draft.id}:promoPrice`] = 'Podaj cenę promocyjną, np. 99,00';
    else if (promo !== null && price !== null && promo >= price)
      errors[`${draft.id}:promoPrice`] = 'Cena promocyjna musi być niższa od ceny';
    const stock = /^\d{1,6}$/.test(draft.stock.trim()) ? Number(draft.stock.trim()) : null;
    if (stock === null && !draft.madeToOrder) errors[`${draft.id}:stock`] = 'Podaj liczbę sztuk (0 lub więcej)';
    return {
      id: draft.id,
      label,
      position,
      price: toPln(price ?? grosz(0)),
      promo_price: promo === null ? null : toPln(promo),
      stock: stock ?? 0,
      made_to_order: draft.madeToOrder,
      photo_id: draft.photoId,
    };
  });
  return { rows, errors };
}
