import { createFileRoute } from '@tanstack/react-router';
import { CartPage } from '../features/cart/cart-page.tsx';

export const Route = createFileRoute('/cart')({
  component: CartPage,
});
