import { createFileRoute } from '@tanstack/react-router';
import { clearCart } from '../features/cart/cart-store.ts';
import { finishCheckoutDraft } from '../features/checkout/checkout-draft.ts';
import { parsePaymentReturnSearch } from '../features/checkout/return-search.ts';
import { SuccessPage } from '../features/checkout/success-page.tsx';
import { findDeviceOrder } from '../features/orders-sync/device-orders.ts';

export const Route = createFileRoute('/checkout/success')({
  validateSearch: parsePaymentReturnSearch,
  component: SuccessRoute,
});

async function completeCheckout(): Promise<void> {
  await clearCart();
  await finishCheckoutDraft();
}

function SuccessRoute() {
  return <SuccessPage search={Route.useSearch()} onEnter={completeCheckout} findOrder={findDeviceOrder} />;
}
