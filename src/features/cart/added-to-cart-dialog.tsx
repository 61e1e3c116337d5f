import { Link } from '@tanstack/react-router';
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ProductRow } from '../../domain/product.ts';
import { ProductThumb } from '../../lib/product-image.tsx';

/** 'Dodano do koszyka' with 'Kontynuuj zakupy' and 'Przejdź do kasy' (docs/spec.md §2, Shop). */
export interface AddedToCartDialogProps {
  product: ProductRow;
  quantity: number;
  /** The add-ons added with it, one of each. */
  addons?: readonly ProductRow[];
  onClose: () => void;
}

export function AddedToCartDialog({ product, quantity, addons = [], onClose }: AddedToCartDialogProps) {
  return (
    <Dialog open onClose={onClose} className="fixed inset-0 z-50">
      <DialogBackdrop transition className="fixed inset-0 bg-forest-900/40 transition-opacity duration-200 data-closed:opacity-0" />
      <div className="fixed inset-0 flex items-end justify-center p-4 sm:items-center">
        <DialogPanel
          transition
          className="w-full max-w-md rounded-2xl bg-cream p-6 shadow-xl transition duration-200 ease-out data-closed:translate-y-4 data-closed:opacity-0"
        >
          <DialogTitle className="text-xl font-semibold text-forest-900">Dodano do koszyka</DialogTitle>
          <div className="mt-4 flex items-center gap-4">
            <ProductThumb product={product} />
            <p className="text-ink">
              <span className="font-medium">{product.name}</span> <span className="whitespace-nowrap text-ink-muted">× {quantity}</span>
            </p>
          </div>
          {addons.length > 0 && (
            <p className="mt-3 text-sm text-ink">
              Razem z dodatkami: <span className="font-medium">{addons.map((addon) => addon.name).join(', ')}</span>
            </p>
          )}
          <div className="mt-6 flex flex-col gap-3 sm:flex-row-reverse">
            <Link to="/checkout" onClick={onClose} className="btn-primary flex-1">
              Przejdź do kasy
            </Link>
            <button type="button" onClick={onClose} className="btn-secondary flex-1">
              Kontynuuj zakupy
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
