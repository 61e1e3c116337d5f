import { useEffect, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { DELIVERY_METHOD_LABELS, deliveryOptionPriceText } from '../../domain/delivery.ts';
import type { OrderInvoice } from '../../domain/invoice.ts';
import { formatPln, type Grosz } from '../../domain/money.ts';
import { ORDER_CHOICES_HEADING, servicePriceText } from '../../domain/order-choices.ts';
import { transferTitle } from '../../domain/order-number.ts';
import type { PlacedOrderSummary } from '../../domain/place-order-contract.ts';
import { formatPolishDate } from '../../domain/polish-date.ts';
import { ChoiceList } from '../../lib/choice-list.tsx';
import { InvoiceList } from '../../lib/invoice-list.tsx';
import { usePublicSettings } from '../../lib/public-settings.ts';
import { PageHeading } from '../../lib/page-heading.tsx';
import { CopyButton } from './copy-button.tsx';
import type { PaymentReturnSearch } from './return-search.ts';

export const SUCCESS_REDIRECT_SECONDS = 5;

/** What this device knows of the order it placed (orders-sync's outbox). */
export interface PlacedOrderFacts {
  /** The server's amount, once it answered. */
  total: Grosz | null;
  invoice: OrderInvoice | null;
  /** The lines, delivery and choices as the checkout sent them. */
  summary: PlacedOrderSummary;
}

/** docs/spec.md §2 '/checkout/success': the cart is cleared on entry, then transfer details or the payment message. */
export function SuccessPage({
  search,
  onEnter,
  findOrder,
}: {
  search: PaymentReturnSearch;
  onEnter: () => Promise<void>;
  /** The order this device placed, when it knows it. */
  findOrder: (orderNumber: string) => Promise<PlacedOrderFacts | null>;
}) {
  useEffect(() => {
    onEnter().catch((error: unknown) => console.error('Nie udało się wyczyścić koszyka', error));
  }, [onEnter]);
  const facts = usePlacedOrder(search.orderId, findOrder);

  return (
    <section className="container-page max-w-3xl py-10 sm:py-14">
      {search.payment === 'transfer' ? (
        <TransferDetails orderNumber={search.orderId} total={facts?.total ?? null} invoice={facts?.invoice ?? null} />
      ) : (
        <PaymentProcessed orderNumber={search.orderId} invoice={facts?.invoice ?? null} />
      )}
      {facts && search.orderId && <OrderSummary orderNumber={search.orderId} total={facts.total} summary={facts.summary} />}
    </section>
  );
}

function usePlacedOrder(
  orderNumber: string | undefined,
  findOrder: (orderNumber: string) => Promise<PlacedOrderFacts | null>,
): PlacedOrderFacts | null {
  const [facts, setFacts] = useState<PlacedOrderFacts | null>(null);
  useEffect(() => {
    if (!orderNumber) return;
    let cancelled = false;
    void findOrder(orderNumber)
      .then((found) => {
        if (!cancelled) setFacts(found);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [orderNumber, findOrder]);
  return facts;
}

/** The company the invoice will be issued to, as the customer gave it. */
function InvoiceNote({ invoice }: { invoice: OrderInvoice | null }) {
  if (!invoice) return null;
  return (
    <section aria-labelledby="success-invoice-title" className="mt-8 rounded-2xl border border-forest-100 bg-white p-5 sm:p-6">
      <h2 id="success-invoice-title" className="text-xl font-semibold text-forest-900">
        Faktura
      </h2>
      <InvoiceList invoice={invoice} className="mt-3" />
      <p className="mt-3 text-sm text-ink-muted">Fakturę wystawimy na te dane firmy.</p>
    </section>
  );
}

function TransferDetails({
  orderNumber,
  total,
  invoice,
}: {
  orderNumber: string | undefined;
  total: Grosz | null;
  invoice: OrderInvoice | null;
}) {
  const settings = usePublicSettings();
  const amount = total === null ? null : formatPln(total);

  const title = orderNumber ? transferTitle(orderNumber) : '';
  const rows: Array<{ label: string; value: string }> = [
    { label: 'Numer konta', value: settings.bank_account_number },
    { label: 'Bank', value: settings.bank_name },
    { label: 'Odbiorca', value: settings.bank_account_holder },
    { label: 'Adres odbiorcy', value: settings.bank_address },
    { label: 'SWIFT', value: settings.bank_swift },
    { label: 'Tytuł przelewu', value: title },
  ].filter((row) => row.value !== '');
  const detailsKnown = settings.bank_account_number !== '';

  return (
    <>
      <PageHeading>Dziękujemy za zamówienie!</PageHeading>
      <OrderNumberLine orderNumber={orderNumber} />
      <div className="mt-8 rounded-2xl border border-forest-100 bg-white p-5 sm:p-6">
        <h2 className="text-xl font-semibold text-forest-900">Dane do przelewu</h2>
        {amount && (
          <p className="mt-2 text-ink">
            Kwota do zapłaty: <strong className="tabular-nums text-forest-900">{amount}</strong>
          </p>
        )}
        {!detailsKnown && (
          <p role="status" className="mt-3 text-ink-muted">
            Wczytywanie danych do przelewu… Jeśli nie pojawią się po połączeniu z internetem, zadzwoń do nas: {settings.company_phone}.
          </p>
        )}
        <dl className="mt-4 divide-y divide-forest-100">
          {rows.map((row) => (
            // dt and dd straight inside the row's div, the only wrapper a <dl> allows (axe dlitem).
            <div key={row.label} className="py-3">
              <dt className="text-sm text-ink-muted">{row.label}</dt>
              <dd className="mt-1 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
                <span className="font-medium break-words text-ink">{row.value}</span>
                <CopyButton label={row.label} value={row.value} />
              </dd>
            </div>
          ))}
        </dl>
      </div>
      <InvoiceNote invoice={invoice} />
      <h2 className="mt-8 text-xl font-semibold text-forest-900">Ważne informacje</h2>
      <ul className="mt-3 list-disc space-y-2 pl-6 text-ink">
        <li>W tytule przelewu wpisz dokładnie: {title || '„Zamówienie” i numer zamówienia'}.</li>
        <li>Przelew dociera do nas zwykle w ciągu 1–2 dni roboczych.</li>
        <li>Zamówienie przygotujemy, gdy wpłata zostanie zaksięgowana.</li>
        <li>Numer zamówienia znajdziesz też w „Moje konto”, jeśli składasz zamówienia jako zalogowany klient.</li>
      </ul>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Link to="/" className="btn-primary">
          Strona główna
        </Link>
        <Link to="/shop" className="btn-secondary">
          Kontynuuj zakupy
        </Link>
      </div>
    </>
  );
}

/**
 * The specification's 5-second countdown to the home page, which the
 * customer can stop: any tap, click or key press on the page, or 'Zostań na
 * tej stronie'. Screen readers hear the countdown once and its stop once, not
 * every second.
 */
function PaymentProcessed({ orderNumber, invoice }: { orderNumber: string | undefined; invoice: OrderInvoice | null }) {
  const navigate = useNavigate();
  const [secondsLeft, setSecondsLeft] = useState(SUCCESS_REDIRECT_SECONDS);
  const [stopped, setStopped] = useState(false);

  useEffect(() => {
    if (stopped) return;
    if (secondsLeft <= 0) {
      void navigate({ to: '/' });
      return;
    }
    const timer = setTimeout(() => setSecondsLeft((left) => left - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft, stopped, navigate]);

  useEffect(() => {
    if (stopped) return;
    const stop = () => setStopped(true);
    // Capture: a tap on a link or button stops the countdown before that element acts.
    const events = ['pointerdown', 'keydown'] as const;
    for (const name of events) document.addEventListener(name, stop, { capture: true });
    return () => {
      for (const name of events) document.removeEventListener(name, stop, { capture: true });
    };
  }, [stopped]);

  return (
    <>
      <PageHeading>Dziękujemy za zamówienie!</PageHeading>
      <p className="mt-2 text-ink-muted">Płatność jest w toku – potwierdzimy ją e-mailem, gdy operator ją zaksięguje.</p>
      <OrderNumberLine orderNumber={orderNumber} />
      <InvoiceNote invoice={invoice} />
      <p className="mt-4 text-ink-muted" aria-live="polite" data-testid="success-countdown">
        {stopped ? (
          'Zostajesz na tej stronie.'
        ) : (
          <>
            <span className="sr-only">Za {SUCCESS_REDIRECT_SECONDS} sekund przeniesiemy Cię na stronę główną.</span>
            <span aria-hidden="true">Za {secondsLeft} s przeniesiemy Cię na stronę główną.</span>
          </>
        )}
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <button type="button" className="btn-primary" onClick={() => void navigate({ to: '/' })}>
          Przejdź teraz
        </button>
        {!stopped && (
          <button type="button" className="btn-secondary" onClick={() => setStopped(true)}>
            Zostań na tej stronie
          </button>
        )}
      </div>
    </>
  );
}

/** What was ordered, as this device sent it: the lines, the total, the delivery and the customer's choices, with a link to the order's page. */
function OrderSummary({ orderNumber, total, summary }: { orderNumber: string; total: Grosz | null; summary: PlacedOrderSummary }) {
  const when = [
    summary.deliveryDate ? formatPolishDate(summary.deliveryDate) : '',
    summary.deliveryWindowLabel ?? '',
    summary.pickupTime ? `godz. ${summary.pickupTime}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  const delivery: [string, string | null][] = [
    ['Sposób dostawy', DELIVERY_METHOD_LABELS[summary.deliveryMethod]],
    [summary.deliveryMethod === 'store' ? 'Termin odbioru' : 'Termin dostawy', when || null],
    [summary.deliveryMethod === 'cemetery' ? 'Adres cmentarza' : 'Adres dostawy', summary.deliveryAddress],
  ];
  return (
    <section aria-labelledby="success-summary-title" className="mt-8 rounded-2xl border border-forest-100 bg-white p-5 sm:p-6">
      <h2 id="success-summary-title" className="text-xl font-semibold text-forest-900">
        Twoje zamówienie
      </h2>
      {summary.items.length > 0 && (
        <ul className="mt-3 divide-y divide-forest-100">
          {summary.items.map((item, index) => (
            <li key={`${item.name}-${index}`} className="flex justify-between gap-4 py-2">
              <span className="min-w-0 break-words">
                {item.name} <span className="whitespace-nowrap text-ink-muted">× {item.quantity}</span>
              </span>
              <span className="whitespace-nowrap tabular-nums">{formatPln(item.lineTotal)}</span>
            </li>
          ))}
        </ul>
      )}
      {(summary.services.length > 0 || summary.shipping !== null) && (
        <ul className="mt-1 divide-y divide-forest-100 border-t border-forest-100">
          {summary.services.map((service) => (
            <li key={service.label} className="flex justify-between gap-4 py-2">
              <span className="min-w-0 break-words">{service.label}</span>
              <span className="whitespace-nowrap tabular-nums">{servicePriceText(service.price)}</span>
            </li>
          ))}
          {summary.shipping !== null && (
            <li className="flex justify-between gap-4 py-2">
              <span>Dostawa</span>
              <span className="whitespace-nowrap tabular-nums" data-testid="success-shipping">
                {deliveryOptionPriceText({ amount: summary.shipping, from: false })}
              </span>
            </li>
          )}
        </ul>
      )}
      {total !== null && (
        <p className="mt-3 flex justify-between gap-4 border-t border-forest-100 pt-3 font-semibold text-forest-900">
          <span>Razem</span>
          <span className="tabular-nums" data-testid="success-total">
            {formatPln(total)}
          </span>
        </p>
      )}
      <dl className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
        {delivery.flatMap(([label, value]) =>
          value
            ? [
                <div key={label} className="contents">
                  <dt className="text-ink-muted">{label}</dt>
                  <dd className="break-words">{value}</dd>
                </div>,
              ]
            : [],
        )}
      </dl>
      {summary.choices.length > 0 && (
        <>
          <h3 className="mt-5 text-lg font-semibold text-forest-900">{ORDER_CHOICES_HEADING}</h3>
          <ChoiceList rows={summary.choices} className="mt-2" />
        </>
      )}
      <p className="mt-5">
        <Link to="/zamowienie/$number" params={{ number: orderNumber }} className="font-semibold text-forest-800 underline">
          Zobacz stronę zamówienia
        </Link>
      </p>
    </section>
  );
}

/** The order's number under the heading, when the return address gave one. */
function OrderNumberLine({ orderNumber }: { orderNumber: string | undefined }) {
  if (!orderNumber) return null;
  return (
    <p className="mt-3 text-lg text-ink">
      Numer zamówienia:{' '}
      <strong className="font-mono text-forest-900" data-testid="order-number">
        {orderNumber}
      </strong>
      <span className="mt-1 block text-base text-ink-muted">
        Link do strony zamówienia wyślemy e-mailem.{' '}
        <Link to="/account" hash="link-zamowienia" className="font-semibold text-forest-800 underline">
          Poproś o link ponownie
        </Link>
      </span>
    </p>
  );
}
