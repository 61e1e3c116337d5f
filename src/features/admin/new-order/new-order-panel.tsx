import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useEffect, useState } from 'react';
import { fromPln } from '../../../domain/money.ts';
import { db } from '../../../lib/db.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { NewOrderForm, type PickableProduct } from './new-order-form.tsx';

/** The catalogue's active products at the price in force; offline, this device's copy of the catalogue. */
async function loadProducts(): Promise<PickableProduct[]> {
  try {
    const supabase = await getSupabase();
    const { data, error } = await supabase
      .from('products')
      .select('id, name, price:product_current_price')
      .eq('active', true)
      .order('name');
    if (error) throw error;
    return data.map((row) => ({ id: row.id, name: row.name, price: fromPln(row.price ?? 0) }));
  } catch {
    const saved = await db.products.toArray();
    return saved
      .filter((row) => row.active)
      .sort((a, b) => a.name.localeCompare(b.name, 'pl'))
      .map((row) => ({ id: row.id, name: row.name, price: fromPln(row.price) }));
  }
}

/**
 * 'Nowe zamówienie' as a full-screen panel over the orders list (?nowe=tak):
 * loaded only when opened, so neither the route table nor the list carries its code.
 */
export default function NewOrderPanel({ onClose, onPlaced }: { onClose: () => void; onPlaced: () => void }) {
  const [products, setProducts] = useState<PickableProduct[] | null>(null);
  useEffect(() => {
    let live = true;
    void loadProducts().then((loaded) => live && setProducts(loaded));
    return () => {
      live = false;
    };
  }, []);

  return (
    <Dialog open onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-forest-900/40" aria-hidden="true" />
      <div className="fixed inset-0 overflow-y-auto">
        <DialogPanel className="min-h-full w-full bg-cream p-4 sm:mx-auto sm:my-6 sm:min-h-0 sm:max-w-3xl sm:rounded-3xl sm:p-6">
          <div className="mb-4 flex items-start justify-between gap-3">
            <DialogTitle className="text-xl font-bold text-forest-900 sm:text-2xl">Nowe zamówienie</DialogTitle>
            <button type="button" className="btn-secondary min-h-11 py-2" onClick={onClose}>
              Zamknij<span className="sr-only"> nowe zamówienie</span>
            </button>
          </div>
          {products === null ? (
            <p role="status" className="text-ink-muted">
              Ładowanie produktów...
            </p>
          ) : (
            <NewOrderForm
              products={products}
              onDone={(placed) => {
                if (placed) onPlaced();
                onClose();
              }}
            />
          )}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
