import { formatPln, type Grosz } from '../../../domain/money.ts';
import {
  amountDue,
  orderPaymentState,
  refundable,
  ORDER_PAYMENT_STATE_LABELS,
  type LedgerPaymentState,
  type LedgerProvider,
  type LedgerRefundState,
  type OrderMoney,
  type OrderPaymentState,
} from '../../../domain/payment-ledger.ts';
import { PAYMENT_METHOD_LABELS } from '../../../domain/payment-methods.ts';
import { unpaidOrderDeadline } from '../../../domain/payment-deadlines.ts';
import { deadlineText } from '../../../domain/polish-date.ts';
import { MANUAL_PAYMENT_METHOD_LABELS } from '../../../domain/owner-payment-schema.ts';
import type { AdminPayment } from './ledger-rows.ts';

/** The Polish words of the ledger and what the owner's screens derive from an order's money. Pure. */

export const PROVIDER_LABELS: Record<LedgerProvider, string> = {
  'payu-rest': 'PayU',
  'payu-classic': 'PayU (classic)',
  stripe: 'Stripe',
  manual: 'Zapisane ręcznie',
};

export const PAYMENT_STATE_LABELS: Record<LedgerPaymentState, string> = {
  pending: 'Oczekuje',
  completed: 'Opłacone',
  canceled: 'Anulowane',
  rejected: 'Odrzucone',
};

/** Written after 'Zwrot 50,00 zł · ', hence lower case. */
export const REFUND_STATE_LABELS: Record<LedgerRefundState, string> = {
  pending: 'w toku',
  completed: 'zwrócono',
  failed: 'nieudany',
};

/** The checkout's names, and the owner's own for what only the owner records (a card terminal). */
export function paymentMethodLabel(method: string): string {
  return (
    (PAYMENT_METHOD_LABELS as Record<string, string>)[method] ?? (MANUAL_PAYMENT_METHOD_LABELS as Record<string, string>)[method] ?? method
  );
}

/** What the money rules need of an order. */
export interface MoneyOrder {
  status: string;
  total: Grosz;
  amountPaid: Grosz;
  amountRefunded: Grosz;
  payments: readonly AdminPayment[];
}

export function orderMoneyOf(order: MoneyOrder): OrderMoney {
  return { total: order.total, paid: order.amountPaid, refunded: order.amountRefunded };
}

/** What the customer still has to pay; nothing for a cancelled order (nobody collects it). */
export function dueOf(order: MoneyOrder): Grosz {
  return order.status === 'cancelled' ? (0 as Grosz) : amountDue(orderMoneyOf(order));
}

/** What may still go back, as the SQL counts it: received, less refunds completed or under way. */
export function refundableOf(order: MoneyOrder): Grosz {
  const underWay = order.payments
    .flatMap((payment) => payment.refunds)
    .filter((refund) => refund.state === 'pending')
    .reduce((sum, refund) => sum + refund.amount, 0);
  return Math.max(0, refundable(orderMoneyOf(order)) - underWay) as Grosz;
}

export function paymentStateOf(order: MoneyOrder): OrderPaymentState {
  return orderPaymentState(orderMoneyOf(order));
}

/** 'Opłacone', 'Nieopłacone', 'Opłacone częściowo (zapłacono 50,00 zł z 120,00 zł)', 'Zwrócono część (30,00 zł z 120,00 zł)', 'Zwrócono'. */
export function paymentSummary(order: MoneyOrder): string {
  const state = paymentStateOf(order);
  const label = ORDER_PAYMENT_STATE_LABELS[state];
  if (state === 'partly-paid') return `${label} (zapłacono ${formatPln(order.amountPaid)} z ${formatPln(order.total)})`;
  if (state === 'partly-refunded') return `${label} (${formatPln(order.amountRefunded)} z ${formatPln(order.amountPaid)})`;
  if (state === 'refunded') return `${label} (${formatPln(order.amountRefunded)})`;
  return label;
}

/** For the florist and the driver: 'Opłacone' or 'Do pobrania: 120,00 zł'; null for a cancelled order. */
export function collectLabel(order: MoneyOrder): string | null {
  if (order.status === 'cancelled') return null;
  const due = dueOf(order);
  return due > 0 ? `Do pobrania: ${formatPln(due)}` : 'Opłacone';
}

/** Whether a gateway took the money: a refund can then go back the same way. */
export function paidOnline(order: MoneyOrder): boolean {
  return order.payments.some((payment) => payment.state === 'completed' && payment.provider !== 'manual');
}

/** What the expiry rule needs of an order, besides its money. */
export interface ExpiringOrder extends MoneyOrder {
  paymentMethod: string;
  createdAt: string;
  florist: { deliveryDate: string | null };
}

/**
 * 'Oczekuje na wpłatę do końca dnia 30.11.2026 (poniedziałek)': when the shop
 * gives the order up if nothing is paid (payments-reconcile's rule); null
 * when that cannot happen (paid, not pending, paid on delivery).
 */
export function awaitingPaymentLabel(order: ExpiringOrder, transferDays: number): string | null {
  const deadline = unpaidOrderDeadline(
    {
      paymentMethod: order.paymentMethod,
      status: order.status,
      amountPaid: order.amountPaid,
      createdAt: order.createdAt,
      deliveryDate: order.florist.deliveryDate,
      attemptsStartedAt: order.payments.filter((payment) => payment.provider !== 'manual').map((payment) => payment.createdAt),
    },
    transferDays,
  );
  return deadline === null ? null : `Oczekuje na wpłatę ${deadlineText(deadline)}`;
}
