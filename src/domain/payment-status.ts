/** A payment's status: derived from its order's status (docs/spec.md §4), never stored. */
export const PAYMENT_STATUSES = ['completed', 'failed', 'pending', 'cancelled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export function isPaymentStatus(value: unknown): value is PaymentStatus {
  return typeof value === 'string' && (PAYMENT_STATUSES as readonly string[]).includes(value);
}

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  completed: 'Opłacone',
  failed: 'Nieudane',
  pending: 'Oczekujące',
  cancelled: 'Anulowane',
};
export const UNKNOWN_PAYMENT_STATUS_LABEL = 'Nieznany';

/** docs/spec.md §4: payment status derives from order status; 'failed' is never produced. */
export function paymentStatusOf(orderStatus: string): PaymentStatus {
  if (orderStatus === 'completed') return 'completed';
  if (orderStatus === 'cancelled') return 'cancelled';
  return 'pending';
}

/** docs/spec.md §4 labels: Opłacone, Nieudane, Oczekujące, Anulowane; anything else is 'Nieznany'. */
export function paymentStatusLabel(status: string): string {
  return isPaymentStatus(status) ? PAYMENT_STATUS_LABELS[status] : UNKNOWN_PAYMENT_STATUS_LABEL;
}

/** The order fields a payment view is derived from (amounts already in the caller's unit). */
export interface PaymentSource<Amount> {
  id: string;
  total: Amount;
  paymentMethod: string;
  status: string;
  createdAt: string;
  number: string;
  payuStatus: string | null;
  customerName: string;
  customerEmail: string;
}

/** docs/spec.md §3 'Payment view': one per order, its status derived from the order's status (§4). */
export interface PaymentView<Amount> {
  id: string;
  orderId: string;
  amount: Amount;
  paymentMethod: string;
  status: PaymentStatus;
  createdAt: string;
  payuOrderId: string;
  payuStatus: string | null;
  customerName: string;
  customerEmail: string;
}

export function toPaymentView<Amount>(order: PaymentSource<Amount>): PaymentView<Amount> {
  return {
    id: order.id,
    orderId: order.id,
    amount: order.total,
    paymentMethod: order.paymentMethod,
    status: paymentStatusOf(order.status),
    createdAt: order.createdAt,
    payuOrderId: order.number,
    payuStatus: order.payuStatus,
    customerName: order.customerName,
    customerEmail: order.customerEmail,
  };
}
