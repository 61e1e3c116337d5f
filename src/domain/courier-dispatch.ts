/**
 * When a courier parcel leaves the shop: 1–2 business days after the payment
 * is booked (docs/spec.md §9 Terms). Business days are Monday to Friday
 * except Polish public holidays, whatever the shop's own holiday switches say
 * (those open the shop for florist orders, not the couriers' depots).
 */

import { nthWorkingDayAfter } from './calendar/holidays.ts';
import { warsawDate } from './calendar/warsaw-clock.ts';

/** The expected dispatch days ('YYYY-MM-DD', Warsaw) for a payment booked at `paidAt` (epoch ms). */
export function expectedDispatchDays(paidAt: number): { earliest: string; latest: string } {
  const paidOn = warsawDate(paidAt);
  return { earliest: nthWorkingDayAfter(paidOn, 1), latest: nthWorkingDayAfter(paidOn, 2) };
}
