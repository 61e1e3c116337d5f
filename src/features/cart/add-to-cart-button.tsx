import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { clampQuantity } from '../../domain/cart.ts';
import type { ProductRow } from '../../domain/product.ts';
import { addToCart as addToCartInStore } from './cart-store.ts';
import { ProductThumb } from './product-thumb.tsx';

export interface AddToCartButtonProps {
  product: ProductRow;
  quantity?: number;
  className?: string;
  /** The store's add; injectable for tests. */
  addToCart?: (productId: string, quantity: number) => Promise<void>;
}

/**
 * Adds the product to the on-device cart and confirms it with a dialog
 * offering 'KONTYNUUJ ZAKUPY' and 'PRZEJDŹ DO KASY' (spec §2, Shop).
 */
export function AddToCartButton({ product, quantity = 1, className = 'btn-primary', addToCart = addToCartInStore }: AddToCartButtonProps) {
  const [confirmed, setConfirmed] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const outOfStock = product.stock <= 0;

  const add = async () => {
    const amount = clampQuantity(quantity);
    setBusy(true);
    setError(null);
    try {
      await addToCart(product.id, amount);
      setConfirmed(amount);
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
      >
        {outOfStock ? 'Brak w magazynie' : 'Dodaj do koszyka'}
      </button>
      {error && (
        <p role="alert" className="mt-2 text-sm text-blush-700">
          {error}
        </p>
      )}
      <Dialog open={confirmed !== null} onClose={close} className="fixed inset-0 z-50">
        <DialogBackdrop
          transition
          className="fixed inset-0 bg-forest-900/40 transition-opacity duration-200 data-closed:opacity-0"
        />
        <div className="fixed inset-0 flex items-end justify-center p-4 sm:items-center">
          <DialogPanel
            transition
            className="w-full max-w-md rounded-2xl bg-cream p-6 shadow-xl transition duration-200 ease-out data-closed:translate-y-4 data-closed:opacity-0"
          >
            <DialogTitle className="text-xl font-semibold text-forest-900">Dodano do koszyka</DialogTitle>
            <div className="mt-4 flex items-center gap-4">
              <ProductThumb src={product.image_url || null} />
              <p className="text-ink">
                <span className="font-medium">{product.name}</span>{' '}
                <span className="whitespace-nowrap text-ink-muted">× {confirmed ?? clampQuantity(quantity)}</span>
              </p>
            </div>
            <div className="mt-6 flex flex-col gap-3 sm:flex-row-reverse">
              <Link to="/checkout" onClick={close} className="btn-primary flex-1">
                PRZEJDŹ DO KASY
              </Link>
              <button type="button" onClick={close} className="btn-secondary flex-1">
                KONTYNUUJ ZAKUPY
              </button>
            </div>
          </DialogPanel>
        </div>
      </Dialog>
    </>
  );
}
