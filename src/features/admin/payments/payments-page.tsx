import { useId, useMemo } from 'react';
import { Link } from '@tanstack/react-router';
import { formatPln } from '../../../domain/money.ts';
import { LEDGER_PAYMENT_STATES } from '../../../domain/payment-ledger.ts';
import { countLabelPlain } from '../count-label.ts';
import { useAdminData } from '../orders/orders-data.tsx';
import { orderMatches } from '../admin-search.ts';
import { LoadError, Loading, PageTitle, SavedDataNotice, selectClass } from '../admin-ui.tsx';
import { ExportPanel } from '../export/export-panel.tsx';
import { PaymentStateBadge, PaymentWhen, RefundList } from './ledger-entries.tsx';
import { ledgerEntries } from './ledger-list.ts';
import { PAYMENT_STATE_LABELS, PROVIDER_LABELS, paymentMethodLabel } from './order-money.ts';
import { isLedgerPaymentState, type PaymentsSearch } from './payments-search.ts';

/**
 * /admin/payments: the ledger's real payments, newest first, each
 * with its order, customer, method, gateway, amount, state and refunds;
 * filterable by state and searchable by the order. Read from the back
 * office's one copy of the orders, so it opens offline from the device's copy.
 */
export function PaymentsPage({
  search,
  onSearchChange,
}: {
  search: PaymentsSearch;
  onSearchChange: (next: Partial<PaymentsSearch>) => void;
}) {
  const { load, orders, reload, today } = useAdminData();
  const statusId = useId();
  const queryId = useId();

  const entries = useMemo(() => ledgerEntries(orders, search, orderMatches), [orders, search]);

  return (
    <section aria-labelledby="payments-title">
      <PageTitle>
        <span id="payments-title">Płatności</span>
      </PageTitle>

      {load.status === 'loaded' && <ExportPanel orders={orders} today={today} />}

      <div className="mt-4 grid gap-3 sm:grid-cols-[12rem_1fr]">
        <div>
          <label htmlFor={statusId} className="mb-1 block text-sm font-medium text-forest-900">
            Status płatności
          </label>
          <select
            id={statusId}
            className={selectClass}
            value={search.status ?? ''}
            onChange={(event) => onSearchChange({ status: isLedgerPaymentState(event.target.value) ? event.target.value : undefined })}
          >
            <option value="">Wszystkie</option>
            {LEDGER_PAYMENT_STATES.map((state) => (
              <option key={state} value={state}>
                {PAYMENT_STATE_LABELS[state]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={queryId} className="mb-1 block text-sm font-medium text-forest-900">
            Szukaj płatności
          </label>
          <input
            id={queryId}
            type="search"
            className={selectClass}
            placeholder="Numer zamówienia, klient, e-mail"
            value={search.q ?? ''}
            onChange={(event) => onSearchChange({ q: event.target.value || undefined })}
          />
        </div>
      </div>

      <div aria-live="polite">
        {load.status === 'loading' && <Loading label="Ładowanie płatności..." />}
        {load.status === 'failed' && <LoadError message="Nie udało się pobrać danych płatności" onRetry={reload} />}
        {load.status === 'loaded' && load.savedAt && <SavedDataNotice savedAt={load.savedAt} onRetry={reload} />}
        {load.status === 'loaded' && (
          <p className="mt-4 text-sm text-ink-muted">{countLabelPlain(entries.length, ['płatność', 'płatności', 'płatności'])}</p>
        )}
      </div>

      {load.status === 'loaded' &&
        (entries.length === 0 ? (
          <p className="mt-4 text-ink-muted">
            {search.status || search.q ? 'Nie znaleziono płatności' : 'Nie ma jeszcze żadnych płatności.'}
          </p>
        ) : (
          <ul className="mt-3 space-y-3" aria-label="Lista płatności">
            {entries.map(({ payment, order }) => (
              <li
                key={payment.id}
                aria-label={`Płatność za zamówienie ${order.number}`}
                className="grid gap-2 rounded-2xl border border-forest-100 bg-white p-4 sm:grid-cols-[1fr_auto] sm:items-start"
              >
                <div className="min-w-0">
                  <Link to="/admin/orders" search={{ id: order.id }} className="font-semibold text-forest-900 underline">
                    <span className="sr-only">Zamówienie </span>
                    {order.number}
                  </Link>
                  <p className="truncate text-sm">
                    {order.customerName} · <span className="text-ink-muted">{order.customerEmail}</span>
                  </p>
                  <p className="text-sm text-ink-muted">
                    {paymentMethodLabel(payment.method)} · {PROVIDER_LABELS[payment.provider]} · <PaymentWhen payment={payment} />
                  </p>
                  {payment.note && <p className="text-sm text-ink-muted">Notatka: {payment.note}</p>}
                  <RefundList refunds={payment.refunds} />
                </div>
                <div className="flex flex-wrap items-center gap-2 sm:justify-end">
                  <span className="font-semibold">{formatPln(payment.amount)}</span>
                  <PaymentStateBadge state={payment.state} />
                </div>
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
