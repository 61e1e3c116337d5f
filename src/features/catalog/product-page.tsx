import { useMemo } from 'react';
import { Link } from '@tanstack/react-router';
import type { ProductRow } from '../../domain/product.ts';
import { addonsToOffer, offersAddons } from '../../domain/product-addons.ts';
import { ProductDetails, type RenderPurchase } from './product-details.tsx';
import type { GridFavourites, RenderProductAction } from './product-grid.tsx';
import { CatalogError } from './shop-page.tsx';
import { similarProducts } from './similar-products.ts';
import type { CatalogStatus } from './use-catalog.ts';
import { useDocumentTitle } from './use-document-title.ts';
import { useFirstContent } from '../../boot/triggers.ts';

export interface ProductPageProps {
  id: string;
  products: readonly ProductRow[];
  status: CatalogStatus;
  onRetry: () => void;
  renderPurchase: RenderPurchase;
  renderAction?: RenderProductAction;
  favourites?: GridFavourites;
}

/** Chooses what /product/$id shows: the product, a placeholder while loading, not found, or the fetch error. */
export function ProductPage({ id, products, status, onRetry, renderPurchase, renderAction, favourites }: ProductPageProps) {
  const product = products.find((candidate) => candidate.id === id);
  const similar = useMemo(() => (product ? similarProducts(products, product) : []), [products, product]);
  const addons = useMemo(() => (product && offersAddons(product) ? addonsToOffer(products) : []), [products, product]);
  useFirstContent(status !== 'loading');
  useDocumentTitle(product?.name ?? (status === 'loading' ? undefined : 'Produkt nie znaleziony'));

  if (product) {
    return (
      <ProductDetails
        // A fresh quantity for every product.
        key={product.id}
        product={product}
        similar={similar}
        addons={addons}
        renderPurchase={renderPurchase}
        renderAction={renderAction}
        favourites={favourites}
      />
    );
  }
  if (status === 'loading') return <ProductDetailsSkeleton />;
  if (status === 'error' && products.length === 0) {
    return (
      <div className="container-page py-12">
        <CatalogError onRetry={onRetry} />
      </div>
    );
  }
  return <ProductNotFound />;
}

function ProductNotFound() {
  return (
    <section className="container-page flex flex-col items-center py-20 text-center">
      <h1 className="text-3xl font-semibold text-forest-900 sm:text-4xl">Produkt nie znaleziony</h1>
      <p className="mt-4 max-w-md text-lg text-ink-muted">
        Tego produktu nie ma w naszej ofercie. Może znajdziesz coś podobnego w sklepie.
      </p>
      <Link to="/shop" className="btn-primary mt-8">
        Wróć do sklepu
      </Link>
    </section>
  );
}

function ProductDetailsSkeleton() {
  return (
    <div className="container-page py-8 sm:py-12" aria-busy="true" data-testid="product-skeleton">
      <div className="grid animate-pulse gap-8 md:grid-cols-2 md:gap-12" aria-hidden="true">
        <div className="aspect-square w-full rounded-3xl bg-cream-200" />
        <div className="flex flex-col gap-4">
          <div className="h-4 w-1/4 rounded bg-forest-50" />
          <div className="h-10 w-3/4 rounded bg-forest-50" />
          <div className="h-9 w-1/3 rounded bg-forest-50" />
          <div className="h-24 w-full rounded bg-forest-50" />
        </div>
      </div>
      <p className="sr-only">Wczytywanie produktu…</p>
    </div>
  );
}
