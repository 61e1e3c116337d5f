import { DEFAULT_CART_SHIPPING_METHOD, isCartShippingMethod, type CartShippingMethod } from '../../domain/cart.ts';
import type { ProductRow } from '../../domain/product.ts';
import { MAX_QUANTITY, clampQuantity } from '../../domain/cart-quantity.ts';
import { cartLineKey, findSize } from '../../domain/product-sizes.ts';
import type { KwiaciarniaDb } from '../../lib/db.ts';
import { loadDb } from '../../lib/deferred-live-query.ts';
import { forgetCartSnapshot, keepCartSnapshot, type StoredCart } from './cart-snapshot.ts';

/** The db.meta key that keeps the cart page's shipping choice. */
export const CART_SHIPPING_META_KEY = 'cartShippingMethod';

/** The cart's lines, the products the device knows for them, and the chosen delivery: what the cart views are built from. */
export async function readStoredCart(db: KwiaciarniaDb): Promise<StoredCart> {
  const records = await db.cartLines.toArray();
  const products = records.length > 0 ? await db.products.bulkGet(records.map((r) => r.productId)) : [];
  const meta = await db.meta.get(CART_SHIPPING_META_KEY);
  const method = isCartShippingMethod(meta?.value) ? meta.value : DEFAULT_CART_SHIPPING_METHOD;
  return { records, products, method };
}

/**
 * Changes the cart in one transaction and keeps the copy the next page shows first (cart-snapshot.ts) as
 * that transaction left the cart. The copy from before is dropped first: no page may show it once the change began.
 */
async function changeCart(change: (db: KwiaciarniaDb) => Promise<unknown>): Promise<void> {
  forgetCartSnapshot();
  const db = await loadDb();
  const after = await db.transaction('rw', db.cartLines, db.products, db.meta, async () => {
    await change(db);
    return readStoredCart(db);
  });
  keepCartSnapshot(after);
}

/**
 * Adds a product (in the chosen size, when it has sizes); a line already in the cart gets its quantity increased
 * (docs/spec.md §4), read and written in one transaction so two tabs cannot lose an
 * update, and capped at 999.
 */
export async function addToCart(productId: string, quantity = 1, shown?: ProductRow, sizeId?: string): Promise<void> {
  const key = cartLineKey(productId, sizeId);
  const added = clampQuantity(quantity);
  await changeCart(async (db) => {
    // The product as the page showed it, where the device has no copy yet (a first visit stores the catalogue when
    // idle): the cart and the checkout then show the line at once, not after asking the server about it.
    // So does a copy stored before the product had the chosen size.
    if (shown?.id === productId) {
      const stored = await db.products.get(productId);
      if (!stored || (sizeId && !findSize(stored, sizeId))) await db.products.put(shown);
    }
    const existing = await db.cartLines.get(key);
    if (existing) {
      await db.cartLines.update(key, { quantity: Math.min(MAX_QUANTITY, existing.quantity + added) });
    } else {
      await db.cartLines.add({ key, productId, ...(sizeId ? { sizeId } : {}), quantity: added, addedAt: new Date().toISOString() });
    }
  });
}

/** Sets a line's quantity (minimum 1, maximum 999); a line no longer in the cart is left alone. Lines by their key. */
export async function setQuantity(key: string, quantity: number): Promise<void> {
  await changeCart((db) => db.cartLines.update(key, { quantity: clampQuantity(quantity) }));
}

/** Applies several edited quantities at once ('Przelicz koszyk'). */
export async function setQuantities(changes: ReadonlyArray<{ key: string; quantity: number }>): Promise<void> {
  await changeCart(async (db) => {
    for (const change of changes) {
      await db.cartLines.update(change.key, { quantity: clampQuantity(change.quantity) });
    }
  });
}

export async function removeLine(key: string): Promise<void> {
  await changeCart((db) => db.cartLines.delete(key));
}

export async function clearCart(): Promise<void> {
  await changeCart((db) => db.cartLines.clear());
}

export async function setCartShippingMethod(method: CartShippingMethod): Promise<void> {
  await changeCart((db) => db.meta.put({ key: CART_SHIPPING_META_KEY, value: method }));
}
