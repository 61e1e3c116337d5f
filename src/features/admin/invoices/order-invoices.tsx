import { useEffect, useState } from 'react';
import { invoiceStateText } from '../../../domain/invoice/state-text.ts';
import { formatDateTimeMedium } from '../../../domain/polish-date.ts';
import { invoicedByTheOwner, ownerMayIssueInvoice, AWAITS_PAYMENT_MESSAGE } from '../../../domain/invoice/issuing.ts';
import { loadInvoiceJobProblem, loadOrderInvoices, requestInvoice, type AdminInvoice, type InvoiceJobProblem } from './invoices-api.ts';
import { InvoicePdfButton } from './invoice-pdf-button.tsx';
import { ResendInvoiceButton } from './resend-button.tsx';

type Load = { step: 'loading' } | { step: 'ready'; invoices: AdminInvoice[]; jobProblem: InvoiceJobProblem | null } | { step: 'failed' };

async function loadAll(orderId: string): Promise<Load> {
  const [invoices, jobProblem] = await Promise.all([loadOrderInvoices(orderId), loadInvoiceJobProblem(orderId)]);
  return { step: 'ready', invoices, jobProblem };
}

function jobProblemText(problem: InvoiceJobProblem): string {
  return problem.gaveUp
    ? `Sklep nie wystawił faktury po płatności: ${problem.reason} Popraw dane i wystaw ją przyciskiem.`
    : `Faktura po płatności jeszcze nie jest wystawiona: ${problem.reason} Sklep spróbuje ponownie.`;
}

/**
 * The shop's invoices of one order (number, kind, where each stands in KSeF)
 * with 'Wystaw fakturę' for a transfer or cash order, 'Wystaw korektę' once an
 * invoice exists, and 'Wyślij ponownie' for one KSeF refused
 * (docs/decisions/036-vat-rates.md, 040-ksef-send.md).
 */
export function OrderInvoices({
  orderId,
  orderNumber,
  paymentMethod,
  paidInFull,
}: {
  orderId: string;
  orderNumber: string;
  paymentMethod: string;
  paidInFull: boolean;
}) {
  const [load, setLoad] = useState<Load>({ step: 'loading' });
  const [working, setWorking] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  // Bumped after an action, so the list is read again.
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    loadAll(orderId).then(
      (loaded) => live && setLoad(loaded),
      () => live && setLoad({ step: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [orderId, version]);

  async function act(action: 'issue' | 'correct') {
    setWorking(true);
    setMessage(null);
    const result = await requestInvoice(action === 'issue' ? { action, orderId } : { action, orderId, reason: '' });
    setWorking(false);
    if (!result.ok) setMessage(result.message);
    setVersion((current) => current + 1);
  }

  if (load.step === 'loading') return <p className="mt-2 text-ink-muted">Wczytywanie faktur…</p>;
  if (load.step === 'failed') return <p className="mt-2 text-blush-700">Nie udało się wczytać faktur.</p>;
  const hasInvoice = load.invoices.some((invoice) => invoice.kind === 'VAT');
  const mayIssue = !hasInvoice && ownerMayIssueInvoice(paymentMethod, paidInFull);
  return (
    <div className="mt-2">
      {load.invoices.length > 0 ? (
        <ul className="space-y-1">
          {load.invoices.map((invoice) => (
            <li key={invoice.id}>
              <span className="font-medium">
                {invoice.kind === 'KOR' ? 'Korekta' : 'Faktura'} {invoice.number}
              </span>{' '}
              <span className="text-ink-muted">
                ({formatDateTimeMedium(invoice.issuedAt)}) · {invoiceStateText(invoice)}
              </span>
              <InvoicePdfButton orderNumber={orderNumber} invoice={invoice} />
              {invoice.state === 'queued' && invoice.lastError && <p className="text-ink-muted">{invoice.lastError}</p>}
              {invoice.state === 'rejected' && (
                <div className="mt-1">
                  <ResendInvoiceButton invoiceId={invoice.id} number={invoice.number} onDone={() => setVersion((current) => current + 1)} />
                </div>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-ink-muted">
          {mayIssue || invoicedByTheOwner(paymentMethod) ? 'Faktura nie została jeszcze wystawiona.' : AWAITS_PAYMENT_MESSAGE}
        </p>
      )}
      {!hasInvoice && load.jobProblem && <p className="mt-1 text-blush-700">{jobProblemText(load.jobProblem)}</p>}
      <div className="mt-2 flex flex-wrap gap-2">
        {mayIssue && (
          <button type="button" className="btn-primary min-h-11 px-4 py-2" disabled={working} onClick={() => void act('issue')}>
            Wystaw fakturę
          </button>
        )}
        {hasInvoice && (
          <button type="button" className="btn-secondary min-h-11 px-4 py-2" disabled={working} onClick={() => void act('correct')}>
            Wystaw korektę
          </button>
        )}
      </div>
      {message && (
        <p role="alert" className="mt-2 text-blush-700">
          {message}
        </p>
      )}
    </div>
  );
}
