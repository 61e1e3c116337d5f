import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { currentAccessToken } from '../features/auth/auth-client.ts';
import { payForPlacedOrder } from '../features/checkout/payment-start.ts';
import type { OrderPageInvoice } from '../features/order-page/order-invoice.tsx';
import { OrderPage } from '../features/order-page/order-page.tsx';
import { loadOrderView, type OrderView } from '../features/order-page/order-view.ts';
import { deviceOrderAccessKey } from '../features/orders-sync/device-orders.ts';
import { downloadInvoicePdf } from '../lib/invoice-pdf-download.ts';
import { textSearchParams } from '../lib/route-search.ts';

export const Route = createFileRoute('/zamowienie/$number')({
  // ?t=<token> from the mail; anything else is dropped.
  validateSearch: textSearchParams('t'),
  component: OrderRoute,
});

/**
 * 'Zapłać teraz': the checkout's payment start, proven by what opened the
 * page: the mail link's token, or the buyer's session (order-page mints no key).
 */
async function payNow(order: OrderView, linkToken: string | undefined): Promise<string | null> {
  if (!order.payment) return null;
  const placed = {
    id: order.payment.orderId,
    orderNumber: order.number,
    status: order.status,
    subtotal: order.subtotal / 100,
    shippingCost: order.shipping / 100,
    total: order.total / 100,
    createdAt: order.createdAt,
    clientRequestId: '',
    ...(order.payment.accessKey ? { accessKey: order.payment.accessKey } : {}),
  };
  // create-payment picks the gateway from the stored order's method.
  const result = await payForPlacedOrder(placed, await currentAccessToken().catch(() => null), linkToken);
  return result.ok ? null : result.message;
}

function OrderRoute() {
  const { number } = Route.useParams();
  const { t } = Route.useSearch();
  // Without the mail's token, the device that placed the order (its checkout confirmation links here) proves it with its key.
  const load = useCallback(async () => {
    const accessKey = t ? null : await deviceOrderAccessKey(number).catch(() => null);
    return loadOrderView(number, { token: t, accessKey }, await currentAccessToken().catch(() => null));
  }, [number, t]);
  const pay = useCallback((order: OrderView) => payNow(order, t), [t]);
  // The invoice's PDF is proven exactly as the page was.
  const downloadInvoice = useCallback(
    async (invoice: OrderPageInvoice) => {
      const accessKey = t ? null : await deviceOrderAccessKey(number).catch(() => null);
      return downloadInvoicePdf({ number, invoiceId: invoice.id, token: t, accessKey }, await currentAccessToken().catch(() => null));
    },
    [number, t],
  );
  return <OrderPage number={number} load={load} onPay={pay} onDownloadInvoice={downloadInvoice} />;
}
