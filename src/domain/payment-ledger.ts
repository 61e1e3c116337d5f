import type { Grosz } from './money.ts';

/**
 * The payments ledger's vocabulary (public.payments, public.refunds;
 * docs/payments.md), shared by the functions, the SQL's checks and the
 * owner's screens.
 */

export const LEDGER_PROVIDERS = ['payu-rest', 'payu-classic', 'stripe', 'manual'] as const;
export type LedgerProvider = (typeof LEDGER_PROVIDERS)[number];

export const LEDGER_PAYMENT_STATES = ['pending', 'completed', 'canceled', 'rejected'] as const;
export type LedgerPaymentState = (typeof LEDGER_PAYMENT_STATES)[number];

export const LEDGER_REFUND_STATES = ['pending', 'completed', 'failed'] as const;
export type LedgerRefundState = (typeof LEDGER_REFUND_STATES)[number];

/**
 * What the SQL answered to an event: applied; a repeat of an event id it
 * has seen; or refused, changing nothing.
 */
export const LEDGER_OUTCOMES = [
  'applied',
  'duplicate',
  'order_not_found',
  'amount_mismatch',
  'currency_mismatch',
  /** The provider's payment id is already recorded for another order. */
  'payment_mismatch',
  'refund_not_found',
] as const;
export type LedgerOutcome = (typeof LEDGER_OUTCOMES)[number];

/** The order's money, as the ledger derives it. */
export interface OrderMoney {
  total: Grosz;
  /** Completed payments. */
  paid: Grosz;
  /** Completed refunds. */
  refunded: Grosz;
}

export type OrderPaymentState = 'unpaid' | 'partly-paid' | 'paid' | 'partly-refunded' | 'refunded';

export function orderPaymentState(money: OrderMoney): OrderPaymentState {
  if (money.refunded > 0) return money.refunded >= money.paid ? 'refunded' : 'partly-refunded';
  if (money.paid <= 0) return 'unpaid';
  return money.paid >= money.total ? 'paid' : 'partly-paid';
}

export const ORDER_PAYMENT_STATE_LABELS: Record<OrderPaymentState, string> = {
  unpaid: 'Nieopłacone',
  'partly-paid': 'Opłacone częściowo',
  paid: 'Opłacone',
  'partly-refunded': 'Zwrócono część',
  refunded: 'Zwrócono',
};

/** What is still to be collected from the customer (never below zero). */
export function amountDue(money: OrderMoney): Grosz {
  return Math.max(0, money.total - money.paid) as Grosz;
}

/** What may still be refunded: paid and not yet refunded. */
export function refundable(money: OrderMoney): Grosz {
  return Math.max(0, money.paid - money.refunded) as Grosz;
}
