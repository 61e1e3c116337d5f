import { useLiveQuery } from 'dexie-react-hooks';
import { DEFAULT_CART_SHIPPING_METHOD, isCartShippingMethod } from '../../domain/cart.ts';
import { db } from '../../lib/db.ts';
import { buildCartView, type CartView } from './cart-lines.ts';
import { CART_SHIPPING_META_KEY } from './cart-store.ts';

/**
 * The cart joined with the device's catalogue and the chosen shipping method.
 * Dexie's liveQuery re-runs it whenever the cart, products or meta change, in
 * this tab or any other. `undefined` while the first read is in flight.
 */
export function useCart(): CartView | undefined {
  return useLiveQuery(async () => {
    const records = await db.cart.toArray();
    const products = records.length > 0 ? await db.products.bulkGet(records.map((r) => r.productId)) : [];
    const stored = await db.meta.get(CART_SHIPPING_META_KEY);
    const method = isCartShippingMethod(stored?.value) ? stored.value : DEFAULT_CART_SHIPPING_METHOD;
    return buildCartView(records, products, method);
  }, []);
}
