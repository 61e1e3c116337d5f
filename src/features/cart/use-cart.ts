import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { DEFAULT_CART_SHIPPING_METHOD, isCartShippingMethod } from '../../domain/cart.ts';
import { db } from '../../lib/db.ts';
import { freeShippingThreshold, usePublicSettings } from '../../lib/public-settings.ts';
import { buildCartView, missingProductIds, type CartView } from './cart-lines.ts';
import { checkMissingProducts, productChecks, subscribeToProductChecks } from './cart-product-check.ts';
import { CART_SHIPPING_META_KEY } from './cart-store.ts';

/**
 * The cart joined with the device's catalog, the chosen shipping method and
 * the owner's free-shipping threshold.
 * Dexie's liveQuery re-runs it whenever the cart, products or meta change, in
 * this tab or any other. Lines whose product the device lacks are checked
 * with the server (shared by the drawer, the cart page and the checkout).
 * `undefined` while the first read is in flight.
 */
export function useCart(): CartView | undefined {
  const stored = useLiveQuery(async () => {
    const records = await db.cart.toArray();
    const products = records.length > 0 ? await db.products.bulkGet(records.map((r) => r.productId)) : [];
    const meta = await db.meta.get(CART_SHIPPING_META_KEY);
    const method = isCartShippingMethod(meta?.value) ? meta.value : DEFAULT_CART_SHIPPING_METHOD;
    return { records, products, method };
  }, []);
  const checks = useSyncExternalStore(subscribeToProductChecks, productChecks, productChecks);
  const freeThreshold = freeShippingThreshold(usePublicSettings());

  const missing = stored ? missingProductIds(stored.records, stored.products, checks) : [];
  // Keyed by the ids, not the answers: a found product stays missing until the live query sees its stored row,
  // and must not be asked about again meanwhile.
  const missingKey = missing.join(',');
  useEffect(() => {
    if (missingKey !== '') checkMissingProducts(missingKey.split(','));
  }, [missingKey]);

  return useMemo(
    () => stored && buildCartView(stored.records, stored.products, stored.method, checks, freeThreshold),
    [stored, checks, freeThreshold],
  );
}
