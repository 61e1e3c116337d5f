import { ORDER_STATUSES, PAYMENT_STATUSES, isOrderStatus, type OrderStatus, type PaymentStatus } from './status-names.ts';

export { ORDER_STATUSES, PAYMENT_STATUSES, isOrderStatus, type OrderStatus, type PaymentStatus };

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Oczekujące',
  processing: 'W realizacji',
  completed: 'Zrealizowane',
  cancelled: 'Anulowane',
};

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

/** The Polish label of an order status; a status this version does not know shows as stored. */
export function orderStatusLabel(status: string): string {
  return isOrderStatus(status) ? ORDER_STATUS_LABELS[status] : status;
}
