import type { OrderInvoice } from '../../../domain/invoice.ts';
import { InvoiceList } from '../../../lib/invoice-list.tsx';

/** The buyer's company for the invoice the owner issues outside the shop (issue 19, docs/invoices-ksef.md). */
export function OrderInvoiceDetails({ invoice }: { invoice: OrderInvoice }) {
  return (
    <>
      <InvoiceList invoice={invoice} className="font-medium" />
      <p className="mt-2 text-ink-muted">Klient prosi o fakturę. Wystaw ją poza sklepem na te dane.</p>
    </>
  );
}
