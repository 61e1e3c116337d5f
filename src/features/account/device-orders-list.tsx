import { useRef, useState, type ComponentType } from 'react';
import type { CheckoutFormValues } from '../../domain/checkout-schema.ts';
import { DELIVERY_METHOD_LABELS, type DeliveryMethod } from '../../domain/delivery.ts';
import { formatPln, type Grosz } from '../../domain/money.ts';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../domain/payment-methods.ts';
import { formatDateTimeLong } from '../../domain/polish-date.ts';
import { usePublicSettings } from '../../lib/public-settings.ts';
import { useOnline } from '../../lib/use-online.ts';
import { describeOrderTerm, type OrderTerm } from './order-term.ts';
import { RescheduleForm, type SlotPickerProps } from './reschedule-form.tsx';

/** An order this device placed (the route hands them over from the orders outbox). */
export interface DeviceOrder {
  clientRequestId: string;
  number: string;
  status: 'queued' | 'sending' | 'sent' | 'failed';
  createdAt: string;
  total: Grosz;
  deliveryMethod: DeliveryMethod;
  paymentMethod: PaymentMethod;
  lastError: string | null;
  awaitsPayment: boolean;
  /** Placed while signed in: once sent it is part of the account's own history. */
  userPlaced: boolean;
  /** The order as the checkout sent it (its term, and the rules a new term is checked by). */
  checkout: CheckoutFormValues;
  /** Set when the shop refused only its term: the server's reason and its messages by field. */
  slotRefusal: { message: string; fields: Record<string, string> } | null;
}

export interface DeviceOrderActions {
  /** Sends waiting orders now instead of at the next retry. */
  onSendNow: () => void;
  /** Withdraws an order the shop never received. */
  onCancel: (order: DeviceOrder) => void;
  /** Starts the payment of an order sent later; resolves to an error message, or leaves the page. */
  onPay: (order: DeviceOrder) => Promise<string | null>;
  /** Books another term for an order refused for its term and sends it again; resolves to an error message. */
  onReschedule: (order: DeviceOrder, term: OrderTerm) => Promise<string | null>;
}

/** What the device order list shows and does; the route composes it from orders-sync, checkout and the picker. */
export interface DeviceOrdersProps {
  orders: readonly DeviceOrder[];
  actions: DeviceOrderActions;
  /** The delivery date and window (or pickup hour) picker; without it no new term can be chosen here. */
  SlotPicker?: ComponentType<SlotPickerProps>;
}

const TERM_REFUSED_LABEL = 'Termin niedostępny';

const STATUS_LABELS: Record<DeviceOrder['status'], string> = {
  queued: 'Czeka na wysłanie',
  sending: 'Wysyłanie...',
  sent: 'Wysłane do sklepu',
  failed: 'Nie udało się wysłać',
};

/** The device's own order list with the outbox states (issue: offline orders, synced exactly once). */
export function DeviceOrdersList({ orders, actions, SlotPicker }: DeviceOrdersProps) {
  if (orders.length === 0) return null;
  return (
    <section aria-labelledby="device-orders-title" className="mt-10">
      <h2 id="device-orders-title" className="text-2xl font-bold text-forest-900">
        Zamówienia złożone na tym urządzeniu
      </h2>
      <p className="mt-2 text-ink-muted">Te zamówienia pamięta to urządzenie – także złożone bez logowania albo bez internetu.</p>
      <ul className="mt-4 space-y-4">
        {orders.map((order) => (
          <DeviceOrderCard key={order.clientRequestId} order={order} actions={actions} SlotPicker={SlotPicker} />
        ))}
      </ul>
    </section>
  );
}

function DeviceOrderCard({ order, actions, SlotPicker }: { order: DeviceOrder } & Omit<DeviceOrdersProps, 'orders'>) {
  const settings = usePublicSettings();
  const online = useOnline();
  const [payError, setPayError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const [choosingTerm, setChoosingTerm] = useState(false);
  const chooseButton = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const formId = `reschedule-${order.clientRequestId}`;
  const waiting = order.status === 'queued' || order.status === 'sending';
  // Refused for its term only: it stays on the device until the customer books another term or cancels it.
  const termRefused = order.status === 'failed' && order.slotRefusal !== null;
  const term = describeOrderTerm(order.deliveryMethod, order.checkout);

  return (
    <li className="rounded-2xl border border-forest-100 bg-white p-5" aria-label={`Zamówienie ${order.number}`} data-testid="device-order">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 ref={heading} tabIndex={-1} className="text-lg font-semibold text-forest-900">
          Zamówienie {order.number}
        </h3>
        <span
          className={`rounded-full px-3 py-1 text-sm font-medium ${order.status === 'failed' ? 'bg-blush-50 text-blush-700' : 'bg-cream-200 text-ink'}`}
        >
          {termRefused ? TERM_REFUSED_LABEL : STATUS_LABELS[order.status]}
        </span>
      </div>
      <p className="mt-2 text-sm text-ink">
        <time dateTime={order.createdAt}>{formatDateTimeLong(order.createdAt)}</time> · {DELIVERY_METHOD_LABELS[order.deliveryMethod]} ·{' '}
        {PAYMENT_METHOD_LABELS[order.paymentMethod]}
      </p>
      {waiting && <p className="mt-2 text-sm text-ink-muted">Wyślemy je automatycznie, gdy urządzenie połączy się z internetem.</p>}
      {term && (
        <p className="mt-1 text-sm text-ink" data-testid="device-order-term">
          Termin: {term}
        </p>
      )}
      {order.status === 'failed' && order.slotRefusal && (
        // The server's message names the problem itself ('Wybrany termin dostawy jest niedostępny: brak miejsc…'); the badge says 'Termin niedostępny'.
        <p role="alert" className="mt-2 text-sm font-medium text-blush-700">
          {order.slotRefusal.message}
        </p>
      )}
      {order.status === 'failed' && !order.slotRefusal && order.lastError && (
        <p role="alert" className="mt-2 text-sm font-medium text-blush-700">
          {order.lastError}
        </p>
      )}
      {order.status === 'sent' && order.paymentMethod === 'transfer' && settings.bank_account_number && (
        <p className="mt-2 text-sm text-ink">
          Przelew na konto <span className="font-mono">{settings.bank_account_number}</span>, tytuł: <strong>order {order.number}</strong>
        </p>
      )}
      {payError && (
        <p role="alert" className="mt-2 text-sm font-medium text-blush-700">
          {payError}
        </p>
      )}
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap gap-2">
          {termRefused && SlotPicker && (
            <button
              ref={chooseButton}
              type="button"
              className="btn-primary"
              aria-expanded={choosingTerm}
              aria-controls={formId}
              onClick={() => setChoosingTerm((open) => !open)}
            >
              Wybierz inny termin
            </button>
          )}
          {order.status === 'queued' && online && (
            <button type="button" className="btn-secondary" onClick={actions.onSendNow}>
              Wyślij teraz
            </button>
          )}
          {(order.status === 'queued' || order.status === 'failed') && (
            <button type="button" className="btn-secondary" onClick={() => actions.onCancel(order)}>
              Anuluj zamówienie
            </button>
          )}
          {order.awaitsPayment && (
            <button
              type="button"
              className="btn-primary"
              disabled={paying}
              onClick={() => {
                setPaying(true);
                setPayError(null);
                void actions.onPay(order).then((message) => {
                  setPaying(false);
                  setPayError(message);
                });
              }}
            >
              {paying ? 'Przekierowanie do płatności...' : 'Zapłać teraz'}
            </button>
          )}
        </div>
        <p className="font-semibold text-forest-900">Razem: {formatPln(order.total)}</p>
      </div>
      {termRefused && SlotPicker && choosingTerm && (
        <RescheduleForm
          id={formId}
          order={order}
          SlotPicker={SlotPicker}
          onReschedule={async (term) => {
            const failure = await actions.onReschedule(order, term);
            if (failure === null) {
              // The form goes with the refusal: the keyboard stays on this order, whose state now reads 'Czeka na wysłanie'.
              setChoosingTerm(false);
              heading.current?.focus();
            }
            return failure;
          }}
          onClose={() => {
            setChoosingTerm(false);
            chooseButton.current?.focus();
          }}
        />
      )}
    </li>
  );
}
