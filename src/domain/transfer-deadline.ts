import { addDays, isoWeekday } from './calendar-date.ts';
import { polishHolidayOn } from './polish-holidays.ts';
import { warsawDate, warsawInstant } from './warsaw-time.ts';

/**
 * How long an unpaid bank-transfer order holds its stock and delivery place
 * (docs/payments.md): the customer is reminded after the first full working
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

export function isWorkingDay(date: string): boolean {
  return isoWeekday(date) <= 5 && polishHolidayOn(date) === null;
}

/** The end (midnight after) of the n-th working day after `date`. */
function endOfWorkingDaysAfter(date: string, count: number): number {
  let day = date;
  for (let left = count; left > 0;) {
    day = addDays(day, 1);
    if (isWorkingDay(day)) left -= 1;
  }
  return warsawInstant(addDays(day, 1), 0);
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
