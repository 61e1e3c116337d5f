import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { clampQuantity } from '../../domain/cart-quantity.ts';
import type { ProductRow } from '../../domain/product.ts';
import { findSize, stockFactsOf } from '../../domain/product-sizes.ts';
import { canBeOrdered } from '../../domain/stock.ts';
import { addToCart as addToCartInStore } from './cart-store.ts';

// The confirmation dialog (Headless UI, ~18 KiB gzip) is not needed to show the catalog, nor fetched while the page
// loads (JS until network idle): it loads when the visitor points at or focuses an add button, or adds.
const loadDialog = () => import('./added-to-cart-dialog.tsx');
type ConfirmationDialog = Awaited<ReturnType<typeof loadDialog>>['AddedToCartDialog'];

export interface AddToCartButtonProps {
  product: ProductRow;
  quantity?: number;
  /** The chosen size of a product sold in sizes; without one such a product is chosen on its page. */
  sizeId?: string;
  className?: string;
  /** Add-ons ticked under 'Dodaj do bukietu': one of each goes into the cart with the product. */
  addons?: readonly ProductRow[];
  /** Called once the product (and its add-ons) are in the cart. */
  onAdded?: () => void;
  /** The store's add; injectable for tests. */
  addToCart?: (productId: string, quantity: number, shown: ProductRow, sizeId?: string) => Promise<void>;
}

/**
 * Adds the product to the on-device cart and confirms it with a dialog
 * offering 'Kontynuuj zakupy' and 'Przejdź do kasy' (docs/spec.md §2, Shop).
 */
export function AddToCartButton(props: AddToCartButtonProps) {
  const { product, sizeId, className = 'btn-primary' } = props;
  if ((product.sizes ?? []).length > 0 && !findSize(product, sizeId)) {
    return (
      <Link to="/product/$id" params={{ id: product.id }} className={className} aria-label={`Wybierz rozmiar: ${product.name}`}>
        Wybierz rozmiar
      </Link>
    );
  }
  return <AddButton {...props} />;
}

function AddButton({
  product,
  quantity = 1,
  sizeId,
  className = 'btn-primary',
  addons = [],
  onAdded,
  addToCart = addToCartInStore,
}: AddToCartButtonProps) {
  // The dialog's component is held once loaded, not rendered through React.lazy: a lazy part revealed by Suspense
  // waits out React's reveal throttle (~300 ms) even when its code is already there.
  const [confirmed, setConfirmed] = useState<{ quantity: number; addons: readonly ProductRow[]; Dialog: ConfirmationDialog | null } | null>(
    null,
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const outOfStock = !canBeOrdered(stockFactsOf(product, sizeId));

  const add = async () => {
    const amount = clampQuantity(quantity);
    setBusy(true);
    setError(null);
    try {
      await addToCart(product.id, amount, product, sizeId);
      for (const addon of addons) await addToCart(addon.id, 1, addon);
      onAdded?.();
      const Dialog = await loadDialog().then(
        (module) => module.AddedToCartDialog,
        () => null,
      );
      setConfirmed({ quantity: amount, addons, Dialog });
    } catch {
      setError('Nie udało się dodać produktu do koszyka. Odśwież stronę i spróbuj ponownie.');
    } finally {
      setBusy(false);
    }
  };

  const close = () => setConfirmed(null);

  return (
    <>
      <button
        type="button"
        className={className}
        disabled={outOfStock || busy}
        aria-label={outOfStock ? undefined : `Dodaj do koszyka: ${product.name}`}
        onClick={() => void add()}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
      >
        {outOfStock ? 'Brak w magazynie' : 'Dodaj do koszyka'}
      </button>
      {error && (
        <p role="alert" className="mt-2 text-sm text-blush-700">
          {error}
        </p>
      )}
      {confirmed?.Dialog ? (
        <confirmed.Dialog product={product} quantity={confirmed.quantity} addons={confirmed.addons} onClose={close} />
      ) : confirmed ? (
        // Its code could not be fetched (offline before it was ever loaded): the line is in the cart all the same.
        <p role="status" className="mt-2 text-sm text-forest-800">
          Dodano do koszyka
        </p>
      ) : null}
    </>
  );
}
