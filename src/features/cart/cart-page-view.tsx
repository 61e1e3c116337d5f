import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { CART_SHIPPING_OPTIONS, type CartShippingMethod } from '../../domain/cart.ts';
import {
  DELIVERY_METHOD_LABELS,
  LIVE_FLOWERS_DELIVERY_NOTE,
  deliveryOptionPrice,
  deliveryOptionPriceText,
  isLocalDelivery,
} from '../../domain/delivery.ts';
import { formatPln, grosz } from '../../domain/money.ts';
import { PrinterIcon } from '../../lib/icons/later.tsx';
import { PageHeading } from '../../lib/page-heading.tsx';
import { CartBeingRead } from './cart-being-read.tsx';
import { CartLinesTable } from './cart-lines-table.tsx';
import type { CartView } from './cart-lines.ts';

/** The cart as priced (what this cart may use stays listed, disabled, as at the checkout), and what the page may do with it. */
export interface CartPageViewProps extends Omit<CartView, 'itemCount'> {
  onSetQuantities: (changes: Array<{ key: string; quantity: number }>) => void;
  onRemove: (key: string) => void;
  onClear: () => void;
  onMethodChange: (method: CartShippingMethod) => void;
  onPrint?: () => void;
  /**
   * The device's cart is still being read (and on the server): the heading and a placeholder only. What follows
   * the lines is added once they are known, not pushed down by them.
   */
  reading?: boolean;
  /** Shown below the lines ('Może jeszcze…'), inline: never in the way of the order. */
  suggestions?: ReactNode;
}

/** The cart page (docs/spec.md §2 'Cart page'). Presentational: data and actions come in as props. */
export function CartPageView({
  lines,
  method,
  offered,
  liveFlowers,
  pricing,
  summary,
  onSetQuantities,
  onRemove,
  onClear,
  onMethodChange,
  onPrint,
  reading = false,
  suggestions,
}: CartPageViewProps) {
  const idPrefix = useId();
  // Until the owner's threshold is known no courier is shown free (cartSummary prices them in full too).
  const threshold = pricing.freeThreshold ?? grosz(Number.MAX_SAFE_INTEGER);

  if (reading) {
    return (
      <section className="container-page py-8 sm:py-12" aria-busy="true">
        <CartHeading />
        <div className="mt-6">
          <CartBeingRead />
        </div>
      </section>
    );
  }

  if (lines.length === 0) {
    return (
      <section className="container-page py-8 sm:py-12" data-print-cart>
        <PageHeading>Koszyk</PageHeading>
        <div className="mt-8 rounded-2xl border border-forest-100 bg-white px-6 py-12 text-center">
          <p className="text-lg text-ink">Twój koszyk jest pusty</p>
          <Link to="/shop" className="btn-primary mt-6">
            Kontynuuj zakupy
          </Link>
        </div>
      </section>
    );
  }

  return (
    <section className="container-page py-8 sm:py-12" data-print-cart>
      <CartHeading onPrint={onPrint ?? (() => window.print())} />

      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start print:block">
        <div>
          <CartLinesTable lines={lines} onSetQuantities={onSetQuantities} onRemove={onRemove} onClear={onClear} />

          {suggestions}
          <CouponForm />
        </div>

        <aside
          aria-labelledby={`${idPrefix}-summary`}
          className="rounded-2xl border border-forest-100 bg-white p-5 sm:p-6 print:mt-6 print:border-0 print:p-0"
        >
          <h2 id={`${idPrefix}-summary`} className="text-xl font-semibold text-forest-900">
            Podsumowanie
          </h2>

          <div className="mt-4 print:hidden">
            <label htmlFor={`${idPrefix}-country`} className="block text-sm font-medium text-ink">
              Kraj
            </label>
            <select
              id={`${idPrefix}-country`}
              defaultValue="PL"
              className="mt-1 h-11 w-full rounded-lg border border-forest-200 bg-white px-3"
            >
              <option value="PL">Polska</option>
            </select>
          </div>

          <fieldset className="mt-5 print:hidden">
            <legend className="text-sm font-medium text-ink">Dostawa</legend>
            {liveFlowers && <p className="mt-1 text-sm text-ink-muted">{LIVE_FLOWERS_DELIVERY_NOTE}</p>}
            <div className="mt-2 space-y-1">
              {CART_SHIPPING_OPTIONS.map((option) => {
                const price = deliveryOptionPrice(option, summary.subtotal, threshold, pricing.ratePerKm);
                const disabled = !offered.includes(option);
                return (
                  <label
                    key={option}
                    className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-forest-50 has-checked:bg-forest-50 has-disabled:cursor-not-allowed has-disabled:opacity-60 has-disabled:hover:bg-transparent"
                  >
                    <input
                      type="radio"
                      name={`${idPrefix}-shipping`}
                      value={option}
                      checked={method === option}
                      disabled={disabled}
                      onChange={() => onMethodChange(option)}
                      className="size-5 accent-forest-800"
                    />
                    <span className="flex-1 text-ink">{DELIVERY_METHOD_LABELS[option]}</span>
                    <span
                      className={`tabular-nums whitespace-nowrap ${price.amount === 0 && !price.from ? 'font-semibold text-forest-700' : 'text-ink'}`}
                    >
                      {deliveryOptionPriceText(price)}
                    </span>
                  </label>
                );
              })}
            </div>
          </fieldset>

          {isLocalDelivery(method) && (
            <p className="mt-4 rounded-lg bg-forest-50 px-3 py-2 text-sm text-ink" data-testid="local-delivery-note">
              {DELIVERY_METHOD_LABELS[method]}: od {formatPln(summary.shipping)}, dokładny koszt po podaniu adresu (
              {formatPln(pricing.ratePerKm)} za km w obie strony).
            </p>
          )}

          {summary.missingForFree !== null && summary.missingForFree > 0 && (
            <p className="mt-4 rounded-lg bg-blush-50 px-3 py-2 text-sm text-ink" data-testid="free-shipping-missing">
              Do darmowej wysyłki brakuje Ci: <strong className="whitespace-nowrap">{formatPln(summary.missingForFree)}</strong>
            </p>
          )}

          <dl className="mt-5 space-y-2 border-t border-forest-100 pt-4">
            <div className="flex justify-between gap-4">
              <dt className="text-ink-muted">Produkty</dt>
              <dd className="tabular-nums" data-testid="summary-subtotal">
                {formatPln(summary.subtotal)}
              </dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-ink-muted">
                Dostawa <span className="text-sm">({DELIVERY_METHOD_LABELS[method]})</span>
              </dt>
              <dd className="tabular-nums" data-testid="summary-shipping">
                {deliveryOptionPriceText({ amount: summary.shipping, from: summary.from })}
              </dd>
            </div>
            <div className="flex justify-between gap-4 border-t border-forest-100 pt-2 text-lg font-bold text-forest-900">
              <dt>Razem</dt>
              <dd className="tabular-nums" data-testid="summary-total">
                {summary.from ? `od ${formatPln(summary.total)}` : formatPln(summary.total)}
              </dd>
            </div>
          </dl>

          <div className="mt-6 flex flex-col gap-3 print:hidden">
            <Link to="/checkout" className="btn-primary w-full">
              Przejdź do kasy
            </Link>
            <Link to="/shop" className="btn-secondary w-full">
              Kontynuuj zakupy
            </Link>
          </div>
        </aside>
      </div>
    </section>
  );
}

/** The heading and the print button; the button is disabled until there is a cart to print. */
function CartHeading({ onPrint }: { onPrint?: () => void }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <PageHeading>Koszyk</PageHeading>
      <button
        type="button"
        onClick={onPrint}
        disabled={!onPrint}
        className="inline-flex min-h-11 items-center gap-2 rounded-full px-4 font-medium text-forest-800 hover:bg-forest-50 disabled:opacity-60 print:hidden"
      >
        <PrinterIcon className="size-5" />
        Drukuj / PDF
      </button>
    </div>
  );
}

/** No discount codes exist: the field answers honestly instead of pretending to work. */
function CouponForm() {
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const id = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMessage(code.trim() === '' ? 'Wpisz kod rabatowy' : 'Kod rabatowy jest nieprawidłowy');
  };

  return (
    <form onSubmit={submit} className="mt-8 max-w-md print:hidden" noValidate>
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        Kod rabatowy
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={id}
          type="text"
          value={code}
          autoComplete="off"
          onChange={(event) => {
            setCode(event.target.value);
            setMessage(null);
          }}
          aria-describedby={message ? `${id}-message` : undefined}
          className="h-11 min-w-0 flex-1 rounded-lg border border-forest-200 bg-white px-3"
        />
        <button
          type="submit"
          className="inline-flex min-h-11 items-center rounded-full bg-forest-800 px-5 font-semibold text-white hover:bg-forest-900"
        >
          Aktywuj
        </button>
      </div>
      {message && (
        <p id={`${id}-message`} role="status" className="mt-1 text-sm text-blush-700">
          {message}
        </p>
      )}
    </form>
  );
}
