import { Link } from '@tanstack/react-router';
import type { ProductRow } from '../../domain/product.ts';
import { PageHeading } from '../../lib/page-heading.tsx';
import { ProductGrid, ProductGridSkeleton, type GridFavourites, type RenderProductAction } from './product-grid.tsx';
import type { CatalogStatus } from './use-catalog.ts';

export interface FavouritesPageProps {
  /** Hearted product ids, most recent first; undefined while reading. */
  favouriteIds: readonly string[] | undefined;
  products: readonly ProductRow[];
  status: CatalogStatus;
  renderAction?: RenderProductAction;
  favourites?: GridFavourites;
}

export function FavouritesPage({ favouriteIds, products, status, renderAction, favourites }: FavouritesPageProps) {
  const byId = new Map(products.map((product) => [product.id, product]));
  const hearted = (favouriteIds ?? []).flatMap((id) => {
    const product = byId.get(id);
    return product ? [product] : [];
  });
  const loading = favouriteIds === undefined || (favouriteIds.length > 0 && status === 'loading');

  return (
    <section className="container-page py-8 sm:py-12">
      <PageHeading>Ulubione</PageHeading>
      <div className="mt-6">
        {loading ? (
          <ProductGridSkeleton count={3} />
        ) : hearted.length === 0 ? (
          <div className="rounded-2xl border border-forest-100 bg-white px-5 py-10 text-center">
            <h2 className="text-xl font-semibold text-forest-900">Nie masz jeszcze ulubionych produktów</h2>
            <p className="mt-2 text-ink-muted">Kliknij serce przy produkcie, aby zapisać go na później.</p>
            <Link to="/shop" className="btn-primary mt-6">
              Przejdź do sklepu
            </Link>
          </div>
        ) : (
          <ProductGrid products={hearted} renderAction={renderAction} favourites={favourites} label="Ulubione produkty" />
        )}
      </div>
    </section>
  );
}
