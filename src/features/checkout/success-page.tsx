import { useEffect, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { formatPln, type Grosz } from '../../domain/money.ts';
import { usePublicSettings } from '../../lib/public-settings.ts';
import { PageHeading } from '../../lib/page-heading.tsx';
import { CopyButton } from './copy-button.tsx';
import type { PaymentReturnSearch } from './return-search.ts';

export const SUCCESS_REDIRECT_SECONDS = 5;

/** docs/spec.md §2 '/checkout/success': the cart is cleared on entry, then transfer details or the payment message. */
export function SuccessPage({
  search,
  onEnter,
  findOrderTotal,
}: {
  search: PaymentReturnSearch;
  onEnter: () => Promise<void>;
  /** The amount of an order this device placed, when it knows it. */
  findOrderTotal: (orderNumber: string) => Promise<Grosz | null>;
}) {
  useEffect(() => {
    onEnter().catch((error: unknown) => console.error('Nie udało się wyczyścić koszyka', error));
  }, [onEnter]);

  return (
    <section className="container-page max-w-3xl py-10 sm:py-14">
      {search.payment === 'transfer' ? (
        <TransferDetails orderNumber={search.orderId} findOrderTotal={findOrderTotal} />
      ) : (
        <PaymentProcessed orderNumber={search.orderId} />
      )}
    </section>
  );
}

function TransferDetails({
  orderNumber,
  findOrderTotal,
}: {
  orderNumber: string | undefined;
  findOrderTotal: (orderNumber: string) => Promise<Grosz | null>;
}) {
  const settings = usePublicSettings();
  const [amount, setAmount] = useState<string | null>(null);

  useEffect(() => {
    if (!orderNumber) return;
    let cancelled = false;
    void findOrderTotal(orderNumber)
      .then((total) => {
        if (!cancelled && total !== null) setAmount(formatPln(total));
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [orderNumber, findOrderTotal]);

  const title = orderNumber ? `order ${orderNumber}` : '';
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
            <div key={row.label} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div>
                <dt className="text-sm text-ink-muted">{row.label}</dt>
                <dd className="font-medium break-words text-ink">{row.value}</dd>
              </div>
              <CopyButton label={row.label} value={row.value} />
            </div>
          ))}
        </dl>
      </div>
      <h2 className="mt-8 text-xl font-semibold text-forest-900">Ważne informacje</h2>
      <ul className="mt-3 list-disc space-y-2 pl-6 text-ink">
        <li>W tytule przelewu wpisz dokładnie: {title || 'order i numer zamówienia'}.</li>
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

function PaymentProcessed({ orderNumber }: { orderNumber: string | undefined }) {
  const navigate = useNavigate();
  const [secondsLeft, setSecondsLeft] = useState(SUCCESS_REDIRECT_SECONDS);

  useEffect(() => {
    if (secondsLeft <= 0) {
      void navigate({ to: '/' });
      return;
    }
    const timer = setTimeout(() => setSecondsLeft((left) => left - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft, navigate]);

  return (
    <>
      <PageHeading>Dziękujemy! Płatność została przetworzona.</PageHeading>
      <OrderNumberLine orderNumber={orderNumber} />
      <p className="mt-4 text-ink-muted" aria-live="polite">
        Za {secondsLeft} s przeniesiemy Cię na stronę główną.
      </p>
      <button type="button" className="btn-primary mt-6" onClick={() => void navigate({ to: '/' })}>
        Przejdź teraz
      </button>
    </>
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
        Link do strony zamówienia wyślemy mailem.{' '}
        <Link to="/account" hash="link-zamowienia" className="font-semibold text-forest-800 underline">
          Poproś o link ponownie
        </Link>
      </span>
    </p>
  );
}
