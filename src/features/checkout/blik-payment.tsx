import { useEffect, useEffectEvent, useRef, useState, type Ref } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { BLIK_CODE_LENGTH } from '../../domain/checkout-schema.ts';
import type { PlacedOrder } from '../../domain/place-order-contract.ts';
import { inputClass } from '../../lib/form-field.tsx';
import { waitForBlikOutcome, type BlikOutcome } from './blik-status.ts';

export const BLIK_CODE_HINT = 'Wygeneruj kod w aplikacji banku';
export const BLIK_WAITING_TITLE = 'Potwierdź płatność w aplikacji banku';
export const BLIK_REJECTED_MESSAGE = 'Płatność BLIK została odrzucona. Wpisz nowy kod albo wybierz inną metodę płatności.';
export const BLIK_TIMEOUT_TITLE = 'Nie mamy jeszcze potwierdzenia płatności';

const BLIK_FIELD_ID = 'checkout-blikCode';

/**
 * 'Kod BLIK': six digits from the bank app. Deliberately not a form field of
 * the checkout (its values are saved on the device): the code is a one-time
 * secret held only in memory until it is sent.
 */
export function BlikCodeField({
  value,
  error,
  onChange,
  inputRef,
}: {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  inputRef: Ref<HTMLInputElement>;
}) {
  const hintId = `${BLIK_FIELD_ID}-hint`;
  const errorId = `${BLIK_FIELD_ID}-error`;
  return (
    <div className="mt-4 max-w-xs">
      <label htmlFor={BLIK_FIELD_ID} className="mb-1.5 block font-medium text-forest-900">
        Kod BLIK
      </label>
      <input
        ref={inputRef}
        id={BLIK_FIELD_ID}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        // '123 456' as some bank apps show it: seven characters with the space.
        maxLength={BLIK_CODE_LENGTH + 1}
        value={value}
        onChange={(event) => onChange(event.target.value.replace(/[^\d ]/g, ''))}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        className={`${inputClass} font-mono text-2xl tracking-[0.3em]`}
      />
      <p id={hintId} className="mt-1.5 text-sm text-ink-muted">
        {BLIK_CODE_HINT}
      </p>
      {error && (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-blush-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** What happened to the last BLIK payment, shown by the payment choice and given the focus, so it is read first. */
export function PaymentNotice({ message }: { message: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    ref.current?.focus();
    ref.current?.scrollIntoView?.({ block: 'center' });
  }, [message]);
  return (
    <p
      ref={ref}
      tabIndex={-1}
      role="alert"
      className="mt-4 rounded-xl bg-blush-50 px-4 py-3 font-medium text-blush-700 outline-none focus-visible:ring-2 focus-visible:ring-blush-700"
      data-testid="payment-notice"
    >
      {message}
    </p>
  );
}

/**
 * After PayU took the code: the customer confirms in the bank's app while the
 * page asks for the outcome (blik-status.ts). Paid: the success page.
 * Refused: back to the form with the same order (onRejected). No answer in
 * the code's lifetime: a calm word and the order's page.
 */
export function BlikWaiting({
  order,
  getAccessToken,
  onRejected,
}: {
  order: Pick<PlacedOrder, 'orderNumber' | 'accessKey'>;
  getAccessToken: () => Promise<string | null>;
  onRejected: () => void;
}) {
  const navigate = useNavigate();
  const [state, setState] = useState<'waiting' | 'timeout'>('waiting');
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Effect events: the callbacks may be new functions on every render, and the wait must not restart for that.
  const accessToken = useEffectEvent(() => getAccessToken().catch(() => null));
  const settle = useEffectEvent((outcome: BlikOutcome | null) => {
    if (outcome === 'paid') void navigate({ to: '/checkout/success', search: { payment: 'blik', orderId: order.orderNumber } });
    else if (outcome === 'rejected') onRejected();
    else if (outcome === 'timeout') setState('timeout');
  });

  useEffect(() => {
    if (state !== 'waiting') return;
    const controller = new AbortController();
    void accessToken()
      .then((token) => waitForBlikOutcome(order, token, { signal: controller.signal }))
      .then((outcome) => {
        if (!controller.signal.aborted) settle(outcome);
      });
    return () => controller.abort();
  }, [state, order]);

  useEffect(() => {
    window.scrollTo?.({ top: 0 });
    headingRef.current?.focus();
  }, [state]);

  return (
    <section aria-labelledby="blik-title" className="mt-8 rounded-2xl border border-forest-100 bg-white px-6 py-10 text-center">
      {state === 'waiting' ? (
        <div role="status">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="mx-auto size-10 animate-spin text-forest-700">
            <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
            <path d="M22 12a10 10 0 0 0-10-10" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
          </svg>
          <h2 id="blik-title" ref={headingRef} tabIndex={-1} className="mt-4 text-2xl font-semibold text-forest-900 outline-none">
            {BLIK_WAITING_TITLE}
          </h2>
          <p className="mt-3 text-ink">
            Zamówienie <strong className="font-mono">{order.orderNumber}</strong> czeka na Twoje potwierdzenie w aplikacji banku.
          </p>
          <p className="mt-2 text-ink-muted">Nie zamykaj tej strony – gdy bank potwierdzi płatność, przejdziemy dalej sami.</p>
        </div>
      ) : (
        <div role="status">
          <h2 id="blik-title" ref={headingRef} tabIndex={-1} className="text-2xl font-semibold text-forest-900 outline-none">
            {BLIK_TIMEOUT_TITLE}
          </h2>
          <p className="mt-3 text-ink">
            Jeśli płatność została zatwierdzona w aplikacji banku, zamówienie <strong className="font-mono">{order.orderNumber}</strong>{' '}
            zostanie opłacone, a potwierdzenie wyślemy e-mailem. Stan płatności sprawdzisz też na stronie zamówienia.
          </p>
          <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to="/zamowienie/$number" params={{ number: order.orderNumber }} className="btn-primary">
              Przejdź do zamówienia
            </Link>
            <button type="button" className="btn-secondary" onClick={() => setState('waiting')}>
              Sprawdź ponownie
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
