import { Suspense, lazy, useId, useMemo, type ReactNode } from 'react';
import { formatPln } from '../../../domain/money.ts';
import { ORDER_SOURCE_LABELS } from '../../../domain/owner-order.ts';
import { countLabelPlain } from '../count-label.ts';
import { useAdminData } from './orders-data.tsx';
import type { AdminOrder } from './order.ts';
import { LoadError, Loading, PageTitle, SavedDataNotice, StatusBadge, formatDateTime, selectClass } from '../admin-ui.tsx';
import { DeliveryMarks } from '../fulfilment/florist-details.tsx';
import { deliveryWhen } from '../fulfilment/print-ticket.ts';
import { PaymentStateMark } from '../payments/payment-mark.tsx';
import { OrderDetailDialog } from './order-detail-dialog.tsx';
import {
  ORDER_SORTS,
  ORDER_SORT_LABELS,
  effectiveSort,
  filterEntries,
  ordersShown,
  type ChoiceFilter,
  type OrdersFilterKey,
  type OrdersSearch,
  type TextFilter,
} from './orders-filters.ts';

// Loaded when opened: the form, its schema and its outbox stay out of the orders list's code.
const NewOrderPanel = lazy(() => import('../new-order/new-order-panel.tsx'));

/**
 * /admin/orders: newest first or by delivery time, filter by status and by
 * delivery day ('Dziś', 'Jutro', 'Ten tydzień' of the shop's calendar),
 * search; `?id=` opens that order's detail.
 */
export function OrdersPage({
  search,
  onSearchChange,
  onOpen,
  onClose,
  onNewOrder,
}: {
  search: OrdersSearch;
  /** The params to change, as the URL's text. */
  onSearchChange: (next: { [Key in keyof OrdersSearch]?: string }) => void;
  onOpen: (id: string) => void;
  onClose: () => void;
  /** Opens or closes 'Nowe zamówienie' (?nowe=tak). */
  onNewOrder: (open: boolean) => void;
}) {
  const { load, orders, pendingChanges, reload, today } = useAdminData();
  const sortId = useId();

  const shown = useMemo(() => ordersShown(orders, search, today), [orders, search, today]);
  const opened = search.id ? orders.find((order) => order.id === search.id) : undefined;
  const filters = filterEntries();
  const control = (key: OrdersFilterKey, filter: ChoiceFilter<string> | TextFilter) => (
    <FilterControl key={key} filter={filter} value={search[key]} onChange={(value) => onSearchChange({ [key]: value })} />
  );

  return (
    <section aria-labelledby="orders-title">
      <PageTitle
        after={
          <button type="button" className="btn-primary min-h-11" onClick={() => onNewOrder(true)}>
            Nowe zamówienie
          </button>
        }
      >
        <span id="orders-title">Zamówienia</span>
      </PageTitle>

      {filters.filter(([, filter]) => filter.kind === 'buttons').map(([key, filter]) => control(key, filter))}

      <div className="mt-4 grid gap-3 sm:flex">
        {filters.filter(([, filter]) => filter.kind === 'select').map(([key, filter]) => control(key, filter))}
        <div className="sm:w-48 sm:shrink-0">
          <label htmlFor={sortId} className="mb-1 block text-sm font-medium text-forest-900">
            Sortuj
          </label>
          <select
            id={sortId}
            className={selectClass}
            value={effectiveSort(search)}
            onChange={(event) => onSearchChange({ sort: ORDER_SORTS.find((sort) => sort === event.target.value) })}
          >
            {ORDER_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {ORDER_SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </div>
        {filters.filter(([, filter]) => filter.kind === 'text').map(([key, filter]) => control(key, filter))}
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
              const waiting = pendingChanges.some((change) => change.orderId === order.id);
              return (
                <li
                  key={order.id}
                  aria-label={`Zamówienie ${order.number}`}
                  className="grid gap-2 rounded-2xl border border-forest-100 bg-white p-4 sm:grid-cols-[1fr_auto_auto] sm:items-center sm:gap-4"
                >
                  <div className="min-w-0">
                    <p className="font-semibold text-forest-900">{order.number}</p>
                    <p className="truncate text-sm">
                      {order.customerName}
                      {order.customerEmail && (
                        <>
                          {' '}
                          · <span className="text-ink-muted">{order.customerEmail}</span>
                        </>
                      )}
                    </p>
                    <p className="text-sm text-ink-muted">
                      <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
                      {order.source !== 'online' && <> · przyjęte: {ORDER_SOURCE_LABELS[order.source]}</>}
                    </p>
                    <DeliveryLine order={order} />
                  </div>
                  <div className="flex flex-wrap items-center gap-2 sm:justify-end">
                    <span className="font-semibold">{formatPln(order.total)}</span>
                    <DeliveryMarks order={order} />
                    <StatusBadge status={order.status} />
                    <PaymentStateMark order={order} />
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
      {search.nowe && (
        <Suspense fallback={<Loading label="Ładowanie formularza..." />}>
          <NewOrderPanel onClose={() => onNewOrder(false)} onPlaced={reload} />
        </Suspense>
      )}
    </section>
  );
}

/** One filter's control, drawn from its description (orders-filters.ts); `undefined` is no filter. */
function FilterControl({
  filter,
  value,
  onChange,
}: {
  filter: ChoiceFilter<string> | TextFilter;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const id = useId();
  if (filter.kind === 'buttons')
    return (
      <div role="group" aria-label={filter.label} className="mt-4 flex flex-wrap gap-2">
        {[undefined, ...filter.values].map((choice) => (
          <ChoiceButton key={choice ?? ''} pressed={choice === value} onClick={() => onChange(choice)}>
            {choice ? filter.valueLabels[choice] : <>Wszystkie{filter.allHint && <span className="sr-only"> {filter.allHint}</span>}</>}
          </ChoiceButton>
        ))}
      </div>
    );
  const label = (
    <label htmlFor={id} className="mb-1 block text-sm font-medium text-forest-900">
      {filter.label}
    </label>
  );
  if (filter.kind === 'text')
    return (
      <div className="sm:min-w-0 sm:flex-1">
        {label}
        <input
          id={id}
          type="search"
          className={selectClass}
          placeholder={filter.placeholder}
          value={value ?? ''}
          onChange={(event) => onChange(event.target.value || undefined)}
        />
      </div>
    );
  return (
    <div className="sm:w-48 sm:shrink-0">
      {label}
      <select
        id={id}
        className={selectClass}
        value={value ?? ''}
        onChange={(event) => onChange(filter.values.find((choice) => choice === event.target.value))}
      >
        <option value="">Wszystkie</option>
        {filter.values.map((choice) => (
          <option key={choice} value={choice}>
            {filter.valueLabels[choice]}
          </option>
        ))}
      </select>
    </div>
  );
}

function ChoiceButton({ pressed, onClick, children }: { pressed: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      className={`min-h-11 rounded-full border px-3 py-2 text-sm font-semibold sm:px-4 ${
        pressed ? 'border-forest-800 bg-forest-800 text-white' : 'border-forest-200 bg-white text-forest-800 hover:bg-forest-50'
      }`}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/** 'Dostawa: środa, 25 listopada 2026 · 9:00–12:00' for an order with a delivery date; nothing for couriers. */
function DeliveryLine({ order }: { order: AdminOrder }) {
  if (!order.florist.deliveryDate) return null;
  const recipient = order.florist.recipientKind === 'other' ? order.florist.recipientName : '';
  return (
    <p className="text-sm font-medium text-forest-900">
      {order.florist.pickupTime ? 'Odbiór' : 'Dostawa'}: {deliveryWhen(order)}
      {recipient && <span className="font-normal text-ink-muted"> · dla: {recipient}</span>}
    </p>
  );
}
