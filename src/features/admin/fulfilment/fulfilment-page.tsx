import { useId, useMemo } from 'react';
import { Link } from '@tanstack/react-router';
import { formatPln } from '../../../domain/money.ts';
import { useAdminData } from '../orders/orders-data.tsx';
import type { AdminOrder } from '../orders/order.ts';
import { LoadError, Loading, PageTitle, SavedDataNotice, StatusBadge } from '../admin-ui.tsx';
import { countLabelPlain } from '../count-label.ts';
import { isFuneral, planDay, type PickupGroup, type WindowGroup } from '../orders/delivery-schedule.ts';
import { CollectMark } from '../payments/payment-mark.tsx';
import { DayPicker } from './day-picker.tsx';
import { FloristDetailsList, FuneralBadge } from './florist-details.tsx';
import { FulfilmentBadge, FulfilmentControl } from './fulfilment-control.tsx';
import { OrderPhotos, PhotoServiceBadge, promisesPhoto } from '../order-photos/lazy-order-photos.tsx';
import type { FulfilmentSearch } from './fulfilment-search.ts';
import { PrintSheet } from './print-sheet.tsx';
import { usePrint } from './use-print.ts';

const ORDER_FORMS = ['zamówienie', 'zamówienia', 'zamówień'] as const;
const PLACE_FORMS = ['wolne miejsce', 'wolne miejsca', 'wolnych miejsc'] as const;

/**
 * /admin/realizacja?date=: the day's orders by delivery window and
 * store pickups by hour, with free places per window, each order's florist
 * details and fulfilment state, and printed tickets. Reads the back office's
 * one copy of the orders, so it opens offline from the device's copy.
 */
export function FulfilmentPage({ search, onDateChange }: { search: FulfilmentSearch; onDateChange: (date: string | undefined) => void }) {
  const { load, orders, today, deliverySettings, reload } = useAdminData();
  const date = search.date ?? today;
  const plan = useMemo(() => planDay(orders, date, deliverySettings), [orders, date, deliverySettings]);
  const dayOrders = useMemo(
    () => [...plan.windows.flatMap((group) => group.orders), ...plan.pickups.flatMap((group) => group.orders), ...plan.unscheduled],
    [plan],
  );
  const { printed, print } = usePrint(dayOrders);
  const dateId = useId();
  const go = (next: string) => onDateChange(next === today ? undefined : next);

  return (
    <section aria-labelledby="fulfilment-title">
      <PageTitle
        after={
          <div className="flex flex-wrap gap-2">
            <Link to="/admin/realizacja" search={{ date: search.date, view: 'route' }} className="btn-secondary min-h-11 px-4 py-2">
              {date === today ? 'Trasa na dziś' : 'Trasa'}
            </Link>
            <button type="button" className="btn-primary min-h-11 py-2" disabled={dayOrders.length === 0} onClick={() => print(dayOrders)}>
              Drukuj<span className="sr-only"> wszystkie zamówienia dnia</span>
            </button>
          </div>
        }
      >
        <span id="fulfilment-title">Realizacja</span>
      </PageTitle>

      <DayPicker date={date} today={today} go={go} />

      <div aria-live="polite">
        {load.status === 'loading' && <Loading label="Ładowanie zamówień..." />}
        {load.status === 'failed' && <LoadError message="Nie udało się pobrać zamówień" onRetry={reload} />}
        {load.status === 'loaded' && load.savedAt && <SavedDataNotice savedAt={load.savedAt} onRetry={reload} />}
      </div>

      {load.status === 'loaded' && (
        <>
          <p className="mt-2 text-sm text-ink-muted" data-testid="day-summary">
            {countLabelPlain(plan.count, [...ORDER_FORMS])}
            {plan.dayFree !== null && ` · w tym dniu ${countLabelPlain(plan.dayFree, [...PLACE_FORMS])} na dostawy`}
            {plan.peak && ' · dzień szczytu (jedno okno na cały dzień)'}
          </p>
          {!plan.open && (
            <p className="mt-2 rounded-2xl bg-cream-200 p-3 text-sm">
              Sklep jest w tym dniu zamknięty dla nowych dostaw{plan.holiday ? ` (${plan.holiday})` : ''}.
            </p>
          )}

          {plan.windows.map((group) => (
            <WindowSection key={group.id} group={group} onPrint={(order) => print([order])} />
          ))}
          {plan.pickups.length > 0 && (
            <section aria-labelledby={`${dateId}-pickups`} className="mt-6">
              <h2 id={`${dateId}-pickups`} className="text-lg font-semibold text-forest-900">
                Odbiór w sklepie
              </h2>
              {plan.pickups.map((group) => (
                <PickupSection key={group.hour} group={group} onPrint={(order) => print([order])} />
              ))}
            </section>
          )}
          {plan.unscheduled.length > 0 && (
            <section aria-label="Bez okna" className="mt-6">
              <h2 className="text-lg font-semibold text-forest-900">Bez okna dostawy</h2>
              <OrderCards orders={plan.unscheduled} onPrint={(order) => print([order])} />
            </section>
          )}
          {plan.count === 0 && <p className="mt-6 text-ink-muted">Brak zamówień na ten dzień.</p>}
        </>
      )}

      {/* The whole day prints its overview first; one order alone prints only its ticket. */}
      <PrintSheet orders={printed} overview={printed === dayOrders ? plan : null} />
    </section>
  );
}

function WindowSection({ group, onPrint }: { group: WindowGroup; onPrint: (order: AdminOrder) => void }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-forest-100 pb-1">
        <h2 id={headingId} className="text-lg font-semibold text-forest-900">
          Okno {group.label}
        </h2>
        <p className="text-sm">
          {group.free === null ? (
            <span className="text-ink-muted">okno spoza obecnych ustawień</span>
          ) : (
            <span className={group.free === 0 ? 'font-semibold text-blush-700' : 'font-medium text-forest-800'}>
              {group.free === 0 ? 'Brak wolnych miejsc' : `Wolne miejsca: ${group.free}`}
              {group.capacity !== null && ` z ${group.capacity}`}
            </span>
          )}
        </p>
      </div>
      {group.orders.length === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">Brak zamówień w tym oknie.</p>
      ) : (
        <OrderCards orders={group.orders} onPrint={onPrint} />
      )}
    </section>
  );
}

function PickupSection({ group, onPrint }: { group: PickupGroup; onPrint: (order: AdminOrder) => void }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-3">
      <h3 id={headingId} className="border-b border-forest-100 pb-1 font-semibold text-forest-900">
        Godz. {group.label}
      </h3>
      <OrderCards orders={group.orders} onPrint={onPrint} />
    </section>
  );
}

function OrderCards({ orders, onPrint }: { orders: readonly AdminOrder[]; onPrint: (order: AdminOrder) => void }) {
  return (
    <ul className="mt-3 grid gap-3 lg:grid-cols-2">
      {orders.map((order) => (
        <li key={order.id}>
          <OrderCard order={order} onPrint={onPrint} />
        </li>
      ))}
    </ul>
  );
}

function OrderCard({ order, onPrint }: { order: AdminOrder; onPrint: (order: AdminOrder) => void }) {
  return (
    <article
      aria-label={`Zamówienie ${order.number}`}
      className={`rounded-2xl border bg-white p-4 ${isFuneral(order) ? 'border-forest-800 border-l-8' : 'border-forest-100'}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-forest-900">
          {order.number}
          {order.florist.pickupTime && <span className="font-normal text-ink-muted"> · odbiór {order.florist.pickupTime}</span>}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          {isFuneral(order) && <FuneralBadge />}
          {promisesPhoto(order) && <PhotoServiceBadge />}
          <FulfilmentBadge state={order.florist.fulfilmentState} />
          <StatusBadge status={order.status} />
        </div>
      </div>
      <div className="mt-2">
        <FloristDetailsList order={order} showItems />
      </div>
      <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-ink-muted">
        Razem {formatPln(order.total)}
        <CollectMark order={order} />
      </p>
      <div className="mt-3 border-t border-forest-50 pt-3">
        <FulfilmentControl order={order} compact />
      </div>
      <div className="mt-3">
        <OrderPhotos order={order} compact />
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className="btn-secondary min-h-11 px-4 py-2" onClick={() => onPrint(order)}>
          Drukuj<span className="sr-only"> zamówienie {order.number}</span>
        </button>
        <Link to="/admin/orders" search={{ id: order.id }} className="btn-secondary min-h-11 px-4 py-2">
          Szczegóły<span className="sr-only"> zamówienia {order.number}</span>
        </Link>
      </div>
    </article>
  );
}
