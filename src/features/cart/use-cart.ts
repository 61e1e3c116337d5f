import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { DEFAULT_CART_SHIPPING_METHOD, isCartShippingMethod } from '../../domain/cart.ts';
import { DEFAULT_DELIVERY_RATE_PER_KM, freeShippingThreshold } from '../../domain/delivery.ts';
import { amountSettingOr } from '../../domain/money.ts';
import { db } from '../../lib/db.ts';
import { usePublicSettings } from '../../lib/public-settings.ts';
import { buildCartView, missingProductIds, type CartView } from './cart-lines.ts';
import { checkMissingProducts, productChecks, subscribeToProductChecks } from './cart-product-check.ts';
import { CART_SHIPPING_META_KEY } from './cart-store.ts';
import { usePublicSettingsKnown } from './settings-known.ts';

/**
 * The cart joined with the device's catalog, the chosen delivery method and
 * the owner's prices: the free-shipping threshold once it is known (never the
 * built-in default) and the per-km rate.
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
  const settings = usePublicSettings();
  const known = usePublicSettingsKnown();
  const freeThreshold = known ? freeShippingThreshold(settings.free_shipping_threshold) : null;
  const ratePerKm = amountSettingOr(settings.delivery_rate_per_km, DEFAULT_DELIVERY_RATE_PER_KM);

  const missing = stored ? missingProductIds(stored.records, stored.products, checks) : [];
  // Keyed by the ids, not the answers: a found product stays missing until the live query sees its stored row,
  // and must not be asked about again meanwhile.
  const missingKey = missing.join(',');
  useEffect(() => {
    if (missingKey !== '') checkMissingProducts(missingKey.split(','));
  }, [missingKey]);

  return useMemo(
    () => stored && buildCartView(stored.records, stored.products, stored.method, checks, { freeThreshold, ratePerKm }),
    [stored, checks, freeThreshold, ratePerKm],
  );
}
