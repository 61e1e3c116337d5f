import { createFileRoute } from '@tanstack/react-router';
import { ShopPage } from '../features/catalog/shop-page.tsx';
import { shopSearchSchema } from '../features/catalog/shop-search.ts';

export const Route = createFileRoute('/shop')({
  validateSearch: shopSearchSchema,
  component: ShopRoute,
});

function ShopRoute() {
  const { category } = Route.useSearch();
  return <ShopPage category={category} />;
}
