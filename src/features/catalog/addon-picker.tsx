import { useId } from 'react';
import { formatPln } from '../../domain/money.ts';
import type { ProductRow } from '../../domain/product.ts';
import { priceInForce } from '../../domain/product-price.ts';
import { ProductImage, SMALL_THUMB_CLASS } from '../../lib/product-image.tsx';

export interface AddonPickerProps {
  addons: readonly ProductRow[];
  chosen: ReadonlySet<string>;
  onToggle: (productId: string, chosen: boolean) => void;
}

/**
 * 'Dodaj do bukietu' on a bouquet's page: a native checkbox per add-on in a fieldset, so Tab and Space work and a
 * screen reader hears the group, each add-on's name and price and whether it is ticked. The ticked ones go into
 * the cart with the bouquet (docs/decisions/039-product-addons.md).
 */
export function AddonPicker({ addons, chosen, onToggle }: AddonPickerProps) {
  const hintId = useId();
  if (addons.length === 0) return null;
  return (
    <fieldset className="mt-6" data-testid="addon-picker" aria-describedby={hintId}>
      <legend className="text-sm font-semibold text-forest-900">Dodaj do bukietu</legend>
      <p id={hintId} className="text-sm text-ink-muted">
        Zaznaczone dodatki trafią do koszyka razem z bukietem.
      </p>
      <ul className="mt-2 grid gap-2 sm:grid-cols-2">
        {addons.map((addon) => (
          <li key={addon.id}>
            <label className="flex min-h-12 cursor-pointer items-center gap-3 rounded-2xl border border-forest-200 bg-white p-2 text-sm has-checked:border-forest-700 has-checked:bg-forest-50 has-focus-visible:outline-2 has-focus-visible:outline-forest-700">
              <input
                type="checkbox"
                name="addon"
                value={addon.id}
                checked={chosen.has(addon.id)}
                onChange={(event) => onToggle(addon.id, event.target.checked)}
                className="size-5 shrink-0 accent-forest-700"
              />
              <ProductImage product={addon} sizes="48px" className={SMALL_THUMB_CLASS} />
              <span className="min-w-0 flex-1">
                <span className="block font-medium text-ink">{addon.name}</span>
                <span className="block text-ink-muted">+ {formatPln(priceInForce(addon))}</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
