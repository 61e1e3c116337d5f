import type { CartShippingMethod } from '../../domain/cart.ts';
import type { ProductRow } from '../../domain/product.ts';
import { MAX_QUANTITY, clampQuantity } from '../../domain/cart-quantity.ts';
import { loadDb } from '../../lib/deferred-live-query.ts';

/** The db.meta key that keeps the cart page's shipping choice. */
export const CART_SHIPPING_META_KEY = 'cartShippingMethod';

/**
 * Adds a product; a product already in the cart gets its quantity increased
 * (docs/spec.md §4), read and written in one transaction so two tabs cannot lose an
 * update, and capped at 999.
 */
export async function addToCart(productId: string, quantity = 1, shown?: ProductRow): Promise<void> {
  const db = await loadDb();
  const added = clampQuantity(quantity);
  await db.transaction('rw', db.cart, db.products, async () => {
    // The product as the page showed it, where the device has no copy yet (a first visit stores the catalogue when
    // idle): the cart and the checkout then show the line at once, not after asking the server about it.
    if (shown?.id === productId && !(await db.products.get(productId))) await db.products.put(shown);
    const existing = await db.cart.get(productId);
    if (existing) {
      await db.cart.update(productId, { quantity: Math.min(MAX_QUANTITY, existing.quantity + added) });
    } else {
      await db.cart.add({ productId, quantity: added, addedAt: new Date().toISOString() });
    }
  });
}

/** Sets a line's quantity (minimum 1, maximum 999); a line no longer in the cart is left alone. */
export async function setQuantity(productId: string, quantity: number): Promise<void> {
  const db = await loadDb();
  await db.cart.update(productId, { quantity: clampQuantity(quantity) });
}

/** Applies several edited quantities at once ('Przelicz koszyk'). */
export async function setQuantities(changes: ReadonlyArray<{ productId: string; quantity: number }>): Promise<void> {
  const db = await loadDb();
  await db.transaction('rw', db.cart, async () => {
    for (const change of changes) {
      await db.cart.update(change.productId, { quantity: clampQuantity(change.quantity) });
    }
  });
}

export async function removeLine(productId: string): Promise<void> {
  const db = await loadDb();
  await db.cart.delete(productId);
}

export async function clearCart(): Promise<void> {
  const db = await loadDb();
  await db.cart.clear();
}

export async function setCartShippingMethod(method: CartShippingMethod): Promise<void> {
  const db = await loadDb();
  await db.meta.put({ key: CART_SHIPPING_META_KEY, value: method });
}
