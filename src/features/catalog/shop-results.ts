import type { Grosz } from '../../domain/money.ts';
import type { ProductRow } from '../../domain/product.ts';
import { cardPrice } from '../../domain/product-sizes.ts';
import type { SearchRule } from './search-rule.ts';
import type { ShopSearch } from './shop-search.ts';

// A product in sizes sorts and filters by the price its card shows ('od …'): its lowest size's.
const byPrice = (direction: 1 | -1) => (a: ProductRow, b: ProductRow) => direction * (cardPrice(a).price - cardPrice(b).price);

function inRange(product: ProductRow, min: Grosz | undefined, max: Grosz | undefined): boolean {
  const price = cardPrice(product).price;
  return (min === undefined || price >= min) && (max === undefined || price <= max);
}

/**
 * What /shop lists for its search params, on the server and in the browser
 * alike: the category, the price range (the price in force, promotions
 * included) and the search (with `search`, the domain's rule, best match
 * first), in the chosen order (sorts are stable: equal prices keep the best
 * match first).
 */
export function shopResults(
  products: readonly ProductRow[],
  { category, q, sort, min, max }: ShopSearch,
  search: SearchRule | undefined,
): ProductRow[] {
  const chosen = products.filter((product) => (category === undefined || product.category === category) && inRange(product, min, max));
  const found = q && search ? search(chosen, q) : chosen;
  if (sort === 'price-asc') return found.sort(byPrice(1));
  if (sort === 'price-desc') return found.sort(byPrice(-1));
  // ISO timestamps sort as text.
  if (sort === 'newest') return found.sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
  return found;
}
