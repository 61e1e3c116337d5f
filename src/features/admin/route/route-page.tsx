import { useId, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link } from '@tanstack/react-router';
import { formatLongDay } from '../../../domain/polish-date.ts';
import { moveStop } from '../../../domain/route-order.ts';
import { locateAddress } from '../../../domain/przemysl-gazetteer.ts';
import { usePublicSettings } from '../../../lib/public-settings.ts';
import { LoadError, Loading, PageTitle, SavedDataNotice, StatusBadge } from '../admin-ui.tsx';
import { countLabelPlain } from '../count-label.ts';
import { planDay } from '../orders/delivery-schedule.ts';
import { useAdminData } from '../orders/orders-data.tsx';
import { DayPicker } from '../fulfilment/day-picker.tsx';
import type { FulfilmentSearch } from '../fulfilment/fulfilment-search.ts';
import { printPage } from '../fulfilment/use-print.ts';
// The print sheet's page rules: in print, only the sheet is on the page.
import '../fulfilment/print-sheet.css';
import { loadRouteOrder, saveRouteOrder } from './route-storage.ts';
import { routeOf, telHref, type RouteStop, type RouteWindow } from './route-stops.ts';

const STOP_FORMS = ['przystanek', 'przystanki', 'przystanków'] as const;
const DUE = 'bg-blush-100 text-blush-700';
const moveButton = 'btn-secondary min-h-11 px-3 py-2 text-sm disabled:opacity-40';

/**
 * /admin/realizacja?view=route&date=: the driver's route. The day's home and cemetery
 * deliveries by window, first in the order of distance from the shop, then
 * as the owner arranges them (kept on this device). Reads the back office's
 * one copy of the orders, so it opens offline like 'Realizacja'.
 */
export function RoutePage({ search, onDateChange }: { search: FulfilmentSearch; onDateChange: (date: string | undefined) => void }) {
  const { load, orders, today, deliverySettings, reload } = useAdminData();
  const { company_address: shopAddress } = usePublicSettings();
  const date = search.date ?? today;
  const [saved, setSaved] = useState<{ date: string; ids: string[] }>(() => ({ date, ids: loadRouteOrder(date) }));
  const savedIds = saved.date === date ? saved.ids : loadRouteOrder(date);
  const [announcement, setAnnouncement] = useState('');

  const route = useMemo(
    () => routeOf(planDay(orders, date, deliverySettings), locateAddress(shopAddress), savedIds),
    [orders, date, deliverySettings, shopAddress, savedIds],
  );
  const stopCount = route.reduce((sum, window) => sum + window.stops.length, 0);

  const arrange = (ids: string[]) => {
    saveRouteOrder(date, ids);
    setSaved({ date, ids });
  };
  const move = (window: RouteWindow, stop: RouteStop, step: -1 | 1) => {
    const windowIds = moveStop(
      window.stops.map((candidate) => candidate.id),
      stop.id,
      step,
    );
    arrange(route.flatMap((other) => (other.id === window.id ? windowIds : other.stops.map((candidate) => candidate.id))));
    setAnnouncement(`Zamówienie ${stop.number}: pozycja ${windowIds.indexOf(stop.id) + 1} z ${windowIds.length} w oknie ${window.label}.`);
  };
  const resetOrder = () => {
    arrange([]);
    setAnnouncement('Przywrócono kolejność według odległości od sklepu.');
  };

  return (
    <section aria-labelledby="route-title">
      <PageTitle
        after={
          <div className="flex flex-wrap gap-2">
            <Link to="/admin/realizacja" search={{ date: search.date }} className="btn-secondary min-h-11 px-4 py-2">
              Realizacja
            </Link>
            <button type="button" className="btn-primary min-h-11 py-2" disabled={stopCount === 0} onClick={printPage}>
              Drukuj trasę
            </button>
          </div>
        }
      >
        <span id="route-title">{date === today ? 'Trasa na dziś' : 'Trasa'}</span>
      </PageTitle>

      <DayPicker date={date} today={today} go={(next) => onDateChange(next === today ? undefined : next)} />

      <div aria-live="polite">
        {load.status === 'loading' && <Loading label="Ładowanie zamówień..." />}
        {load.status === 'failed' && <LoadError message="Nie udało się pobrać zamówień" onRetry={reload} />}
        {load.status === 'loaded' && load.savedAt && <SavedDataNotice savedAt={load.savedAt} onRetry={reload} />}
      </div>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>

      {load.status === 'loaded' && (
        <>
          {stopCount > 0 && (
            <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-ink-muted">
              <p data-testid="route-summary">
                {countLabelPlain(stopCount, [...STOP_FORMS])} ·{' '}
                {savedIds.length > 0 ? 'Twoja kolejność' : 'kolejność według odległości od sklepu'}
              </p>
              {savedIds.length > 0 && (
                <button type="button" className="min-h-11 underline" onClick={resetOrder}>
                  Ułóż według odległości
                </button>
              )}
            </div>
          )}
          {route.map((window) => (
            <WindowStops key={window.id} window={window} onMove={move} />
          ))}
          {stopCount === 0 && <p className="mt-6 text-ink-muted">Brak dostaw na ten dzień.</p>}
        </>
      )}

      <RoutePrint route={route} title={date === today ? 'Trasa na dziś' : 'Trasa'} date={date} />
    </section>
  );
}

function WindowStops({ window, onMove }: { window: RouteWindow; onMove: (window: RouteWindow, stop: RouteStop, step: -1 | 1) => void }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h2 id={headingId} className="border-b border-forest-100 pb-1 text-lg font-semibold text-forest-900">
        Okno {window.label}
      </h2>
      <ol className="mt-3 grid gap-3 lg:grid-cols-2" aria-label={`Przystanki w oknie ${window.label}`}>
        {window.stops.map((stop, index) => (
          <li key={stop.id}>
            <article
              aria-label={`Przystanek ${index + 1}: zamówienie ${stop.number}`}
              className="rounded-2xl border border-forest-100 bg-white p-4"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-semibold text-forest-900">
                  <span className="mr-2 inline-flex size-7 items-center justify-center rounded-full bg-forest-800 text-white">
                    {index + 1}
                  </span>
                  {stop.number}
                </p>
                {stop.collect ? (
                  <StatusBadge status="payment" label={stop.collect} tone={DUE} />
                ) : (
                  <span className="text-sm text-ink-muted">Opłacone</span>
                )}
              </div>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                <dt className="text-ink-muted">Adres</dt>
                <dd>
                  {stop.mapUrl ? (
                    <a href={stop.mapUrl} target="_blank" rel="noopener noreferrer" className="font-medium text-forest-900 underline">
                      {stop.address}
                      <span className="sr-only"> (otwiera mapę)</span>
                    </a>
                  ) : (
                    stop.address
                  )}
                  {!stop.located && (
                    <span className="mt-1 block font-medium text-blush-700">Miejscowość spoza listy: ustaw ten przystanek sam.</span>
                  )}
                </dd>
                {stop.cemeteryOrder && stop.grave && (
                  <>
                    <dt className="text-ink-muted">Grób</dt>
                    <dd>{stop.grave}</dd>
                  </>
                )}
                <dt className="text-ink-muted">Odbiorca</dt>
                <dd>{stop.recipient}</dd>
                {stop.phone && (
                  <>
                    <dt className="text-ink-muted">Telefon</dt>
                    <dd>
                      <a href={telHref(stop.phone)} className="font-medium text-forest-900 underline">
                        <span className="sr-only">Zadzwoń: </span>
                        {stop.phone}
                      </a>
                    </dd>
                  </>
                )}
                {stop.notes && (
                  <>
                    <dt className="text-ink-muted">Uwagi</dt>
                    <dd>{stop.notes}</dd>
                  </>
                )}
                {stop.services.length > 0 && (
                  <>
                    <dt className="text-ink-muted">Usługi</dt>
                    <dd>{stop.services.join(', ')}</dd>
                  </>
                )}
              </dl>
              <div className="mt-3 flex flex-wrap gap-2">
                <button type="button" className={moveButton} disabled={index === 0} onClick={() => onMove(window, stop, -1)}>
                  W górę<span className="sr-only"> (zamówienie {stop.number})</span>
                </button>
                <button
                  type="button"
                  className={moveButton}
                  disabled={index === window.stops.length - 1}
                  onClick={() => onMove(window, stop, 1)}
                >
                  W dół<span className="sr-only"> (zamówienie {stop.number})</span>
                </button>
              </div>
            </article>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The route on one A4 page: a compact table, shown only in print. */
function RoutePrint({ route, title, date }: { route: readonly RouteWindow[]; title: string; date: string }) {
  if (typeof document === 'undefined') return null;
  return createPortal(
    <div className="print-sheet" data-testid="route-print">
      <section className="print-compact" aria-label="Trasa do druku">
        <h1>
          {title} · {formatLongDay(date)}
        </h1>
        <table>
          <thead>
            <tr>
              <th>Lp.</th>
              <th>Zamówienie</th>
              <th>Adres, grób</th>
              <th>Odbiorca, telefon</th>
              <th>Do pobrania</th>
              <th>Uwagi</th>
            </tr>
          </thead>
          {route.map((window) => (
            <tbody key={window.id}>
              <tr>
                <th colSpan={6} className="print-compact-group">
                  Okno {window.label}
                </th>
              </tr>
              {window.stops.map((stop, index) => (
                <tr key={stop.id}>
                  <td>{index + 1}</td>
                  <td>{stop.number}</td>
                  <td>
                    {stop.address}
                    {stop.grave && ` · ${stop.grave}`}
                  </td>
                  <td>
                    {stop.recipient}
                    {stop.phone && ` · ${stop.phone}`}
                  </td>
                  <td>{stop.collect?.replace('Do pobrania: ', '') ?? '—'}</td>
                  <td>{[stop.notes, ...stop.services].filter(Boolean).join('; ')}</td>
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </section>
    </div>,
    document.body,
  );
}
