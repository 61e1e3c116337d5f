import type { OrderInvoice } from '../../domain/invoice.ts';
import { InvoiceList } from '../../lib/invoice-list.tsx';

/** 'Faktura' on the order page: the company the invoice will be issued to. */
export function OrderInvoiceSection({ invoice }: { invoice: OrderInvoice | null }) {
  if (!invoice) return null;
  return (
    <>
      <h2 className="mt-8 text-xl font-bold text-forest-900">Faktura</h2>
      <InvoiceList invoice={invoice} className="mt-3" />
    </>
  );
}
