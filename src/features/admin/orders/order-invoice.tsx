import { invoiceRows, type OrderInvoice } from '../../../domain/invoice.ts';

/** The buyer's company for the invoice the owner issues outside the shop (issue 19, docs/invoices-ksef.md). */
export function OrderInvoiceDetails({ invoice }: { invoice: OrderInvoice }) {
  return (
    <>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
        {invoiceRows(invoice).map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-ink-muted">{label}</dt>
            <dd className="font-medium break-words whitespace-pre-line">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-ink-muted">Klient prosi o fakturę. Wystaw ją poza sklepem na te dane.</p>
    </>
  );
}
