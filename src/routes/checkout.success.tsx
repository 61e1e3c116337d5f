import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { clearCart } from '../features/cart/cart-store.ts';
import { finishCheckoutDraft } from '../features/checkout/checkout-draft.ts';
import { parsePaymentReturnSearch, type PaymentReturnSearch } from '../features/checkout/return-search.ts';
import { SuccessPage } from '../features/checkout/success-page.tsx';
import { findDeviceOrder } from '../features/orders-sync/device-orders.ts';
import { textSearchParams } from '../lib/route-search.ts';
import { useParsedSearch } from '../lib/use-parsed-search.ts';

export const Route = createFileRoute('/checkout/success')({
  validateSearch: textSearchParams('payment', 'orderId', 'error'),
  component: SuccessRoute,
});

async function completeCheckout(): Promise<void> {
  await clearCart();
  await finishCheckoutDraft();
}

function SuccessRoute() {
  const raw = Route.useSearch();
  const search = useParsedSearch(raw, parsePaymentReturnSearch);
  // PayU appends error=<code> to its continueUrl when the payment failed or was abandoned: that is
  // the cancel page's case (the cart and the order kept), never a thank-you, and the cart is not cleared.
  if (raw.error !== undefined) return <ToCancelPage search={search} />;
  return <SuccessPage search={search} onEnter={completeCheckout} findOrder={findDeviceOrder} />;
}

/** useNavigate, not <Navigate>: the router's shared chunk, which every page loads, already carries it. */
function ToCancelPage({ search }: { search: PaymentReturnSearch }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate({ to: '/checkout/cancel', search: { payment: search.payment, orderId: search.orderId }, replace: true });
  }, [navigate, search.payment, search.orderId]);
  return null;
}
