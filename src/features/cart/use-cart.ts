import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { DEFAULT_DELIVERY_RATE_PER_KM, freeShippingThreshold } from '../../domain/delivery.ts';
import { amountSettingOr } from '../../domain/money.ts';
import { useDeferredLiveQuery } from '../../lib/deferred-live-query.ts';
import { usePublicSettings } from '../../lib/public-settings.ts';
import { buildCartView, missingProductIds, type CartView } from './cart-lines.ts';
import { checkMissingProducts, productChecks, subscribeToProductChecks } from './cart-product-check.ts';
import { cartSnapshot, keepCartSnapshot, noCartSnapshot, sameStoredCart, subscribeToCartSnapshot } from './cart-snapshot.ts';
import { readStoredCart } from './cart-store.ts';
import { usePublicSettingsKnown } from './settings-known.ts';

/**
 * The cart joined with the device's catalog, the chosen delivery method and
 * the owner's prices: the free-shipping threshold once it is known (never the
 * built-in default) and the per-km rate.
 * Dexie's liveQuery re-runs it whenever the cart, products or meta change, in
 * this tab or any other. Lines whose product the device lacks are checked
 * with the server (shared by the drawer, the cart page and the checkout).
 * Until the database answers, the copy this device kept of its last answer
 * (cart-snapshot.ts); `undefined` while neither is at hand.
 */
export function useCart(): CartView | undefined {
  // With a kept copy on screen, the database's code waits until the browser is idle (or the cart changes).
  const live = useDeferredLiveQuery(readStoredCart, [], cartSnapshot() ? 'idle' : undefined);
  const kept = useSyncExternalStore(subscribeToCartSnapshot, cartSnapshot, noCartSnapshot);
  // The database confirming the copy on screen changes nothing: the same object, so nothing renders again.
  const stored = live && kept && sameStoredCart(live, kept) ? kept : (live ?? kept);
  useEffect(() => {
    if (live) keepCartSnapshot(live);
  }, [live]);
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
