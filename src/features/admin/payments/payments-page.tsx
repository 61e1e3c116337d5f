import { useId, useMemo } from 'react';
import { Link } from '@tanstack/react-router';
import { formatPln } from '../../../domain/money.ts';
import { PAYMENT_METHOD_LABELS } from '../../../domain/payment-methods.ts';
import {
  PAYMENT_STATUSES,
  PAYMENT_STATUS_LABELS,
  isPaymentStatus,
  paymentStatusLabel,
  toPaymentView,
} from '../../../domain/payment-status.ts';
import { countLabelPlain } from '../count-label.ts';
import { useAdminData } from '../admin-data.tsx';
import { orderMatches } from '../admin-search.ts';
import { LoadError, Loading, PageTitle, SavedDataNotice, StatusBadge, formatDateTime, selectClass } from '../admin-ui.tsx';
import type { PaymentsSearch } from './payments-search.ts';

const PAYMENT_TONE: Record<string, string> = {
  completed: 'bg-forest-700 text-white',
  pending: 'bg-cream-200 text-ink',
  cancelled: 'bg-blush-100 text-blush-700',
  failed: 'bg-blush-700 text-white',
};

/** /admin/payments: one payment view per order (docs/spec.md §3), status derived from the order's (§4), filterable. */
export function PaymentsPage({
  search,
  onSearchChange,
}: {
  search: PaymentsSearch;
  onSearchChange: (next: Partial<PaymentsSearch>) => void;
}) {
  const { load, orders, reload } = useAdminData();
  const statusId = useId();
  const queryId = useId();

  const payments = useMemo(
    () =>
      orders
        .filter((order) => orderMatches(order, search.q ?? ''))
        .map(toPaymentView)
        .filter((payment) => !search.status || payment.status === search.status),
    [orders, search.q, search.status],
  );

  return (
    <section aria-labelledby="payments-title">
      <PageTitle>
        <span id="payments-title">Płatności</span>
      </PageTitle>

      <div className="mt-4 grid gap-3 sm:grid-cols-[12rem_1fr]">
        <div>
          <label htmlFor={statusId} className="mb-1 block text-sm font-medium text-forest-900">
            Status płatności
          </label>
          <select
            id={statusId}
            className={selectClass}
            value={search.status ?? ''}
            onChange={(event) => onSearchChange({ status: isPaymentStatus(event.target.value) ? event.target.value : undefined })}
          >
            <option value="">Wszystkie</option>
            {PAYMENT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {PAYMENT_STATUS_LABELS[status]}
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
            placeholder="Numer zamówienia, klient, email"
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
          <p className="mt-4 text-sm text-ink-muted">{countLabelPlain(payments.length, ['płatność', 'płatności', 'płatności'])}</p>
        )}
      </div>

      {load.status === 'loaded' &&
        (payments.length === 0 ? (
          <p className="mt-4 text-ink-muted">Nie znaleziono płatności</p>
        ) : (
          <ul className="mt-3 space-y-3" aria-label="Lista płatności">
            {payments.map((payment) => (
              <li
                key={payment.id}
                aria-label={`Płatność za zamówienie ${payment.payuOrderId}`}
                className="grid gap-2 rounded-2xl border border-forest-100 bg-white p-4 sm:grid-cols-[1fr_auto] sm:items-center"
              >
                <div className="min-w-0">
                  <Link to="/admin/orders" search={{ id: payment.orderId }} className="font-semibold text-forest-900 underline">
                    {payment.payuOrderId}
                  </Link>
                  <p className="truncate text-sm">
                    {payment.customerName} · <span className="text-ink-muted">{payment.customerEmail}</span>
                  </p>
                  <p className="text-sm text-ink-muted">
                    {(PAYMENT_METHOD_LABELS as Record<string, string>)[payment.paymentMethod] ?? payment.paymentMethod} ·{' '}
                    <time dateTime={payment.createdAt}>{formatDateTime(payment.createdAt)}</time>
                    {payment.payuStatus ? ` · bramka: ${payment.payuStatus}` : ''}
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-2 sm:justify-end">
                  <span className="font-semibold">{formatPln(payment.amount)}</span>
                  <StatusBadge status={payment.status} label={paymentStatusLabel(payment.status)} tone={PAYMENT_TONE[payment.status]} />
                </div>
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
