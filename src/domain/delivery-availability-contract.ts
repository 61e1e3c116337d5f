import * as v from 'valibot';
import { isIsoDate } from './calendar/calendar-date.ts';
import type { DayAvailability } from './delivery-calendar.ts';
import type { DeliveryServiceId } from './delivery-settings.ts';

/**
 * The delivery-availability function's contract, defined once:
 * the checkout's picker, the outbox's 'pick another window' and the admin's
 * day view ask it which dates, windows and pickup hours can be booked. The
 * answer is computed on the server, with the server's clock, from the
 * 'Dostawy' settings and the places already booked.
 */

const isoDate = v.pipe(v.string('Podaj datę'), v.check(isIsoDate, 'Nieprawidłowa data (RRRR-MM-DD)'));

/** POST body; both dates optional: the default range is today to the end of the booking horizon. */
export const deliveryAvailabilityRequestSchema = v.object({
  from: v.optional(isoDate),
  to: v.optional(isoDate),
});
export type DeliveryAvailabilityRequest = v.InferOutput<typeof deliveryAvailabilityRequestSchema>;

export interface DeliveryServiceOffer {
  id: DeliveryServiceId;
  label: string;
  /** PLN, as the owner set it ('Dostawy'); place-order charges exactly this. */
  price: number;
}

export interface DeliveryAvailabilityResponse {
  /** The server's instant of the answer, ISO 8601; the client shows stale copies by it. */
  generatedAt: string;
  /** The shop's today, 'YYYY-MM-DD' in Europe/Warsaw, by the server's clock. */
  today: string;
  days: DayAvailability[];
  services: DeliveryServiceOffer[];
}

export const DELIVERY_AVAILABILITY_FUNCTION = 'delivery-availability';
