import { isPaymentStatus } from './status-names.ts';
import {
  PAYMENT_STATUSES,
  PAYMENT_STATUS_LABELS,
  UNKNOWN_PAYMENT_STATUS_LABEL,
  paymentStatusOf,
  type PaymentStatus,
} from './order-status.ts';

export { PAYMENT_STATUSES, PAYMENT_STATUS_LABELS, UNKNOWN_PAYMENT_STATUS_LABEL, isPaymentStatus, paymentStatusOf, type PaymentStatus };

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
