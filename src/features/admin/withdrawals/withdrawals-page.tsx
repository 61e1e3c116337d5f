import { useCallback, useEffect, useId, useState } from 'react';
import { Link } from '@tanstack/react-router';
import {
  WITHDRAWAL_STATES,
  WITHDRAWAL_STATE_LABELS,
  isWithdrawalState,
  withdrawalLineKey,
  type WithdrawalState,
} from '../../../domain/withdrawal-request.ts';
import { LoadError, Loading, PageTitle, StatusBadge, contactLinkClass, formatDateTime, selectClass } from '../admin-ui.tsx';
import { changeWithdrawalState, fetchWithdrawals, type AdminWithdrawal } from './withdrawals-api.ts';

const STATE_TONE: Record<WithdrawalState, string> = {
  received: 'bg-cream-200 text-ink',
  accepted: 'bg-forest-50 text-forest-800',
  refunded: 'bg-forest-700 text-white',
  rejected: 'bg-blush-100 text-blush-700',
};

type Load = { kind: 'loading' } | { kind: 'loaded'; requests: AdminWithdrawal[] } | { kind: 'failed' };

/** /admin/odstapienia: the customers' withdrawal requests, newest first, each with its state for the owner to move along. */
export function WithdrawalsPage() {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const filterId = useId();
  const [filter, setFilter] = useState<WithdrawalState | ''>('');

  const fetchInto = useCallback(() => {
    fetchWithdrawals().then(
      (requests) => setLoad({ kind: 'loaded', requests }),
      () => setLoad({ kind: 'failed' }),
    );
  }, []);
  useEffect(() => fetchInto(), [fetchInto]);
  const reload = () => {
    setLoad({ kind: 'loading' });
    fetchInto();
  };

  const replace = (next: AdminWithdrawal) =>
    setLoad((current) =>
      current.kind === 'loaded'
        ? { kind: 'loaded', requests: current.requests.map((request) => (request.id === next.id ? next : request)) }
        : current,
    );

  const shown = load.kind === 'loaded' ? load.requests.filter((request) => !filter || request.state === filter) : [];

  return (
    <section aria-labelledby="withdrawals-title">
      <PageTitle>
        <span id="withdrawals-title">Odstąpienia od umowy</span>
      </PageTitle>
      <div className="mt-4 max-w-xs">
        <label htmlFor={filterId} className="mb-1 block text-sm font-medium text-forest-900">
          Stan
        </label>
        <select
          id={filterId}
          className={selectClass}
          value={filter}
          onChange={(event) => setFilter(isWithdrawalState(event.target.value) ? event.target.value : '')}
        >
          <option value="">Wszystkie</option>
          <WithdrawalStateOptions />
        </select>
      </div>
      {load.kind === 'loading' && <Loading label="Wczytywanie zgłoszeń…" />}
      {load.kind === 'failed' && <LoadError message="Nie udało się wczytać zgłoszeń odstąpienia." onRetry={reload} />}
      {load.kind === 'loaded' && shown.length === 0 && (
        <p className="mt-6 text-ink-muted">{filter ? 'Brak zgłoszeń w tym stanie.' : 'Nie ma jeszcze zgłoszeń odstąpienia od umowy.'}</p>
      )}
      <ul className="mt-6 space-y-4">
        {shown.map((request) => (
          <WithdrawalCard key={request.id} request={request} onChanged={replace} />
        ))}
      </ul>
    </section>
  );
}

function WithdrawalCard({ request, onChanged }: { request: AdminWithdrawal; onChanged: (next: AdminWithdrawal) => void }) {
  const stateId = useId();
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);

  const change = async (state: WithdrawalState) => {
    setSaving(true);
    setFailed(false);
    try {
      onChanged({ ...request, state: await changeWithdrawalState(request.id, state) });
    } catch {
      setFailed(true);
    } finally {
      setSaving(false);
    }
  };

  return (
    <li className="rounded-2xl border border-forest-100 bg-white p-4 shadow-sm sm:p-5" aria-labelledby={`${stateId}-title`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={`${stateId}-title`} className="text-lg font-semibold text-forest-900">
            {request.number}
          </h2>
          <p className="text-sm text-ink-muted">
            {formatDateTime(request.created_at)} · zamówienie{' '}
            <Link
              to="/admin/orders"
              search={{ id: request.orders.id }}
              className="font-medium text-forest-800 underline underline-offset-2"
            >
              {request.orders.payu_order_id}
            </Link>
          </p>
        </div>
        <StatusBadge status={request.state} label={WITHDRAWAL_STATE_LABELS[request.state]} tone={STATE_TONE[request.state]} />
      </div>

      <p className="mt-3 flex flex-wrap items-center gap-x-2 text-sm break-words">
        <span>{request.orders.customer_name}</span>
        <a className={contactLinkClass} href={`mailto:${request.orders.customer_email}`}>
          {request.orders.customer_email}
        </a>
        <a className={contactLinkClass} href={`tel:${request.orders.customer_phone.replace(/[^\d+]/g, '')}`}>
          {request.orders.customer_phone}
        </a>
      </p>

      <h3 className="mt-3 text-sm font-semibold text-forest-900">Do zwrotu</h3>
      <ul className="mt-1 text-sm">
        {request.accepted_lines.map((line) => (
          <li key={withdrawalLineKey(line)}>
            {line.name} – {line.quantity} szt.
          </li>
        ))}
      </ul>
      {request.refused_lines.length > 0 && (
        <>
          <h3 className="mt-3 text-sm font-semibold text-forest-900">Odmówione klientowi</h3>
          <ul className="mt-1 space-y-1 text-sm">
            {request.refused_lines.map((line) => (
              <li key={`${withdrawalLineKey(line)}-${line.reason}`}>
                {line.name} – {line.quantity} szt.: <span className="text-ink-muted">{line.reason}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {request.reason && (
        <p className="mt-3 text-sm">
          <span className="font-semibold text-forest-900">Powód: </span>
          {request.reason}
        </p>
      )}
      <p className="mt-2 text-sm text-ink-muted">{request.period_note}</p>

      <div className="mt-4 flex flex-wrap items-end gap-3">
        <div className="w-full sm:w-60">
          <label htmlFor={stateId} className="mb-1 block text-sm font-medium text-forest-900">
            Zmień stan
          </label>
          <select
            id={stateId}
            className={selectClass}
            value={request.state}
            disabled={saving}
            onChange={(event) => isWithdrawalState(event.target.value) && void change(event.target.value)}
          >
            <WithdrawalStateOptions />
          </select>
        </div>
        <p aria-live="polite" className="text-sm">
          {saving && 'Zapisywanie…'}
          {failed && (
            <span className="font-medium text-blush-700">Nie udało się zmienić stanu. Sprawdź połączenie i spróbuj ponownie.</span>
          )}
        </p>
      </div>
    </li>
  );
}

/** The states a request can be in, named as the owner reads them: the list's filter and each request's own choice. */
function WithdrawalStateOptions() {
  return WITHDRAWAL_STATES.map((state) => (
    <option key={state} value={state}>
      {WITHDRAWAL_STATE_LABELS[state]}
    </option>
  ));
}
