import { useId } from 'react';
import type { OrderInvoice } from '../../../domain/invoice.ts';
import { InvoiceList } from '../../../lib/invoice-list.tsx';
import { OrderInvoices } from '../invoices/order-invoices.tsx';

/**
 * 'Faktura' in the order detail: the buyer's company, and the invoices the
 * shop issued for the order (docs/decisions/036-vat-rates.md). A named region, so
 * the owner's screen reader can jump to it; it looks like the detail's other sections.
 */
export function OrderInvoiceSection({
  invoice,
  orderId,
  orderNumber,
  paymentMethod,
  paidInFull,
  className = '',
}: {
  invoice: OrderInvoice;
  orderId: string;
  orderNumber: string;
  paidInFull: boolean;
  paymentMethod: string;
  className?: string;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={`rounded-2xl bg-white p-4 text-sm ${className}`}>
      <h3 id={titleId} className="mb-1 font-semibold text-forest-900">
        Faktura
      </h3>
      <InvoiceList invoice={invoice} className="font-medium" />
      <OrderInvoices orderId={orderId} orderNumber={orderNumber} paymentMethod={paymentMethod} paidInFull={paidInFull} />
    </section>
  );
}
