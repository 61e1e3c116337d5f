import { createFileRoute } from '@tanstack/react-router';
import { ProductsPage } from '../../features/admin/products/products-page.tsx';

export const Route = createFileRoute('/admin/products')({
  component: ProductsPage,
});
