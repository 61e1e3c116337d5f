import { useId, useMemo } from 'react';
import { formatPln } from '../../../domain/money.ts';
import { ORDER_STATUSES, ORDER_STATUS_LABELS, isOrderStatus } from '../../../domain/order-status.ts';
import { countLabelPlain } from '../count-label.ts';
import { useAdminData } from '../admin-data.tsx';
import { searchOrders } from '../admin-search.ts';
import { LoadError, Loading, PageTitle, SavedDataNotice, StatusBadge, formatDateTime, selectClass } from '../admin-ui.tsx';
import { OrderDetailDialog } from './order-detail-dialog.tsx';
import type { OrdersSearch } from './orders-search.ts';

/** /admin/orders: newest first, filter by status, search; `?id=` opens that order's detail. */
export function OrdersPage({
  search,
  onSearchChange,
  onOpen,
  onClose,
}: {
  search: OrdersSearch;
  onSearchChange: (next: Partial<OrdersSearch>) => void;
  onOpen: (id: string) => void;
  onClose: () => void;
}) {
  const { load, orders, queued, reload } = useAdminData();
  const statusId = useId();
  const queryId = useId();

  const shown = useMemo(
    () => searchOrders(search.status ? orders.filter((order) => order.status === search.status) : orders, search.q ?? ''),
    [orders, search.status, search.q],
  );
  const opened = search.id ? orders.find((order) => order.id === search.id) : undefined;

  return (
    <section aria-labelledby="orders-title">
      <PageTitle>
        <span id="orders-title">Zamówienia</span>
      </PageTitle>

      <div className="mt-4 grid gap-3 sm:grid-cols-[12rem_1fr]">
        <div>
          <label htmlFor={statusId} className="mb-1 block text-sm font-medium text-forest-900">
            Status
          </label>
          <select
            id={statusId}
            className={selectClass}
            value={search.status ?? ''}
            onChange={(event) => onSearchChange({ status: isOrderStatus(event.target.value) ? event.target.value : undefined })}
          >
            <option value="">Wszystkie</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {ORDER_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={queryId} className="mb-1 block text-sm font-medium text-forest-900">
            Szukaj zamówień
          </label>
          <input
            id={queryId}
            type="search"
            className={selectClass}
            placeholder="Numer, klient, email lub telefon"
            value={search.q ?? ''}
            onChange={(event) => onSearchChange({ q: event.target.value || undefined })}
          />
        </div>
      </div>

      <div aria-live="polite">
        {load.status === 'loading' && <Loading label="Ładowanie zamówień..." />}
        {load.status === 'failed' && <LoadError message="Nie udało się pobrać zamówień" onRetry={reload} />}
        {load.status === 'loaded' && load.savedAt && <SavedDataNotice savedAt={load.savedAt} onRetry={reload} />}
        {load.status === 'loaded' && (
          <p className="mt-4 text-sm text-ink-muted">{countLabelPlain(shown.length, ['zamówienie', 'zamówienia', 'zamówień'])}</p>
        )}
        {load.status === 'loaded' && search.id && !opened && (
          <p role="alert" className="mt-2 text-sm font-medium text-blush-700">
            Nie znaleziono zamówienia, które miało się otworzyć.
          </p>
        )}
      </div>

      {load.status === 'loaded' &&
        (shown.length === 0 ? (
          <p className="mt-4 text-ink-muted">Nie znaleziono zamówień</p>
        ) : (
          <ul className="mt-3 space-y-3" aria-label="Lista zamówień">
            {shown.map((order) => {
              const waiting = queued.some((change) => change.orderId === order.id);
              return (
                <li
                  key={order.id}
                  aria-label={`Zamówienie ${order.number}`}
                  className="grid gap-2 rounded-2xl border border-forest-100 bg-white p-4 sm:grid-cols-[1fr_auto_auto] sm:items-center sm:gap-4"
                >
                  <div className="min-w-0">
                    <p className="font-semibold text-forest-900">{order.number}</p>
                    <p className="truncate text-sm">
                      {order.customerName} · <span className="text-ink-muted">{order.customerEmail}</span>
                    </p>
                    <p className="text-sm text-ink-muted">
                      <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
                    </p>
                  </div>
                  <div className="flex flex-wrap items-center gap-2 sm:justify-end">
                    <span className="font-semibold">{formatPln(order.total)}</span>
                    <StatusBadge status={order.status} />
                    {waiting && <span className="text-xs font-medium text-blush-700">czeka na wysłanie</span>}
                  </div>
                  <button type="button" className="btn-secondary min-h-11 py-2" onClick={() => onOpen(order.id)}>
                    Szczegóły<span className="sr-only"> zamówienia {order.number}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        ))}

      {opened && <OrderDetailDialog key={opened.id} order={opened} onClose={onClose} />}
    </section>
  );
}
