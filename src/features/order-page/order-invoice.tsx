import { useState } from 'react';
import type { OrderInvoice } from '../../domain/invoice.ts';
import { InvoiceList } from '../../lib/invoice-list.tsx';

/** An invoice KSeF accepted, as order-page lists it. */
export interface OrderPageInvoice {
  id: string;
  number: string;
  kind: string;
}

/** Saves one invoice's PDF; resolves with a Polish message when it could not. */
export type DownloadInvoice = (invoice: OrderPageInvoice) => Promise<string | null>;

function downloadLabel(invoice: OrderPageInvoice): string {
  return invoice.kind === 'KOR' ? `Pobierz fakturę korygującą ${invoice.number} (PDF)` : 'Pobierz fakturę (PDF)';
}

function InvoiceDownload({ invoice, onDownload }: { invoice: OrderPageInvoice; onDownload: DownloadInvoice }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      setError(await onDownload(invoice));
    } finally {
      setBusy(false);
    }
  };
  return (
    <li>
      <button
        type="button"
        onClick={() => void download()}
        disabled={busy}
        className="min-h-11 rounded-full border border-forest-700 px-4 py-2 font-medium text-forest-800 disabled:opacity-60"
      >
        {busy ? 'Pobieranie…' : downloadLabel(invoice)}
      </button>
      {invoice.kind !== 'KOR' && <span className="ml-3 text-sm text-ink-muted">nr {invoice.number}</span>}
      {error && (
        <p role="alert" className="mt-2 text-blush-700">
          {error}
        </p>
      )}
    </li>
  );
}

/** 'Faktura' on the order page: the company the invoice is issued to, and each accepted invoice's PDF. */
export function OrderInvoiceSection({
  invoice,
  invoices = [],
  onDownload,
}: {
  invoice: OrderInvoice | null;
  invoices?: readonly OrderPageInvoice[];
  onDownload?: DownloadInvoice;
}) {
  if (!invoice) return null;
  return (
    <>
      <h2 className="mt-8 text-xl font-bold text-forest-900">Faktura</h2>
      <InvoiceList invoice={invoice} className="mt-3" />
      {onDownload && invoices.length > 0 && (
        <ul className="mt-4 flex flex-col gap-3">
          {invoices.map((item) => (
            <InvoiceDownload key={item.id} invoice={item} onDownload={onDownload} />
          ))}
        </ul>
      )}
    </>
  );
}
