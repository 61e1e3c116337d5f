import type { OrderInvoice } from '../../src/domain/invoice.ts';
import type { PaymentMethod } from '../../src/domain/payment-methods.ts';
import { ORDER_MAIL_COLUMNS, orderMailData, type OrderMailRow } from '../mail-dispatch/order-context.ts';

/** The columns the order page reads: what the mails show, plus the states and the owner. */
export const ORDER_PAGE_COLUMNS = `${ORDER_MAIL_COLUMNS}, status, payu_status, fulfilment_state, user_id`;

export interface OrderPageRow extends OrderMailRow {
  status: string;
  payu_status: string | null;
  fulfilment_state: string;
  user_id: string | null;
}

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
  total: number;
  deliveryMethod: string;
  deliveryAddress: string | null;
  deliveryDate: string | null;
  deliveryWindowLabel: string | null;
  pickupTime: string | null;
  recipient: { name: string; phone: string } | null;
  paymentMethod: string;
  /** Present when 'Zapłać teraz' applies: what the payment start needs (a fresh device access key, see handler.ts). */
  payment: { orderId: string; accessKey: string } | null;
  /** The buyer's company for an invoice (issue 19); null without one. */
  invoice: OrderInvoice | null;
  /**
   * The newest gateway attempt's state, null before any: a BLIK code waiting
   * in the checkout ends when it is 'canceled' or 'rejected' (payu_status may
   * still show an older attempt's state while a new one is pending).
   */
  paymentState: PaymentAttemptState | null;
}

/** Paid by a gateway's notification, or marked paid by the owner ('completed', see the mail trigger). */
export function isPaid(row: Pick<OrderPageRow, 'status' | 'payu_status'>): boolean {
  return row.payu_status === 'COMPLETED' || row.status === 'completed';
}

/** 'Zapłać teraz' applies to an unpaid, not cancelled order paid online. */
export function canPayNow(row: Pick<OrderPageRow, 'status' | 'payu_status' | 'payment_method'>): boolean {
  return !isPaid(row) && row.status !== 'cancelled' && (ONLINE_METHODS as readonly string[]).includes(row.payment_method);
}

export function orderPageView(
  row: OrderPageRow,
  payment: OrderPageView['payment'],
  paymentState: PaymentAttemptState | null = null,
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
    paymentState,
  };
}
