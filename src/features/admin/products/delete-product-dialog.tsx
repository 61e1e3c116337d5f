import { useState } from 'react';
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import type { ProductRow } from '../../../domain/product.ts';

export const DELETE_CONFIRMATION = 'Czy na pewno chcesz usunąć ten produkt?';

/** docs/spec.md §2: delete only after 'Czy na pewno chcesz usunąć ten produkt?'. */
export function DeleteProductDialog({
  product,
  onClose,
  onConfirm,
}: {
  product: ProductRow | null;
  onClose: () => void;
  onConfirm: (product: ProductRow) => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={product !== null} onClose={() => !busy && onClose()} className="fixed inset-0 z-50" role="alertdialog">
      <DialogBackdrop className="fixed inset-0 bg-forest-900/40" />
      <div className="fixed inset-0 flex items-end justify-center p-4 sm:items-center">
        <DialogPanel className="w-full max-w-md rounded-2xl bg-cream p-6 shadow-xl">
          <DialogTitle className="text-xl font-semibold text-forest-900">Usuń produkt</DialogTitle>
          <Description className="mt-3 text-ink">{DELETE_CONFIRMATION}</Description>
          {product && <p className="mt-1 font-semibold text-forest-900">{product.name}</p>}
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button type="button" className="btn-secondary" onClick={onClose} disabled={busy}>
              Anuluj
            </button>
            <button
              type="button"
              className="inline-flex min-h-12 items-center justify-center rounded-full bg-blush-700 px-6 py-3 font-semibold text-white hover:bg-blush-700/90 disabled:opacity-60"
              disabled={busy}
              onClick={() => {
                if (!product) return;
                setBusy(true);
                void onConfirm(product).finally(() => setBusy(false));
              }}
            >
              {busy ? 'Usuwanie...' : 'Usuń'}
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
