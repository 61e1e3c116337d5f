import { CATEGORY_IDS, type CategoryId } from '../../domain/categories.ts';

/* Plain functions: the shop page parses its search params with them on its first render. */

export const MAX_QUERY_LENGTH = 100;

export interface ShopSearch {
  category?: CategoryId | undefined;
  q?: string | undefined;
}

function isCategory(value: unknown): value is CategoryId {
  return typeof value === 'string' && (CATEGORY_IDS as readonly string[]).includes(value);
}

/** The `q` the URL should carry for what the customer typed: trimmed, at most 100 characters, blank means none. */
export function queryParam(text: string): string | undefined {
  const trimmed = text.trim().slice(0, MAX_QUERY_LENGTH);
  return trimmed === '' ? undefined : trimmed;
}

/**
 * Search params of /shop. An unknown category (old link, typo) falls back to
 * "all products" instead of failing the whole route; so does a broken `q`.
 */
export function parseShopSearch(search: Record<string, unknown>): ShopSearch {
  return {
    category: isCategory(search.category) ? search.category : undefined,
    q: typeof search.q === 'string' || typeof search.q === 'number' ? queryParam(String(search.q)) : undefined,
  };
}
