import { CATEGORY_IDS, type CategoryId } from '../../domain/categories.ts';
import { formatAmountInput } from '../../domain/amount-input.ts';
import { parseAmountText, type Grosz } from '../../domain/money.ts';

/* Plain functions: the shop page parses its search params with them on its first render. */

export const MAX_QUERY_LENGTH = 100;

/** The orders the customer may choose; without one, search results come best match first and the catalog newest first. */
export const SHOP_SORTS = ['newest', 'price-asc', 'price-desc'] as const;
export type ShopSort = (typeof SHOP_SORTS)[number];

export interface ShopSearch {
  category?: CategoryId | undefined;
  q?: string | undefined;
  sort?: ShopSort | undefined;
  /** The price range in force, inclusive; grosz. */
  min?: Grosz | undefined;
  max?: Grosz | undefined;
}

function isCategory(value: unknown): value is CategoryId {
  return typeof value === 'string' && (CATEGORY_IDS as readonly string[]).includes(value);
}

function isSort(value: unknown): value is ShopSort {
  return typeof value === 'string' && (SHOP_SORTS as readonly string[]).includes(value);
}

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : undefined);

/** The `q` the URL should carry for what the customer typed: trimmed, at most 100 characters, blank means none. */
export function queryParam(typed: string): string | undefined {
  const trimmed = typed.trim().slice(0, MAX_QUERY_LENGTH);
  return trimmed === '' ? undefined : trimmed;
}

/** A price bound as the box shows it: '50', '49,99'. */
export function amountText(amount: Grosz | undefined): string {
  return amount === undefined ? '' : formatAmountInput(amount);
}

/**
 * Search params of /shop. An unknown category (old link, typo) falls back to
 * "all products" instead of failing the whole route; so does a broken `q`,
 * sort or price.
 */
export function parseShopSearch(search: Record<string, unknown>): ShopSearch {
  const q = text(search.q);
  return {
    category: isCategory(search.category) ? search.category : undefined,
    q: q === undefined ? undefined : queryParam(q),
    sort: isSort(search.sort) ? search.sort : undefined,
    min: parseAmountText(text(search.min)) ?? undefined,
    max: parseAmountText(text(search.max)) ?? undefined,
  };
}
