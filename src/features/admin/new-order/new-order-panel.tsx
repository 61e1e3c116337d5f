import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useEffect, useState } from 'react';
import { PRODUCT_SELECT, type ProductRow } from '../../../domain/product.ts';
import { cartLineKey, lineName, linePrice, sizesOf } from '../../../domain/product-sizes.ts';
import { db } from '../../../lib/db.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { NewOrderForm, type PickableProduct } from './new-order-form.tsx';

/** A product sold as one, or each of its sizes, priced by the shop's one rule for a line (linePrice). */
function pickable(product: ProductRow): PickableProduct[] {
  const sizes = sizesOf(product);
  if (sizes.length === 0) return [{ id: product.id, productId: product.id, name: product.name, price: linePrice(product, undefined) ?? 0 }];
  return sizes.map((size) => ({
    id: cartLineKey(product.id, size.id),
    productId: product.id,
    sizeId: size.id,
    name: lineName(product.name, size.label),
    price: linePrice(product, size.id) ?? 0,
  }));
}

/** The catalogue's active products (and their sizes) at the price in force; offline, this device's copy of the catalogue. */
async function loadProducts(): Promise<PickableProduct[]> {
  let rows: ProductRow[];
  try {
    const supabase = await getSupabase();
    const { data, error } = await supabase.from('products').select(PRODUCT_SELECT).eq('active', true);
    if (error) throw error;
    rows = data as ProductRow[];
  } catch {
    rows = (await db.products.toArray()).filter((row) => row.active);
  }
  return rows.sort((a, b) => a.name.localeCompare(b.name, 'pl')).flatMap(pickable);
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
