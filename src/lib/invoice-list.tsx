import { invoiceRows, type OrderInvoice } from '../domain/invoice.ts';

/**
 * The invoice's buyer as every screen lists it (admin order detail, order
 * page, checkout confirmation): NIP, company name, address. Here because
 * features do not import each other.
 */
export function InvoiceList({ invoice, className = '' }: { invoice: OrderInvoice; className?: string }) {
  return (
    <dl className={`grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 ${className}`}>
      {invoiceRows(invoice).map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-ink-muted">{label}</dt>
          <dd className="break-words whitespace-pre-line">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
