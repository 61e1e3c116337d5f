import { createFileRoute } from '@tanstack/react-router';
import { FavouritesPage } from '../features/catalog/favourites-page.tsx';
import { useCatalog } from '../features/catalog/use-catalog.ts';
import { useFavourites } from '../features/catalog/use-favourites.ts';
import { renderCardAction } from './-card-action.tsx';

export const Route = createFileRoute('/favourites')({
  component: FavouritesRoute,
});

function FavouritesRoute() {
  const catalog = useCatalog();
  const favourites = useFavourites();
  return (
    <FavouritesPage
      favouriteIds={favourites.ids}
      products={catalog.products}
      status={catalog.status}
      favourites={favourites}
      renderAction={renderCardAction}
    />
  );
}
