import { useEffect } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import type { DeliveryMethod } from '../domain/delivery.ts';
import { CartPage } from '../features/cart/cart-page.tsx';

export const Route = createFileRoute('/cart')({
  component: CartRoute,
});

function CartRoute() {
  // The delivery calendar goes onto the device on the way to the checkout, so a
  // customer whose connection drops there can still choose a term (checked again when sent).
  useEffect(() => {
    void import('../features/delivery/availability.ts').then((module) => module.refreshAvailability());
  }, []);
  // The checkout opens on the delivery chosen here (loaded on demand: the form's code is the checkout's).
  const rememberMethod = (method: DeliveryMethod) =>
    void import('../features/checkout/checkout-draft.ts').then((module) => module.rememberDeliveryMethod(method));
  return <CartPage onMethodChosen={rememberMethod} />;
}
