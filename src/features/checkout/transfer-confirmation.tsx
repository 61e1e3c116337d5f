import { useEffect, useRef } from 'react';
import type { CheckoutFormValues } from '../../domain/checkout-schema.ts';
import { DELIVERY_METHOD_LABELS, needsAddress } from '../../domain/delivery.ts';
import { deliveryAddressOf, formatDestinationAddress } from '../../domain/delivery-address.ts';
import { formatPln } from '../../domain/money.ts';
import type { CheckoutDelivery } from './checkout-delivery.ts';
import type { CheckoutCart, CheckoutTotals } from './checkout-model.ts';
import { CheckoutSummary } from './checkout-summary.tsx';
import { lineName } from '../../domain/product-sizes.ts';

/** docs/spec.md §2: the interim step before a bank-transfer order is placed. */
export function TransferConfirmation({
  values,
  cart,
  totals,
  busy,
  error,
  onBack,
  onConfirm,
  slotInWords,
}: {
  values: CheckoutFormValues;
  cart: CheckoutCart;
  totals: CheckoutTotals;
  busy: boolean;
  error: string | null;
  onBack: () => void;
  onConfirm: () => void;
  slotInWords: CheckoutDelivery['slotInWords'];
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const slot = slotInWords(values.deliveryMethod, {
    date: values.deliveryDate,
    window: values.deliveryWindow,
    pickupTime: values.pickupTime,
  });
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <div className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
      <section aria-labelledby="transfer-confirmation-title" className="rounded-2xl border border-forest-100 bg-white p-5 sm:p-6">
        <h2 id="transfer-confirmation-title" ref={headingRef} tabIndex={-1} className="text-2xl font-semibold text-forest-900 outline-none">
          Sprawdź zamówienie przed przelewem
        </h2>
        <p className="mt-2 text-ink-muted">
          Po potwierdzeniu pokażemy dane do przelewu. Zamówienie realizujemy, gdy wpłata dotrze na nasze konto (zwykle 1–2 dni robocze).
        </p>
        <dl className="mt-6 grid gap-4 sm:grid-cols-2">
          <div>
            <dt className="text-sm text-ink-muted">Zamawiający</dt>
            <dd className="text-ink">
              {values.firstName} {values.lastName}
              <br />
              {values.email}
              <br />
              {values.phone}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-ink-muted">Dostawa</dt>
            <dd className="text-ink">
              {DELIVERY_METHOD_LABELS[values.deliveryMethod]}
              {needsAddress(values.deliveryMethod) && (
                <>
                  <br />
                  {formatDestinationAddress(deliveryAddressOf(values))}
                </>
              )}
            </dd>
          </div>
          {slot && (
            <div>
              <dt className="text-sm text-ink-muted">Termin</dt>
              <dd className="text-ink">{slot}</dd>
            </div>
          )}
          {values.recipient === 'other' && (
            <div>
              <dt className="text-sm text-ink-muted">Odbiorca</dt>
              <dd className="text-ink">
                {values.recipientName}
                {values.recipientPhone && (
                  <>
                    <br />
                    {values.recipientPhone}
                  </>
                )}
              </dd>
            </div>
          )}
          {values.cardMessage && (
            <div>
              <dt className="text-sm text-ink-muted">Bilecik{values.anonymous && ' (anonimowo)'}</dt>
              <dd className="text-ink whitespace-pre-line">{values.cardMessage}</dd>
            </div>
          )}
        </dl>
        <h3 className="mt-6 font-semibold text-forest-900">Produkty</h3>
        <ul className="mt-2 divide-y divide-forest-100">
          {cart.lines
            .filter((line) => line.available)
            .map((line) => (
              <li key={line.key} className="flex justify-between gap-4 py-2">
                <span>
                  {lineName(line.name, line.sizeLabel)} × {line.quantity}
                </span>
                <span className="tabular-nums">
                  {line.availability === 'available' ? formatPln(line.lineTotal) : 'cena do potwierdzenia'}
                </span>
              </li>
            ))}
        </ul>
      </section>

      <CheckoutSummary totals={totals} method={values.deliveryMethod} quoting={false}>
        {error && (
          <p role="alert" className="mt-4 rounded-xl bg-blush-50 px-4 py-3 text-sm font-medium text-blush-700" data-testid="checkout-error">
            {error}
          </p>
        )}
        <div className="mt-6 flex flex-col gap-3">
          <button type="button" className="btn-primary w-full" disabled={busy} onClick={onConfirm}>
            {busy ? (
              'Przetwarzanie...'
            ) : (
              // This click places a transfer order, so it says the duty to pay (art. 17 ustawy o prawach konsumenta)
              // under the specification's words.
              <span className="flex flex-col items-center leading-tight">
                Potwierdź i przejdź do przelewu
                <span className="sr-only"> – </span>
                <span className="text-sm font-medium">zamówienie z obowiązkiem zapłaty</span>
              </span>
            )}
          </button>
          <button type="button" className="btn-secondary w-full" disabled={busy} onClick={onBack}>
            Wróć do edycji
          </button>
        </div>
      </CheckoutSummary>
    </div>
  );
}
