import { useEffect, useMemo, useState } from 'react';
import { formatPln } from '../../domain/money.ts';
import type { ProductRow } from '../../domain/product.ts';
import { addonsForCart } from '../../domain/product-addons.ts';
import { priceInForce } from '../../domain/product-price.ts';
import type { KwiaciarniaDb } from '../../lib/db.ts';
import { useDeferredLiveQuery } from '../../lib/deferred-live-query.ts';
import { ProductImage, SMALL_THUMB_CLASS } from '../../lib/product-image.tsx';
import { addToCart } from './cart-store.ts';
import { fetchAddons } from './fetch-addons.ts';
import { reportCartWrite } from './report-cart-write.ts';

const readProducts = (db: KwiaciarniaDb) => db.products.toArray();

/**
 * 'Może jeszcze…' in the cart and at checkout: the add-ons that go with the flowers in the cart and are not in it
 * yet (docs/decisions/039-product-addons.md), from the device's copy of the catalogue and the server's add-ons
 * (newer where both have one): a first visit's copy may not be written yet. Nothing while neither has answered.
 */
export function AddonSuggestions({ productIds }: { productIds: readonly string[] }) {
  const stored = useDeferredLiveQuery(readProducts, []);
  const [fetched, setFetched] = useState<ProductRow[]>([]);
  useEffect(() => {
    let active = true;
    void fetchAddons().then((rows) => {
      if (active) setFetched(rows);
    });
    return () => {
      active = false;
    };
  }, []);
  const products = useMemo(() => {
    const byId = new Map((stored ?? []).map((product) => [product.id, product]));
    for (const product of fetched) byId.set(product.id, product);
    return [...byId.values()];
  }, [stored, fetched]);
  return <AddonSuggestionList addons={addonsForCart(products, productIds)} onAdd={(addon) => addToCart(addon.id, 1, addon)} />;
}

export interface AddonSuggestionListProps {
  addons: readonly ProductRow[];
  onAdd: (addon: ProductRow) => Promise<void>;
}

/**
 * The list itself: inline, never a dialog, so it never stands between the customer and the order. Each add-on has
 * its own 'Dodaj' button; an added one leaves the list (the cart holds it) and a status line says so.
 */
export function AddonSuggestionList({ addons, onAdd }: AddonSuggestionListProps) {
  const [added, setAdded] = useState<string | null>(null);
  if (addons.length === 0 && added === null) return null;
  return (
    <div className="mt-6 print:hidden" data-testid="addon-suggestions">
      {addons.length > 0 && (
        <section aria-labelledby="addon-suggestions-title">
          <h2 id="addon-suggestions-title" className="text-lg font-semibold text-forest-900">
            Może jeszcze…
          </h2>
          <ul className="mt-3 grid gap-2 sm:grid-cols-2">
            {addons.map((addon) => (
              <li key={addon.id} className="flex items-center gap-3 rounded-2xl border border-forest-100 bg-white p-2">
                <ProductImage product={addon} sizes="48px" className={SMALL_THUMB_CLASS} />
                <span className="min-w-0 flex-1 text-sm">
                  <span className="block font-medium text-ink">{addon.name}</span>
                  <span className="block text-ink-muted">{formatPln(priceInForce(addon))}</span>
                </span>
                <button
                  type="button"
                  className="btn-secondary min-h-11 shrink-0 px-4"
                  aria-label={`Dodaj do koszyka: ${addon.name}`}
                  onClick={() => reportCartWrite(onAdd(addon).then(() => setAdded(addon.name)))}
                >
                  Dodaj
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {/* Kept while the list empties, so the news of the last addition is still read out. */}
      <p role="status" className="sr-only">
        {added ? `Dodano do koszyka: ${added}` : ''}
      </p>
    </div>
  );
}
