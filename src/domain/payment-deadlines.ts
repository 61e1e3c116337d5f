import { addDays } from './calendar/calendar-date.ts';
import { nthWorkingDayAfter } from './calendar/holidays.ts';
import { warsawDate, warsawInstant } from './calendar/warsaw-clock.ts';

/**
 * How long an unpaid order holds its stock and delivery place
 * (docs/payments.md). An order paid online is given up a while after its
 * newest payment attempt could still be completed (the gateways' sessions live
 * 30 minutes). An unpaid bank-transfer order holds them
 * longer: the customer is reminded after the first full working
 * day, and the order is given up after the owner's number of working days
 * (default 3). A delivery date that comes earlier holds the order only until
 * noon of the day before it, when the florist must know whether to make it.
 * Working days are Monday to Friday without Polish public holidays, in
 * Europe/Warsaw; the server's clock decides.
 */

export const DEFAULT_TRANSFER_PAYMENT_DAYS = 3;
export const TRANSFER_PAYMENT_DAYS_SETTING = 'transfer_payment_days';
/** Noon of the day before delivery, in minutes after midnight. */
const DAY_BEFORE_DELIVERY_MINUTES = 12 * 60;

/** The end (midnight after) of the n-th working day after `date`. */
function endOfWorkingDaysAfter(date: string, count: number): number {
  return warsawInstant(addDays(nthWorkingDayAfter(date, count), 1), 0);
}

export interface TransferDeadlines {
  /** When an unpaid order gets 'Przypomnienie o płatności'. */
  remindAt: number;
  /** When an unpaid order is cancelled. */
  cancelAt: number;
}

export function transferDeadlines(
  placedAt: number,
  deliveryDate: string | null,
  workingDays = DEFAULT_TRANSFER_PAYMENT_DAYS,
): TransferDeadlines {
  const placedOn = warsawDate(placedAt);
  let cancelAt = endOfWorkingDaysAfter(placedOn, Math.max(1, workingDays));
  if (deliveryDate) cancelAt = Math.min(cancelAt, warsawInstant(addDays(deliveryDate, -1), DAY_BEFORE_DELIVERY_MINUTES));
  // Never cancel before the customer had a moment to pay; never remind after the order is gone.
  cancelAt = Math.max(cancelAt, placedAt + 60 * 60_000);
  return { remindAt: Math.min(endOfWorkingDaysAfter(placedOn, 1), cancelAt), cancelAt };
}

/** The owner's setting, read leniently: a whole number of working days from 1 to 14, else the default. */
export function transferPaymentDays(value: string | undefined): number {
  const days = Number(value?.trim());
  return Number.isInteger(days) && days >= 1 && days <= 14 ? days : DEFAULT_TRANSFER_PAYMENT_DAYS;
}

/**
 * An online order nobody paid is given up this long after it was placed or
 * its newest attempt started (the sessions live 30 minutes; a few more let a
 * late bank confirmation arrive).
 */
export const UNPAID_ONLINE_ORDER_MINUTES = 40;

const ONLINE_METHODS: readonly string[] = ['payu', 'blik', 'card', 'stripe'];

export interface UnpaidOrderFacts {
  paymentMethod: string;
  status: string;
  /** Grosz received (the ledger's amount_paid). */
  amountPaid: number;
  createdAt: string;
  deliveryDate: string | null;
  /** When each gateway attempt started. */
  attemptsStartedAt: readonly string[];
}

/**
 * When the shop gives up an order nobody has paid, as payments-reconcile
 * decides it (for the owner's screens); null for an order that is paid in
 * part or whole, no longer pending, or paid on delivery.
 */
export function unpaidOrderDeadline(order: UnpaidOrderFacts, transferDays = DEFAULT_TRANSFER_PAYMENT_DAYS): number | null {
  if (order.status !== 'pending' || order.amountPaid > 0) return null;
  const placedAt = Date.parse(order.createdAt);
  if (order.paymentMethod === 'transfer') return transferDeadlines(placedAt, order.deliveryDate, transferDays).cancelAt;
  if (!ONLINE_METHODS.includes(order.paymentMethod)) return null;
  const latest = Math.max(placedAt, ...order.attemptsStartedAt.map((startedAt) => Date.parse(startedAt)));
  return latest + UNPAID_ONLINE_ORDER_MINUTES * 60_000;
}
