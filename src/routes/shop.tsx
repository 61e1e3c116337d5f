import { createFileRoute } from '@tanstack/react-router';
import { ShopPage } from '../features/catalog/shop-page.tsx';
import { parseShopSearch, queryParam } from '../features/catalog/shop-search.ts';
import { useCatalog } from '../features/catalog/use-catalog.ts';
import { useFavourites } from '../features/catalog/use-favourites.ts';
import { textSearchParams } from '../lib/route-search.ts';
import { useParsedSearch } from '../lib/use-parsed-search.ts';
import { renderCardAction } from './-card-action.tsx';

export const Route = createFileRoute('/shop')({
  // In this order the names repeat those of /admin/orders: the route table is in every first load, and compresses better so.
  validateSearch: textSearchParams('category', 'q', 'sort', 'max', 'min'),
  staticData: { waitsForData: true },
  component: ShopRoute,
});

function ShopRoute() {
  const { category, q, sort, min, max } = useParsedSearch(Route.useSearch(), parseShopSearch);
  const navigate = Route.useNavigate();
  const catalog = useCatalog();
  const favourites = useFavourites();
  return (
    <ShopPage
      category={category}
      query={q ?? ''}
      onQueryChange={(text) => void navigate({ search: (previous) => ({ ...previous, q: queryParam(text) }), replace: true })}
      sort={sort}
      min={min}
      max={max}
      onFilterChange={(param, value) => void navigate({ search: (previous) => ({ ...previous, [param]: value }), replace: true })}
      products={catalog.products}
      status={catalog.status}
      onRetry={catalog.retry}
      favourites={favourites}
      renderAction={renderCardAction}
    />
  );
}
