import { useState } from 'react';
import { requestInvoice } from './invoices-api.ts';

/**
 * 'Wyślij ponownie' for an invoice KSeF refused, once the owner fixed the
 * data: the shop rebuilds it under its number and queues it again
 * (docs/decisions/040-ksef-send.md). `onDone` reads the list again.
 */
export function ResendInvoiceButton({ invoiceId, number, onDone }: { invoiceId: string; number: string; onDone: () => void }) {
  const [working, setWorking] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  async function resend() {
    setWorking(true);
    setMessage(null);
    const result = await requestInvoice({ action: 'resend', invoiceId });
    setWorking(false);
    if (result.ok) onDone();
    else setMessage(result.message);
  }

  return (
    <>
      <button
        type="button"
        className="btn-secondary min-h-11 px-4 py-2"
        disabled={working}
        aria-label={`Wyślij ponownie fakturę ${number}`}
        onClick={() => void resend()}
      >
        Wyślij ponownie
      </button>
      {message && (
        <p role="alert" className="mt-2 text-blush-700">
          {message}
        </p>
      )}
    </>
  );
}
