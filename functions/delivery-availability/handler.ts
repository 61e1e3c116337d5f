import * as v from 'valibot';
import {
  deliveryAvailabilityRequestSchema,
  type DeliveryAvailabilityRequest,
  type DeliveryAvailabilityResponse,
  type DeliveryServiceOffer,
} from '../../src/domain/delivery-availability-contract.ts';
import { bookingRange, deliveryAvailability, requestedRange, type BookedCount } from '../../src/domain/delivery-calendar.ts';
import { DELIVERY_SERVICE_IDS, DELIVERY_SERVICE_LABELS, type DeliverySettings } from '../../src/domain/delivery-settings.ts';
import { toPln } from '../../src/domain/money.ts';
import { issuesByField, joinIssueMessages } from '../../src/domain/validation-issues.ts';
import type { Authenticate } from '../_shared/caller-auth.ts';
import { HttpError, jsonResponse, postHandler, readJsonObject, type Handler } from '../_shared/http.ts';

export interface DeliveryAvailabilityDeps {
  /** The checkout asks as a guest (anon/publishable key) or a signed-in user; anything else is 401. */
  authenticate: Authenticate;
  loadDeliverySettings(): Promise<DeliverySettings>;
  /** Places taken per date and window, `from` to `to` included. */
  loadBookedCounts(from: string, to: string): Promise<BookedCount[]>;
  now(): number;
}

/** Longer than the longest booking horizon anyone needs at once; a bigger range is a caller's mistake. */
export const MAX_AVAILABILITY_DAYS = 100;
const MAX_BODY_BYTES = 1024;

function serviceOffers(settings: DeliverySettings): DeliveryServiceOffer[] {
  return DELIVERY_SERVICE_IDS.map((id) => ({ id, label: DELIVERY_SERVICE_LABELS[id], price: toPln(settings.servicePrices[id]) }));
}

const RANGE_BACKWARDS = 'Data końcowa nie może być wcześniejsza niż początkowa.';
const RANGE_TOO_LONG = `Można zapytać najwyżej o ${MAX_AVAILABILITY_DAYS} dni naraz.`;

/** The dates asked for (delivery-calendar.ts's requestedRange); a range backwards or over the cap is the caller's mistake. */
function requested(asked: DeliveryAvailabilityRequest, booking: { from: string; to: string }): { from: string; to: string } {
  const range = requestedRange(asked, booking, MAX_AVAILABILITY_DAYS);
  if (range === 'backwards') throw new HttpError(400, 'invalid_range', RANGE_BACKWARDS, { to: RANGE_BACKWARDS });
  if (range === 'too-long') throw new HttpError(400, 'range_too_long', RANGE_TOO_LONG, { to: RANGE_TOO_LONG });
  return range;
}

/**
 * Which dates, windows and pickup hours can be booked, by the
 * server's clock and the places already taken: the same rule place-order
 * checks the chosen slot with. The answer changes with every order, so it
 * is never cached on the way; the app keeps its own copy for offline use.
 */
export function createDeliveryAvailabilityHandler(deps: DeliveryAvailabilityDeps): Handler {
  return postHandler('delivery-availability', async (request) => {
    await deps.authenticate(request);
    const parsed = v.safeParse(deliveryAvailabilityRequestSchema, await readJsonObject(request, MAX_BODY_BYTES));
    if (!parsed.success) {
      throw new HttpError(400, 'validation_failed', joinIssueMessages(parsed.issues), issuesByField(parsed.issues));
    }

    const now = deps.now();
    const settings = await deps.loadDeliverySettings();
    const booking = bookingRange(settings, now);
    const { from, to } = requested(parsed.output, booking);

    const booked = await deps.loadBookedCounts(from, to);
    const answer: DeliveryAvailabilityResponse = {
      generatedAt: new Date(now).toISOString(),
      // The booking range starts on the shop's today.
      today: booking.from,
      days: deliveryAvailability({ settings, now, from, to, booked }),
      services: serviceOffers(settings),
    };
    return jsonResponse(200, answer, { 'Cache-Control': 'no-store' });
  });
}
