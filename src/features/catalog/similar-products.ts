import type { ProductRow } from '../../domain/product.ts';

export const SIMILAR_PRODUCTS_LIMIT = 3;

/** Up to `limit` other products of the same category, in catalog order (newest first). */
export function similarProducts(products: readonly ProductRow[], product: ProductRow, limit = SIMILAR_PRODUCTS_LIMIT): ProductRow[] {
  return products.filter((other) => other.category === product.category && other.id !== product.id).slice(0, limit);
}
