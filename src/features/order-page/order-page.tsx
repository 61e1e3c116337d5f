import { useCallback, useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { DELIVERY_METHOD_LABELS, type DeliveryMethod } from '../../domain/delivery.ts';
import { formatPln, grosz } from '../../domain/money.ts';
import { ORDER_CHOICES_HEADING, servicePriceText } from '../../domain/order-choices.ts';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../domain/payment-methods.ts';
import { formatDateTimeLong } from '../../domain/polish-date.ts';
import { ChoiceList } from '../../lib/choice-list.tsx';
import { PageHeading } from '../../lib/page-heading.tsx';
import { useOnline } from '../../lib/use-online.ts';
import type { OrderLoad, OrderView } from './order-view.ts';
import { orderProgress, type StepState, type TimelineStep } from './timeline.ts';
import { OrderInvoiceSection, type DownloadInvoice } from './order-invoice.tsx';

export const ORDER_NOT_FOUND_TITLE = 'Nie znaleźliśmy takiego zamówienia';
/** '2026-11-28' → '28.11.2026'. */
const day = (date: string) => date.split('-').reverse().join('.');
const pln = (amount: number) => formatPln(grosz(amount));
const label = <K extends string>(labels: Record<K, string>, value: string) => (value in labels ? labels[value as K] : value);

/** Each step's state, said once: a mark to see, the same in words for a screen reader. */
const STEP_MARKS: Record<StepState, string> = { done: '✓', current: '●', upcoming: '○' };
const STEP_STATE_NAMES: Record<StepState, string> = { done: 'etap zakończony', current: 'obecny etap', upcoming: 'etap przed nami' };
const STEP_TEXT: Record<StepState, string> = {
  done: 'text-forest-900',
  current: 'font-semibold text-forest-900',
  upcoming: 'text-ink-muted',
};
/** A failed delivery attempt stands out from the steps that went well. */
const markTone = (step: TimelineStep) =>
  step.key === 'failed-attempt' ? 'text-blush-700' : step.state === 'upcoming' ? 'text-ink-muted' : 'text-forest-700';

type State = { kind: 'loading' } | OrderLoad;

export interface OrderPageProps {
  number: string;
  /** order-page's answer for this number (with the link's token or the session). */
  load: () => Promise<OrderLoad>;
  /** Starts the payment and leaves for the gateway; resolves with a message when it could not. */
  onPay: (order: OrderView) => Promise<string | null>;
  /** Saves an accepted invoice's PDF, proven as `load` is; absent → no download offered. */
  onDownloadInvoice?: DownloadInvoice;
}

/** /zamowienie/<number>?t=<token>: the order's state, items, delivery and payment, without login. */
export function OrderPage({ number, load, onPay, onDownloadInvoice }: OrderPageProps) {
  const online = useOnline();
  const [state, setState] = useState<State>({ kind: 'loading' });

  const fetchOrder = useCallback(() => {
    let cancelled = false;
    load().then(
      (result) => !cancelled && setState(result),
      () => !cancelled && setState({ kind: 'error', message: 'Nie udało się wczytać zamówienia. Spróbuj ponownie za chwilę.' }),
    );
    return () => {
      cancelled = true;
    };
  }, [load]);

  useEffect(() => fetchOrder(), [fetchOrder]);

  const retry = () => {
    setState({ kind: 'loading' });
    fetchOrder();
  };

  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-12" aria-busy={state.kind === 'loading'}>
      <div aria-live="polite">
        {state.kind === 'loading' && <p className="text-ink-muted">Wczytywanie zamówienia {number}…</p>}
        {(state.kind === 'offline' || (state.kind === 'error' && !online)) && (
          <div role="alert" className="rounded-2xl bg-cream-200 p-4">
            <PageHeading>Zamówienie {number}</PageHeading>
            <p className="mt-3">Jesteś offline. Ta strona potrzebuje połączenia z internetem – połącz się i spróbuj ponownie.</p>
            <button type="button" className="btn-secondary mt-3" onClick={retry}>
              Spróbuj ponownie
            </button>
          </div>
        )}
        {state.kind === 'error' && online && (
          <div role="alert" className="rounded-2xl bg-blush-50 p-4">
            <PageHeading>Zamówienie {number}</PageHeading>
            <p className="mt-3 font-medium text-blush-700">{state.message}</p>
            <button type="button" className="btn-secondary mt-3" onClick={retry}>
              Spróbuj ponownie
            </button>
          </div>
        )}
        {state.kind === 'not-found' && <NotFound />}
      </div>
      {state.kind === 'found' && <OrderDetails order={state.order} onPay={onPay} onDownloadInvoice={onDownloadInvoice} />}
    </section>
  );
}

function NotFound() {
  return (
    <div>
      <PageHeading>{ORDER_NOT_FOUND_TITLE}</PageHeading>
      <p className="mt-3 text-ink-muted">
        Link mógł zostać skopiowany niecałkowicie. Poproś o nowy link – wyślemy go na adres podany w zamówieniu.
      </p>
      <Link to="/account" hash="link-zamowienia" className="btn-primary mt-6 inline-block">
        Poproś o link do zamówienia
      </Link>
    </div>
  );
}

function OrderDetails({
  order,
  onPay,
  onDownloadInvoice,
}: {
  order: OrderView;
  onPay: OrderPageProps['onPay'];
  onDownloadInvoice?: DownloadInvoice | undefined;
}) {
  const progress = orderProgress(order);
  return (
    <article aria-labelledby="order-heading">
      <PageHeading id="order-heading">Zamówienie {order.number}</PageHeading>
      <p className="mt-2 text-ink-muted">
        Złożone {formatDateTimeLong(order.createdAt)} · Status: <strong>{progress.headline}</strong>
      </p>

      <h2 id="order-timeline-heading" className="mt-8 text-xl font-bold text-forest-900">
        Przebieg
      </h2>
      <ol aria-labelledby="order-timeline-heading" className="mt-3 space-y-2">
        {progress.steps.map((step) => (
          <li key={step.key} className="flex items-center gap-3" aria-current={step.state === 'current' ? 'step' : undefined}>
            <span aria-hidden="true" className={`w-4 text-center ${markTone(step)}`}>
              {STEP_MARKS[step.state]}
            </span>
            <span className={STEP_TEXT[step.state]}>
              {step.label}
              <span className="sr-only"> – {STEP_STATE_NAMES[step.state]}</span>
            </span>
          </li>
        ))}
      </ol>

      {order.photos.length > 0 && <OrderPhotos photos={order.photos} />}

      <h2 className="mt-8 text-xl font-bold text-forest-900">Produkty</h2>
      <table className="mt-3 w-full text-left">
        <thead className="sr-only">
          <tr>
            <th scope="col">Produkt</th>
            <th scope="col">Ilość</th>
            <th scope="col">Cena</th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item, index) => (
            <tr key={`${item.name}-${index}`} className="border-b border-cream-200">
              <td className="py-2">{item.name}</td>
              <td className="py-2">× {item.quantity}</td>
              <td className="py-2 text-right">{pln(item.price * item.quantity)}</td>
            </tr>
          ))}
          {order.services.map((service) => (
            <tr key={service.label} className="border-b border-cream-200">
              <td className="py-2" colSpan={2}>
                {service.label}
              </td>
              <td className="py-2 text-right">{servicePriceText(grosz(service.price))}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
        <dt>Produkty</dt>
        <dd className="text-right">{pln(order.subtotal)}</dd>
        <dt>Dostawa</dt>
        <dd className="text-right">{pln(order.shipping)}</dd>
        {order.discount > 0 && (
          <>
            <dt>Rabat</dt>
            <dd className="text-right">−{pln(order.discount)}</dd>
          </>
        )}
        <dt className="font-bold">Razem</dt>
        <dd className="text-right font-bold">{pln(order.total)}</dd>
      </dl>

      <h2 className="mt-8 text-xl font-bold text-forest-900">Dostawa</h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-ink-muted">Sposób</dt>
        <dd>{label<DeliveryMethod>(DELIVERY_METHOD_LABELS, order.deliveryMethod)}</dd>
        {order.deliveryAddress && (
          <>
            <dt className="text-ink-muted">Adres</dt>
            <dd>{order.deliveryAddress}</dd>
          </>
        )}
        {order.deliveryDate && (
          <>
            <dt className="text-ink-muted">Termin</dt>
            <dd>
              {day(order.deliveryDate)}
              {order.deliveryWindowLabel ? `, ${order.deliveryWindowLabel}` : ''}
              {order.pickupTime ? `, ${order.pickupTime}` : ''}
            </dd>
          </>
        )}
        {order.recipient && (
          <>
            <dt className="text-ink-muted">Odbiorca</dt>
            <dd>
              {order.recipient.name}, {order.recipient.phone}
            </dd>
          </>
        )}
      </dl>

      {order.choices.length > 0 && (
        <>
          <h2 className="mt-8 text-xl font-bold text-forest-900">{ORDER_CHOICES_HEADING}</h2>
          <ChoiceList rows={order.choices} className="mt-3" />
        </>
      )}

      <h2 className="mt-8 text-xl font-bold text-forest-900">Płatność</h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-ink-muted">Metoda</dt>
        <dd>{label<PaymentMethod>(PAYMENT_METHOD_LABELS, order.paymentMethod)}</dd>
        <dt className="text-ink-muted">Stan</dt>
        <dd>{order.paid ? 'Opłacone' : order.status === 'cancelled' ? 'Anulowane' : 'Nieopłacone'}</dd>
      </dl>
      {order.payment && <PayNow order={order} onPay={onPay} />}
      {order.paymentInProgress && (
        <p role="status" className="mt-4 rounded-2xl bg-cream-200 p-4">
          Płatność jest w toku. Potwierdzenie z banku przychodzi zwykle w ciągu kilku minut – odśwież stronę za chwilę.
        </p>
      )}
      <OrderInvoiceSection invoice={order.invoice} invoices={order.invoices} onDownload={onDownloadInvoice} />

      <p className="mt-8 border-t border-cream-200 pt-4">
        <Link to="/odstapienie" search={{ zamowienie: order.number }} className="font-medium text-forest-800 underline underline-offset-2">
          Odstąp od umowy
        </Link>
      </p>
    </article>
  );
}

/** The photos the florist took; their addresses expire in minutes, so a reload fetches fresh ones. */
function OrderPhotos({ photos }: { photos: OrderView['photos'] }) {
  return (
    <>
      <h2 className="mt-8 text-xl font-bold text-forest-900">{photos.length > 1 ? 'Zdjęcia zamówienia' : 'Zdjęcie zamówienia'}</h2>
      <ul className="mt-3 grid gap-4 sm:grid-cols-2">
        {photos.map((photo) => (
          <li key={photo.url}>
            <img
              src={photo.url}
              alt={photo.alt}
              width={photo.width}
              height={photo.height}
              className="h-auto w-full rounded-2xl bg-cream-200"
              loading="lazy"
              referrerPolicy="no-referrer"
            />
          </li>
        ))}
      </ul>
    </>
  );
}

function PayNow({ order, onPay }: { order: OrderView; onPay: OrderPageProps['onPay'] }) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const pay = async () => {
    setBusy(true);
    setMessage(null);
    const failure = await onPay(order);
    setBusy(false);
    setMessage(failure);
  };
  return (
    <div className="mt-4">
      <button type="button" className="btn-primary" disabled={busy} onClick={() => void pay()}>
        {busy ? 'Przekierowanie do płatności…' : 'Zapłać teraz'}
      </button>
      {message && (
        <p role="alert" className="mt-2 text-blush-700">
          {message}
        </p>
      )}
    </div>
  );
}
