import { useId } from 'react';
import type { OrderInvoice } from '../../../domain/invoice.ts';
import { InvoiceList } from '../../../lib/invoice-list.tsx';

/**
 * 'Faktura' in the order detail: the buyer's company for the invoice the owner
 * issues outside the shop (docs/invoices-ksef.md). A named region, so
 * the owner's screen reader can jump to it; it looks like the detail's other sections.
 */
export function OrderInvoiceSection({ invoice, className = '' }: { invoice: OrderInvoice; className?: string }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={`rounded-2xl bg-white p-4 text-sm ${className}`}>
      <h3 id={titleId} className="mb-1 font-semibold text-forest-900">
        Faktura
      </h3>
      <InvoiceList invoice={invoice} className="font-medium" />
      <p className="mt-2 text-ink-muted">Klient prosi o fakturę. Wystaw ją poza sklepem na te dane.</p>
    </section>
  );
}
