import { AddToCartButton } from '../features/cart/add-to-cart-button.tsx';
import { CARD_ACTION_CLASS } from '../features/catalog/product-card.tsx';
import type { ProductRow } from '../domain/product.ts';

/**
 * A product card's action on every catalogue page: the cart's add button.
 * One function for all of them, so the grid sees the same one on every
 * render and skips re-rendering its cards. Not a route: the router skips
 * files whose names start with '-'.
 */
export function renderCardAction(product: ProductRow) {
  return <AddToCartButton product={product} className={CARD_ACTION_CLASS} />;
}
