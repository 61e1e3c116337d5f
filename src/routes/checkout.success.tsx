import { createFileRoute } from '@tanstack/react-router';
import { clearCart } from '../features/cart/cart-store.ts';
import { finishCheckoutDraft } from '../features/checkout/checkout-draft.ts';
import { parsePaymentReturnSearch } from '../features/checkout/return-search.ts';
import { SuccessPage } from '../features/checkout/success-page.tsx';
import { findDeviceOrder } from '../features/orders-sync/device-orders.ts';
import { textSearchParams } from '../lib/route-search.ts';
import { useParsedSearch } from '../lib/use-parsed-search.ts';

export const Route = createFileRoute('/checkout/success')({
  validateSearch: textSearchParams('payment', 'orderId'),
  component: SuccessRoute,
});

async function completeCheckout(): Promise<void> {
  await clearCart();
  await finishCheckoutDraft();
}

function SuccessRoute() {
  const search = useParsedSearch(Route.useSearch(), parsePaymentReturnSearch);
  return <SuccessPage search={search} onEnter={completeCheckout} findOrder={findDeviceOrder} />;
}
