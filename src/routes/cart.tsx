import { useEffect } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { when } from '../boot/triggers.ts';
import type { DeliveryMethod } from '../domain/delivery.ts';
import { CartPage } from '../features/cart/cart-page.tsx';

export const Route = createFileRoute('/cart')({
  component: CartRoute,
  // The page's content is the device's cart: what waits for the first content waits for its lines.
  staticData: { waitsForData: true },
});

function CartRoute() {
  // The delivery calendar goes onto the device on the way to the checkout, so a
  // customer whose connection drops there can still choose a term (checked again when sent). Once the
  // browser is idle: the answer is large, and must not hold back the cart's own lines.
  useEffect(
    () => when('idle', () => void import('../features/delivery/availability.ts').then((module) => module.refreshAvailability())),
    [],
  );
  // The checkout opens on the delivery chosen here (loaded on demand: the form's code is the checkout's).
  const rememberMethod = (method: DeliveryMethod) =>
    void import('../features/checkout/checkout-draft.ts').then((module) => module.rememberDeliveryMethod(method));
  return <CartPage onMethodChosen={rememberMethod} />;
}
