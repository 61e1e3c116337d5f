import { useCallback, useEffect, useId, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { INVOICE_STATE_LABELS, type InvoiceState } from '../../../domain/invoice/model.ts';
import { INVOICE_STATE_FILTERS, isInvoiceStateFilter, type InvoiceStateFilter } from '../../../domain/invoice/state-text.ts';
import { formatPln } from '../../../domain/money.ts';
import { numericDate } from '../../../domain/polish-date.ts';
import { LoadError, Loading, PageTitle, StatusBadge, selectClass } from '../admin-ui.tsx';
import { loadInvoiceList, type InvoiceListEntry } from './invoice-list.ts';
import { ResendInvoiceButton } from './resend-button.tsx';

const STATE_TONE: Record<InvoiceState, string> = {
  issued: 'bg-cream-200 text-ink',
  queued: 'bg-cream-200 text-ink',
  sent: 'bg-forest-50 text-forest-800',
  accepted: 'bg-forest-700 text-white',
  rejected: 'bg-blush-100 text-blush-700',
};

type Load = { kind: 'loading' } | { kind: 'loaded'; invoices: InvoiceListEntry[] } | { kind: 'failed' };

/** /admin/invoices: the shop's invoices and corrections, newest first, with where each stands in KSeF. */
export function InvoicesPage() {
  const filterId = useId();
  const [filter, setFilter] = useState<InvoiceStateFilter | ''>('');
  const [load, setLoad] = useState<Load>({ kind: 'loading' });

  const fetchInto = useCallback(() => {
    let live = true;
    loadInvoiceList(filter ? INVOICE_STATE_FILTERS[filter].states : null).then(
      (invoices) => live && setLoad({ kind: 'loaded', invoices }),
      () => live && setLoad({ kind: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [filter]);
  useEffect(() => fetchInto(), [fetchInto]);
  const reload = () => {
    setLoad({ kind: 'loading' });
    fetchInto();
  };

  return (
    <section aria-labelledby="invoices-title">
      <PageTitle>
        <span id="invoices-title">Faktury</span>
      </PageTitle>
      <div className="mt-4 max-w-xs">
        <label htmlFor={filterId} className="mb-1 block text-sm font-medium text-forest-900">
          Stan w KSeF
        </label>
        <select
          id={filterId}
          className={selectClass}
          value={filter}
          onChange={(event) => {
            setLoad({ kind: 'loading' });
            setFilter(isInvoiceStateFilter(event.target.value) ? event.target.value : '');
          }}
        >
          <option value="">Wszystkie</option>
          {Object.entries(INVOICE_STATE_FILTERS).map(([value, { label }]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      {load.kind === 'loading' && <Loading label="Wczytywanie faktur…" />}
      {load.kind === 'failed' && <LoadError message="Nie udało się wczytać faktur." onRetry={reload} />}
      {load.kind === 'loaded' && load.invoices.length === 0 && (
        <p className="mt-6 text-ink-muted">{filter ? 'Brak faktur w tym stanie.' : 'Sklep nie wystawił jeszcze żadnej faktury.'}</p>
      )}
      {load.kind === 'loaded' && load.invoices.length > 0 && (
        <ul className="mt-6 space-y-3" aria-label="Lista faktur">
          {load.invoices.map((invoice) => (
            <InvoiceRow key={invoice.id} invoice={invoice} onChanged={reload} />
          ))}
        </ul>
      )}
    </section>
  );
}

function InvoiceRow({ invoice, onChanged }: { invoice: InvoiceListEntry; onChanged: () => void }) {
  const titleId = useId();
  const kind = invoice.kind === 'KOR' ? 'Korekta' : 'Faktura';
  return (
    <li aria-labelledby={titleId} className="rounded-2xl border border-forest-100 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={titleId} className="font-semibold text-forest-900">
            {kind} {invoice.number}
          </h2>
          <p className="text-sm text-ink-muted">
            {numericDate(invoice.issueDate)} · {invoice.buyer} · zamówienie{' '}
            <Link to="/admin/orders" search={{ id: invoice.orderId }} className="font-medium text-forest-800 underline underline-offset-2">
              {invoice.orderNumber}
            </Link>
          </p>
        </div>
        <p className="font-semibold whitespace-nowrap text-forest-900">{formatPln(invoice.gross)}</p>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
        <StatusBadge status={invoice.state} label={INVOICE_STATE_LABELS[invoice.state]} tone={STATE_TONE[invoice.state]} />
        {invoice.state === 'accepted' && invoice.ksefNumber && (
          <span className="break-all text-ink-muted">nr KSeF {invoice.ksefNumber}</span>
        )}
      </div>
      {invoice.state === 'rejected' && (
        <div className="mt-2 text-sm">
          {invoice.rejectionReason && <p className="text-blush-700">Powód: {invoice.rejectionReason}</p>}
          <div className="mt-2">
            <ResendInvoiceButton invoiceId={invoice.id} number={invoice.number} onDone={onChanged} />
          </div>
        </div>
      )}
    </li>
  );
}
