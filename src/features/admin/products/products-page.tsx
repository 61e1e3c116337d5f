import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { categoryLabel } from '../../../domain/categories.ts';
import { formatPln, fromPln } from '../../../domain/money.ts';
import type { ProductRow } from '../../../domain/product.ts';
import type { ProductInput } from '../../../domain/product-schema.ts';
import { ProductImage } from '../../../lib/product-image.tsx';
import { searchProducts } from '../../../domain/search.ts';
import { PlusIcon, TrashIcon, PencilIcon } from '../../../lib/icons/later.tsx';
import { PageHeading } from '../../../lib/page-heading.tsx';
import { DeleteProductDialog } from './delete-product-dialog.tsx';
import { ProductFormDialog, type PhotoSave } from './product-form-dialog.tsx';
import { productPhotos } from '../../../domain/product-photo.ts';
import { removeAllProductFiles, removeProductPhotos } from '../photos/photos-api.ts';
import { photoQueue, startPhotoQueue } from '../photos/photo-queue.ts';
import { PromotionMark } from './promotion-fields.tsx';
import {
  PRODUCTS_LOAD_ERROR,
  PRODUCT_DEACTIVATED_MESSAGE,
  PRODUCT_DELETE_ERROR,
  createProduct,
  deleteProduct,
  listAdminProducts,
  updateProduct,
  saveProductSizes,
} from './products-api.ts';
import type { SizeRowInput } from '../../../domain/product-size-draft.ts';

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; products: ProductRow[] };
type Notice = { kind: 'success' | 'error'; text: string } | null;
type Editing = { product: ProductRow | null; key: number } | null;

/** /admin/products: the owner's catalog, persisted in the database. */
export function ProductsPage() {
  const searchId = useId();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ProductRow | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  const reload = useCallback(async () => {
    try {
      setLoad({ state: 'loaded', products: await listAdminProducts() });
    } catch {
      setLoad({ state: 'failed' });
    }
  }, []);

  useEffect(() => {
    // Loading the list on mount is this effect's whole job.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void reload();
  }, [reload]);

  // Photos waiting on this device go out from here too (not only from an open form); one attached later shows at once.
  useEffect(
    () =>
      startPhotoQueue().onAttached((productId, photos) =>
        setLoad((current) =>
          current.state === 'loaded'
            ? { state: 'loaded', products: current.products.map((p) => (p.id === productId ? { ...p, photos } : p)) }
            : current,
        ),
      ),
    [],
  );

  const products = useMemo(() => (load.state === 'loaded' ? load.products : []), [load]);
  const visible = useMemo(() => searchProducts(products, query), [products, query]);

  const replace = (row: ProductRow) =>
    setLoad((current) =>
      current.state === 'loaded' ? { state: 'loaded', products: current.products.map((p) => (p.id === row.id ? row : p)) } : current,
    );

  const save = async (input: ProductInput, photos: PhotoSave, sizes: SizeRowInput[]) => {
    const current = editing?.product;
    if (current) {
      await updateProduct(current.id, { ...input, photos: photos.photos });
      replace(await saveProductSizes(current.id, sizes));
      // Only once the product no longer shows them; a failure leaves files nobody points at, never a broken photo.
      const removed = photos.removedPhotoIds.map((id) => productPhotos(current).find((photo) => photo.id === id) ?? { id });
      void removeProductPhotos(current.id, removed).catch(() => undefined);
      setNotice({ kind: 'success', text: `Zapisano zmiany produktu „${input.name}”.` });
    } else {
      await createProduct(input, undefined, photos.productId);
      const created = await saveProductSizes(photos.productId, sizes);
      setLoad((state) => (state.state === 'loaded' ? { state: 'loaded', products: [created, ...state.products] } : state));
      setNotice({ kind: 'success', text: `Dodano produkt „${input.name}”.` });
    }
    // Photos that waited for this product (a new one) or for the save go now, in the order just saved.
    void photoQueue()
      .afterSave(photos.productId, photos.sending, photos.order)
      .catch(() => undefined);
    setEditing(null);
  };

  const confirmDelete = async (product: ProductRow) => {
    setNotice(null);
    try {
      const outcome = await deleteProduct(product.id);
      if (outcome === 'deleted') {
        // A product in orders is only hidden and keeps its photos (the orders still show it); a deleted one takes them along.
        void photoQueue()
          .dropProduct(product.id)
          .catch(() => undefined);
        void removeAllProductFiles(product.id).catch(() => undefined);
        setLoad((state) =>
          state.state === 'loaded' ? { state: 'loaded', products: state.products.filter((p) => p.id !== product.id) } : state,
        );
        setNotice({ kind: 'success', text: `Usunięto produkt „${product.name}”.` });
      } else {
        replace({ ...product, active: false });
        setNotice({ kind: 'success', text: PRODUCT_DEACTIVATED_MESSAGE });
      }
    } catch {
      setNotice({ kind: 'error', text: PRODUCT_DELETE_ERROR });
    }
    setDeleting(null);
  };

  const setActive = async (product: ProductRow, active: boolean) => {
    setNotice(null);
    try {
      replace(await updateProduct(product.id, { active }));
      setNotice({
        kind: 'success',
        text: active ? `Produkt „${product.name}” jest znowu widoczny w sklepie.` : `Ukryto produkt „${product.name}”.`,
      });
    } catch {
      setNotice({ kind: 'error', text: 'Nie udało się zmienić widoczności produktu. Spróbuj ponownie.' });
    }
  };

  return (
    <section aria-labelledby={`${searchId}-title`}>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <PageHeading id={`${searchId}-title`} size="compact">
            Produkty
          </PageHeading>
          <p className="mt-1 text-ink-muted">Katalog sklepu: dodawaj, edytuj i usuwaj produkty.</p>
        </div>
        <button type="button" className="btn-primary w-full sm:w-auto" onClick={() => setEditing({ product: null, key: Date.now() })}>
          <PlusIcon className="size-5" />
          Dodaj produkt
        </button>
      </div>

      <div className="mt-6">
        <label htmlFor={`${searchId}-search`} className="sr-only">
          Szukaj produktów
        </label>
        <input
          id={`${searchId}-search`}
          type="search"
          placeholder="Szukaj produktów…"
          className="block w-full rounded-xl border border-forest-200 bg-white px-4 py-3 text-base text-ink placeholder:text-ink-muted/70 focus:border-forest-700 sm:max-w-md"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>

      <div aria-live="polite" role="status" className="mt-4 empty:hidden">
        {notice?.kind === 'success' && (
          <p className="rounded-xl border border-forest-200 bg-forest-50 px-4 py-3 font-medium text-forest-900">{notice.text}</p>
        )}
      </div>
      {notice?.kind === 'error' && (
        <p role="alert" className="mt-4 rounded-xl border border-blush-200 bg-blush-50 px-4 py-3 font-medium text-blush-700">
          {notice.text}
        </p>
      )}

      <div className="mt-6">
        {load.state === 'loading' && (
          <div role="status" className="flex justify-center py-16">
            <span className="size-10 animate-spin rounded-full border-4 border-forest-100 border-t-forest-700" />
            <span className="sr-only">Ładowanie produktów...</span>
          </div>
        )}
        {load.state === 'failed' && (
          <div role="alert" className="rounded-2xl border border-blush-200 bg-blush-50 p-6 text-center">
            <p className="font-medium text-blush-700">{PRODUCTS_LOAD_ERROR}</p>
            <button
              type="button"
              className="btn-secondary mt-4"
              onClick={() => {
                setLoad({ state: 'loading' });
                void reload();
              }}
            >
              Spróbuj ponownie
            </button>
          </div>
        )}
        {load.state === 'loaded' && (
          <>
            <p className="mb-3 text-sm text-ink-muted">
              {visible.length === products.length ? `Produktów: ${products.length}` : `Znaleziono: ${visible.length} z ${products.length}`}
            </p>
            {visible.length === 0 ? (
              <p className="rounded-2xl border border-forest-100 bg-white p-8 text-center text-ink-muted">Nie znaleziono produktów</p>
            ) : (
              <ul className="grid gap-3" aria-label="Lista produktów">
                {visible.map((product) => (
                  <ProductRowItem
                    key={product.id}
                    product={product}
                    onEdit={() => setEditing({ product, key: Date.now() })}
                    onDelete={() => setDeleting(product)}
                    onShow={() => void setActive(product, true)}
                  />
                ))}
              </ul>
            )}
          </>
        )}
      </div>

      {editing && <ProductFormDialog key={editing.key} open product={editing.product} onClose={() => setEditing(null)} onSave={save} />}
      <DeleteProductDialog product={deleting} onClose={() => setDeleting(null)} onConfirm={confirmDelete} />
    </section>
  );
}

function ProductRowItem({
  product,
  onEdit,
  onDelete,
  onShow,
}: {
  product: ProductRow;
  onEdit: () => void;
  onDelete: () => void;
  onShow: () => void;
}) {
  return (
    <li
      className={`flex flex-wrap items-center gap-3 rounded-2xl border bg-white p-3 sm:flex-nowrap sm:gap-4 sm:p-4 ${product.active ? 'border-forest-100' : 'border-dashed border-forest-200 bg-cream-200/50'}`}
    >
      <ProductThumbnail product={product} />
      <div className="min-w-0 flex-1 basis-40">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold break-words text-forest-900">{product.name}</span>
          {product.is_featured && (
            <span className="rounded-full bg-blush-100 px-2 py-0.5 text-xs font-semibold text-blush-700">Polecany</span>
          )}
          {!product.active && <span className="rounded-full bg-ink-muted px-2 py-0.5 text-xs font-semibold text-white">Ukryty</span>}
          <PromotionMark product={product} />
        </p>
        <p className="text-sm text-ink-muted">
          {categoryLabel(product.category)} · {formatPln(fromPln(product.price))} ·{' '}
          {product.made_to_order ? 'Na zamówienie' : `Stan: ${product.stock} szt.`}
        </p>
      </div>
      <div className="flex w-full shrink-0 flex-wrap justify-end gap-2 sm:w-auto">
        {!product.active && (
          <button
            type="button"
            onClick={onShow}
            aria-label={`Pokaż w sklepie: ${product.name}`}
            className="min-h-11 rounded-full border border-forest-200 px-4 text-sm font-semibold text-forest-800 hover:bg-forest-50"
          >
            Pokaż w sklepie
          </button>
        )}
        <button
          type="button"
          onClick={onEdit}
          aria-label={`Edytuj: ${product.name}`}
          className="inline-flex min-h-11 items-center gap-1.5 rounded-full border border-forest-200 px-4 text-sm font-semibold text-forest-800 hover:bg-forest-50"
        >
          <PencilIcon className="size-4" />
          Edytuj
        </button>
        <button
          type="button"
          onClick={onDelete}
          aria-label={`Usuń: ${product.name}`}
          className="inline-flex min-h-11 items-center gap-1.5 rounded-full border border-blush-200 px-4 text-sm font-semibold text-blush-700 hover:bg-blush-50"
        >
          <TrashIcon className="size-4" />
          Usuń
        </button>
      </div>
    </li>
  );
}

/** The main photo (at 64 px the browser takes its 400 file), or the illustration of a product without photos. */
function ProductThumbnail({ product }: { product: ProductRow }) {
  return (
    <ProductImage
      product={product}
      sizes="64px"
      square={64}
      className={`size-16 shrink-0 rounded-xl bg-forest-50 object-cover ${product.active ? '' : 'opacity-50'}`}
    />
  );
}
