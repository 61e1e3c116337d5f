import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { EMPTY_CHECKOUT_FORM, type CheckoutFormValues } from '../../domain/checkout-schema.ts';
import { PageHeading } from '../../lib/page-heading.tsx';
import { loadCheckoutDraft } from './checkout-draft.ts';
import { CheckoutForm } from './checkout-form.tsx';
import type { QueuedOrderProgress, SubmitOrder } from '../../domain/place-order-contract.ts';
import type { CheckoutDelivery } from './checkout-delivery.ts';
import type { CheckoutCart } from './checkout-model.ts';
import type { DeliveryMethod } from '../../domain/delivery.ts';

export interface CheckoutPageProps {
  /** undefined while the cart is read from the device. */
  cart: CheckoutCart | undefined;
  /** The editable cart table (the cart feature's), composed in by the route. */
  cartEditor: (lineNotes: Readonly<Record<string, string>>) => ReactNode;
  /** 'Może jeszcze…' (the cart feature's), inline below the cart; composed in by the route. */
  cartSuggestions?: ReactNode;
  /** The signed-in customer's email, prefilled when the draft has none; undefined while the session is checked. */
  userEmail: string | null | undefined;
  getAccessToken: () => Promise<string | null>;
  onTransferPlaced: (orderNumber: string) => void;
  submitOrder: SubmitOrder;
  /** The order waits in the device's outbox (offline): the route empties the cart. */
  onQueued: () => void;
  /** Follows a queued order in the device's outbox (a hook the route passes in). */
  useQueuedOrder: (localNumber: string) => QueuedOrderProgress | null | undefined;
  /** The delivery chosen here, for the cart page to show the same one. */
  onDeliveryMethodChange?: (method: DeliveryMethod) => void;
  /** The delivery calendar (its own feature), composed in by the route. */
  delivery: CheckoutDelivery;
}

/** docs/spec.md §2 '/checkout': the empty state, or the two-column checkout restored from the draft. */
export function CheckoutPage({
  cart,
  cartEditor,
  cartSuggestions,
  userEmail,
  getAccessToken,
  onTransferPlaced,
  submitOrder,
  onQueued,
  useQueuedOrder,
  onDeliveryMethodChange,
  delivery,
}: CheckoutPageProps) {
  const [initialValues, setInitialValues] = useState<CheckoutFormValues | null>(null);
  const [queuedNumber, setQueuedNumber] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    void loadCheckoutDraft()
      .catch(() => null)
      .then((draft) => {
        if (!cancelled) setInitialValues(draft?.values ?? EMPTY_CHECKOUT_FORM);
      });
    return () => {
      cancelled = true;
    };
  }, []);

  const ready = cart !== undefined && initialValues !== null && userEmail !== undefined;
  const prefilled = useMemo(
    () => (initialValues && initialValues.email === '' && userEmail ? { ...initialValues, email: userEmail } : initialValues),
    [initialValues, userEmail],
  );

  return (
    <section className="container-page py-8 sm:py-12">
      <PageHeading>Zamówienie</PageHeading>
      {queuedNumber && <QueuedNotice localNumber={queuedNumber} useQueuedOrder={useQueuedOrder} />}
      {!queuedNumber && ready && cart.lines.length === 0 && (
        <div className="mt-8 rounded-2xl border border-forest-100 bg-white px-6 py-12 text-center">
          <p className="text-lg text-ink">Koszyk jest pusty</p>
          <Link to="/shop" className="btn-primary mt-6">
            Przejdź do sklepu
          </Link>
        </div>
      )}
      {/* The form is there from the server's first paint (its frame, disabled) and filled in from the device once read. */}
      {!queuedNumber && (!ready || cart.lines.length > 0) && (
        <CheckoutForm
          cart={ready ? cart : null}
          cartEditor={cartEditor}
          cartSuggestions={cartSuggestions}
          initialValues={ready ? prefilled : null}
          getAccessToken={getAccessToken}
          onTransferPlaced={onTransferPlaced}
          submitOrder={submitOrder}
          onDeliveryMethodChange={onDeliveryMethodChange}
          delivery={delivery}
          onQueued={(localNumber) => {
            setQueuedNumber(localNumber);
            onQueued();
          }}
        />
      )}
    </section>
  );
}

/** What the queued order's notice says at each step of its outbox entry. */
function queuedNoticeText(progress: QueuedOrderProgress | null | undefined): { heading: string; detail: string } {
  if (progress?.status === 'sent') {
    return {
      heading: `Zamówienie wysłane do sklepu – numer ${progress.orderNumber ?? ''}`.trim(),
      detail: 'Szczegóły zamówienia i płatność znajdziesz w „Moje konto”.',
    };
  }
  if (progress?.status === 'failed') {
    return {
      heading: 'Sklep nie przyjął zamówienia',
      detail: 'Powód i to, co możesz zrobić, znajdziesz w „Moje konto”.',
    };
  }
  if (progress?.status === 'sending') return { heading: 'Wysyłamy zamówienie do sklepu…', detail: 'To potrwa chwilę.' };
  return {
    heading: 'Zamówienie zapisane — wyślemy je automatycznie, gdy wrócisz online',
    detail:
      'Stan zamówienia sprawdzisz w „Moje konto”. Nie zamykaj aplikacji na dłużej niż to konieczne – wyślemy je przy następnym połączeniu.',
  };
}

/** Spec'd by the offline-first design: the order is safe on the device and leaves by itself; the notice follows it. */
function QueuedNotice({ localNumber, useQueuedOrder }: { localNumber: string; useQueuedOrder: CheckoutPageProps['useQueuedOrder'] }) {
  const heading = useRef<HTMLParagraphElement>(null);
  const text = queuedNoticeText(useQueuedOrder(localNumber));
  // The form the customer was at the bottom of is gone: bring the message into view and focus.
  useEffect(() => {
    window.scrollTo({ top: 0 });
    heading.current?.focus();
  }, []);
  return (
    <div role="status" className="mt-8 rounded-2xl border border-forest-100 bg-white px-6 py-10 text-center">
      <p ref={heading} tabIndex={-1} className="text-xl font-semibold text-forest-900 outline-none">
        {text.heading}
      </p>
      <p className="mt-3 text-ink">
        Numer lokalny:{' '}
        <strong className="font-mono" data-testid="local-order-number">
          {localNumber}
        </strong>
      </p>
      <p className="mt-2 text-ink-muted">{text.detail}</p>
      <Link to="/account" className="btn-primary mt-6">
        Moje zamówienia
      </Link>
    </div>
  );
}
