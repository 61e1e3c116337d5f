import { useState } from 'react';
import type { InvoiceState } from '../../../domain/invoice/model.ts';
import { downloadInvoicePdf } from '../../../lib/invoice-pdf-download.ts';
import { getSupabase } from '../../../lib/supabase.ts';

/**
 * 'Pobierz PDF' beside an accepted invoice in the admin order detail: the
 * customer's copy, served by order-page to the owner's session (the same
 * file the customer gets in the mail). Nothing before KSeF accepted it.
 */
export function InvoicePdfButton({ orderNumber, invoice }: { orderNumber: string; invoice: { id: string; state: InvoiceState } }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (invoice.state !== 'accepted') return null;

  async function download() {
    setBusy(true);
    setError(null);
    try {
      const { data } = await (await getSupabase()).auth.getSession();
      setError(await downloadInvoicePdf({ number: orderNumber, invoiceId: invoice.id }, data.session?.access_token ?? null));
    } catch {
      setError('Nie udało się pobrać faktury. Spróbuj ponownie za chwilę.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className="ml-2 font-medium text-forest-800 underline underline-offset-2 disabled:opacity-60"
        disabled={busy}
        onClick={() => void download()}
      >
        {busy ? 'Pobieranie…' : 'Pobierz PDF'}
      </button>
      {error && (
        <span role="alert" className="ml-2 text-blush-700">
          {error}
        </span>
      )}
    </>
  );
}
