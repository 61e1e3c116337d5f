/**
 * When a courier parcel leaves the shop: 1–2 business days after the payment
 * is booked (docs/spec.md §9 Terms). Business days are Monday to Friday
 * except Polish public holidays, whatever the shop's own holiday switches say
 * (those open the shop for florist orders, not the couriers' depots).
 */

import { addDays, isoWeekday } from './calendar-date.ts';
import { polishHolidayOn } from './polish-holidays.ts';
import { warsawDate } from './warsaw-time.ts';

function isBusinessDay(date: string): boolean {
  return isoWeekday(date) <= 5 && polishHolidayOn(date) === null;
}

function nthBusinessDayAfter(date: string, count: number): string {
  let day = date;
  for (let found = 0; found < count;) {
    day = addDays(day, 1);
    if (isBusinessDay(day)) found += 1;
  }
  return day;
}

/** The expected dispatch days ('YYYY-MM-DD', Warsaw) for a payment booked at `paidAt` (epoch ms). */
export function expectedDispatchDays(paidAt: number): { earliest: string; latest: string } {
  const paidOn = warsawDate(paidAt);
  return { earliest: nthBusinessDayAfter(paidOn, 1), latest: nthBusinessDayAfter(paidOn, 2) };
}
