import { createFileRoute } from '@tanstack/react-router';
import { AddToCartButton } from '../features/cart/add-to-cart-button.tsx';
import { CARD_ACTION_CLASS } from '../features/catalog/product-card.tsx';
import { FavouritesPage } from '../features/catalog/favourites-page.tsx';
import { useCatalog } from '../features/catalog/use-catalog.ts';
import { useFavourites } from '../features/catalog/use-favourites.ts';

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
      renderAction={(product) => <AddToCartButton product={product} className={CARD_ACTION_CLASS} />}
    />
  );
}
