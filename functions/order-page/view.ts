import type { Row } from '../../src/domain/database.ts';
import type { OrderInvoice } from '../../src/domain/invoice.ts';
import { fromPln } from '../../src/domain/money.ts';
import { orderChoiceRows, type ChoiceRow } from '../../src/domain/order-choices.ts';
import type { OrderPhotoKind } from '../../src/domain/order-photo.ts';
import type { PaymentMethod } from '../../src/domain/payment-methods.ts';
import { ORDER_MAIL_COLUMNS, orderMailData, type OrderMailRow } from '../mail-dispatch/order-context.ts';

/** The columns the order page reads: what the mails show, plus the states and the owner. */
export const ORDER_PAGE_COLUMNS = `${ORDER_MAIL_COLUMNS}, status, payu_status, fulfilment_state, user_id, amount_paid` as const;

/** An order row as the page reads it (ORDER_PAGE_COLUMNS); amount_paid is the grosz received, derived from the payments ledger. */
export type OrderPageRow = OrderMailRow & Pick<Row<'orders'>, 'status' | 'payu_status' | 'fulfilment_state' | 'user_id' | 'amount_paid'>;

/** The methods whose payment the page can start again ('Zapłać teraz'): the gateways, not transfer or cash. */
const ONLINE_METHODS: readonly PaymentMethod[] = ['payu', 'stripe', 'blik', 'card'];

/** A gateway attempt's state in the payments ledger. */
export type PaymentAttemptState = 'pending' | 'completed' | 'canceled' | 'rejected';

const ATTEMPT_STATES: readonly string[] = ['pending', 'completed', 'canceled', 'rejected'] satisfies PaymentAttemptState[];

export function toPaymentAttemptState(state: unknown): PaymentAttemptState | null {
  return typeof state === 'string' && ATTEMPT_STATES.includes(state) ? (state as PaymentAttemptState) : null;
}

/** What order-page answers; amounts in grosz. */
export interface OrderPageView {
  number: string;
  createdAt: string;
  status: string;
  fulfilmentState: string;
  paid: boolean;
  items: { name: string; quantity: number; price: number }[];
  services: { label: string; price: number }[];
  subtotal: number;
  shipping: number;
  /** The owner's discount on an order she entered; 0 otherwise. */
  discount: number;
  total: number;
  deliveryMethod: string;
  deliveryAddress: string | null;
  deliveryDate: string | null;
  deliveryWindowLabel: string | null;
  pickupTime: string | null;
  recipient: { name: string; phone: string } | null;
  paymentMethod: string;
  /**
   * Present when 'Zapłać teraz' applies: the order's id, and the device's own
   * key when that opened the page (null otherwise: the link token or the
   * buyer's session is the proof, see handler.ts).
   */
  payment: { orderId: string; accessKey: string | null } | null;
  /** The buyer's company for an invoice; null without one. */
  invoice: OrderInvoice | null;
  /** What the buyer chose beyond the products (card, occasion, grave, services…), as the confirmation mail lists it. */
  choices: ChoiceRow[];
  /**
   * The newest gateway attempt's state, null before any: a BLIK code waiting
   * in the checkout ends when it is 'canceled' or 'rejected' (payu_status may
   * still show an older attempt's state while a new one is pending).
   */
  paymentState: PaymentAttemptState | null;
  /** An attempt started a moment ago is still open at its gateway: the page says so instead of offering 'Zapłać teraz'. */
  paymentInProgress: boolean;
  /** The photos the owner took of the order, oldest first; each URL opens the file for ORDER_PHOTO_URL_SECONDS. */
  photos: OrderPagePhoto[];
  /** The invoices KSeF accepted, oldest first: the page downloads each one's PDF (order-page with its id). */
  invoices: OrderPageInvoice[];
}

export interface OrderPageInvoice {
  id: string;
  number: string;
  kind: 'VAT' | 'KOR';
}

/** One order photo as the page shows it: a signed URL, never a path a stranger could ask Storage for. */
export interface OrderPagePhoto {
  url: string;
  kind: OrderPhotoKind;
  width: number;
  height: number;
  alt: string;
  takenAt: string;
}

/** The newest gateway attempt: its state and when it started. */
export interface PaymentAttempt {
  state: PaymentAttemptState;
  startedAt: string;
}

/**
 * How long a new attempt counts as in progress: a bank app's confirmation or a
 * slow return from the gateway. After that 'Zapłać teraz' is offered again
 * (create-payment closes the open attempt first, so nothing is paid twice).
 */
export const PAYMENT_IN_PROGRESS_MS = 15 * 60_000;

export function isPaymentInProgress(attempt: PaymentAttempt | null, now: number): boolean {
  return attempt?.state === 'pending' && now - Date.parse(attempt.startedAt) < PAYMENT_IN_PROGRESS_MS;
}

/** Paid: what the ledger says was received covers the total. */
export function isPaid(row: Pick<OrderPageRow, 'amount_paid' | 'total'>): boolean {
  const paid = Number(row.amount_paid);
  return paid > 0 && paid >= fromPln(row.total);
}

/** 'Zapłać teraz' applies to an unpaid, not cancelled order paid online. */
export function canPayNow(row: Pick<OrderPageRow, 'status' | 'amount_paid' | 'total' | 'payment_method'>): boolean {
  return !isPaid(row) && row.status !== 'cancelled' && (ONLINE_METHODS as readonly string[]).includes(row.payment_method);
}

export function orderPageView(
  row: OrderPageRow,
  payment: OrderPageView['payment'],
  attempt: PaymentAttempt | null = null,
  paymentInProgress = false,
  photos: OrderPagePhoto[] = [],
  invoices: OrderPageInvoice[] = [],
): OrderPageView {
  const data = orderMailData(row);
  return {
    number: data.number,
    createdAt: data.createdAt,
    status: row.status,
    fulfilmentState: row.fulfilment_state,
    paid: isPaid(row),
    items: data.items.map((item) => ({ name: item.name, quantity: item.quantity, price: item.price })),
    services: data.services.map((service) => ({ label: service.label, price: service.price })),
    subtotal: data.subtotal,
    shipping: data.shipping,
    discount: data.discount,
    total: data.total,
    deliveryMethod: data.deliveryMethod,
    deliveryAddress: data.deliveryAddress,
    deliveryDate: data.deliveryDate,
    deliveryWindowLabel: data.deliveryWindowLabel,
    pickupTime: data.pickupTime,
    recipient: data.recipient,
    paymentMethod: data.paymentMethod,
    payment,
    invoice: data.invoice ?? null,
    choices: data.choices ? orderChoiceRows(data.choices) : [],
    paymentState: attempt?.state ?? null,
    paymentInProgress,
    photos,
    invoices,
  };
}
