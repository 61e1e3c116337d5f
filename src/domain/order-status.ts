export const ORDER_STATUSES = ['pending', 'processing', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Oczekujące',
  processing: 'W realizacji',
  completed: 'Zrealizowane',
  cancelled: 'Anulowane',
};

export const PAYMENT_STATUSES = ['completed', 'failed', 'pending', 'cancelled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

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

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** The Polish label of an order status; a status this version does not know shows as stored. */
export function orderStatusLabel(status: string): string {
  return isOrderStatus(status) ? ORDER_STATUS_LABELS[status] : status;
}
