import { createFileRoute } from '@tanstack/react-router';
import { AddToCartButton } from '../features/cart/add-to-cart-button.tsx';
import { ProductPage } from '../features/catalog/product-page.tsx';
import { useCatalog } from '../features/catalog/use-catalog.ts';
import { useFavourites } from '../features/catalog/use-favourites.ts';
import { renderCardAction } from './-card-action.tsx';

export const Route = createFileRoute('/product/$id')({
  staticData: { waitsForData: true },
  component: ProductRoute,
});

function ProductRoute() {
  const { id } = Route.useParams();
  const catalog = useCatalog();
  const favourites = useFavourites();
  return (
    <ProductPage
      id={id}
      products={catalog.products}
      status={catalog.status}
      onRetry={catalog.retry}
      favourites={favourites}
      renderPurchase={(product, quantity, sizeId, addons) => (
        <AddToCartButton
          product={product}
          quantity={quantity}
          sizeId={sizeId}
          addons={addons?.addons}
          onAdded={addons?.onAdded}
          className="btn-primary w-full sm:w-auto"
        />
      )}
      renderAction={renderCardAction}
    />
  );
}
