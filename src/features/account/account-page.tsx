import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { formatPln } from '../../domain/money.ts';
import { formatDateTimeLong } from '../../domain/polish-date.ts';
import { PageHeading } from '../../lib/page-heading.tsx';
import { ProductThumb } from '../../lib/product-image.tsx';
import { DeviceOrdersList, type DeviceOrder, type DeviceOrderActions, type DeviceOrdersProps } from './device-orders-list.tsx';
import { loadHistory, saveHistory } from './history-cache.ts';
import { fetchOrderHistory, type HistoryOrder } from './order-history.ts';

type History = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; orders: HistoryOrder[]; savedAt?: string };

const NO_ACTIONS: DeviceOrderActions = { onSendNow: () => {}, onCancel: () => {}, onPay: async () => null, onReschedule: async () => null };

/**
 * A visitor whose device placed orders sees them (with their states) and is
 * invited to log in for the full history; `linkRequest` is the form asking
 * for an order page's link by mail (the route hands it in).
 */
export function GuestAccountPage({ orders, actions, SlotPicker, linkRequest }: DeviceOrdersProps & { linkRequest?: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-12">
      <PageHeading>Moje zamówienia</PageHeading>
      <p className="mt-2 text-ink-muted">
        Masz konto?{' '}
        <Link to="/login" search={{ redirect: '/account' }} className="font-semibold text-forest-800 underline">
          Zaloguj się
        </Link>
        , aby zobaczyć pełną historię zamówień.
      </p>
      <DeviceOrdersList orders={orders} actions={actions} SlotPicker={SlotPicker} />
      {linkRequest}
    </section>
  );
}

/** docs/spec.md §2 'Moje konto': the email, the customer's order history and the orders this device placed as a guest. */
export function AccountPage({
  email,
  userId,
  deviceOrders = [],
  deviceOrderActions = NO_ACTIONS,
  SlotPicker,
}: {
  email: string;
  userId: string;
  deviceOrders?: readonly DeviceOrder[];
  deviceOrderActions?: DeviceOrderActions;
  /** The delivery calendar's date and window picker, for an order refused for its term (the route hands it in). */
  SlotPicker?: DeviceOrdersProps['SlotPicker'];
}) {
  const [history, setHistory] = useState<History>({ status: 'loading' });

  const fetchHistory = useCallback(() => {
    let cancelled = false;
    fetchOrderHistory(userId).then(
      (orders) => {
        saveHistory(email, orders);
        if (!cancelled) setHistory({ status: 'loaded', orders });
      },
      () => {
        if (cancelled) return;
        // Offline or the server failed: show what this device loaded last, if anything.
        const saved = loadHistory(email);
        setHistory(saved ? { status: 'loaded', orders: saved.orders, savedAt: saved.savedAt } : { status: 'failed' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [email, userId]);

  useEffect(() => fetchHistory(), [fetchHistory]);

  const retry = () => {
    setHistory({ status: 'loading' });
    fetchHistory();
  };

  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-12">
      <PageHeading>Moje konto</PageHeading>
      <p className="mt-2 text-ink-muted">
        Zalogowano jako <span className="font-semibold text-forest-900">{email}</span>
      </p>

      <h2 className="mt-10 text-2xl font-bold text-forest-900">Historia zamówień</h2>
      <div className="mt-4" aria-live="polite">
        {history.status === 'loading' && <p className="text-ink-muted">Ładowanie zamówień...</p>}
        {history.status === 'failed' && (
          <div role="alert" className="rounded-2xl bg-blush-50 p-4">
            <p className="font-medium text-blush-700">Nie udało się pobrać historii zamówień</p>
            <button type="button" className="btn-secondary mt-3" onClick={retry}>
              Spróbuj ponownie
            </button>
          </div>
        )}
        {history.status === 'loaded' && history.savedAt && (
          <div role="status" className="mb-4 rounded-2xl bg-cream-200 p-4 text-sm text-ink">
            <p>Nie udało się połączyć z serwerem. Pokazujemy historię zapisaną na tym urządzeniu {formatDateTimeLong(history.savedAt)}.</p>
            <button type="button" className="btn-secondary mt-3" onClick={retry}>
              Spróbuj ponownie
            </button>
          </div>
        )}
        {history.status === 'loaded' && history.orders.length === 0 && <p className="text-ink-muted">Nie masz jeszcze żadnych zamówień</p>}
        {history.status === 'loaded' && history.orders.length > 0 && (
          <ul className="space-y-4">
            {history.orders.map((order) => (
              <OrderCard key={order.id} order={order} />
            ))}
          </ul>
        )}
      </div>

      <DeviceOrdersList
        // Orders the account's history holds (or will hold) are shown once, there.
        orders={deviceOrders.filter(
          (order) =>
            !(order.userPlaced && order.status === 'sent') &&
            (history.status !== 'loaded' || !history.orders.some((known) => known.number === order.number)),
        )}
        actions={deviceOrderActions}
        SlotPicker={SlotPicker}
      />
    </section>
  );
}

function OrderCard({ order }: { order: HistoryOrder }) {
  return (
    <li className="rounded-2xl border border-forest-100 bg-white p-5" aria-label={`Zamówienie ${order.number}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-lg font-semibold text-forest-900">Zamówienie {order.number}</h3>
        <span className="rounded-full bg-forest-50 px-3 py-1 text-sm font-medium text-forest-800">{order.statusLabel}</span>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="inline text-ink-muted">Data: </dt>
          <dd className="inline">
            <time dateTime={order.createdAt}>{formatDateTimeLong(order.createdAt)}</time>
          </dd>
        </div>
        <div>
          <dt className="inline text-ink-muted">Dostawa: </dt>
          <dd className="inline">{order.deliveryMethod}</dd>
        </div>
        <div>
          <dt className="inline text-ink-muted">Płatność: </dt>
          <dd className="inline">{order.paymentMethod}</dd>
        </div>
      </dl>
      <ul className="mt-3 divide-y divide-forest-100 text-sm">
        {order.items.map((item) => (
          <li key={item.id} className="flex items-center justify-between gap-4 py-1.5">
            <span className="flex items-center gap-3">
              <ProductThumb product={item.picture ?? null} size={40} />
              {item.name}
            </span>
            <span className="text-ink-muted">× {item.quantity}</span>
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <Link
          to="/zamowienie/$number"
          params={{ number: order.number }}
          className="font-semibold text-forest-800 underline"
          aria-label={`Szczegóły zamówienia ${order.number}`}
        >
          Szczegóły i stan zamówienia
        </Link>
        <p className="font-semibold text-forest-900">Razem: {formatPln(order.total)}</p>
      </div>
    </li>
  );
}
