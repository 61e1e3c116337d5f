import type { CheckoutForm } from '../../src/domain/checkout-schema.ts';
import {
  UNAVAILABLE_REASON_TEXTS,
  capacityOn,
  checkDeliverySlot,
  checkPickupTime,
  type BookedCount,
  type UnavailableReason,
  windowLabel,
} from '../../src/domain/delivery-calendar.ts';
import type { DeliverySettings } from '../../src/domain/delivery-settings.ts';
import { bookingKind } from '../../src/domain/florist-order.ts';
import { HttpError } from '../_shared/http.ts';

/**
 * The slot an order books, checked with the server's clock against the
 * 'Dostawy' settings and the places already taken (delivery-calendar.ts, the
 * same rule the picker shows). Couriers book nothing; store pickup a date and
 * an hour; home and cemetery delivery a date and a window, whose place
 * place_order then reserves under a lock.
 */
export type Booking =
  | { kind: 'none' }
  | { kind: 'pickup'; date: string; time: string }
  /** capacity: the places the date offers, for place_order's count; null for a replay, which counts nothing. */
  | { kind: 'window'; date: string; windowId: string; label: string; capacity: { window: number; day: number } | null };

/** reason: why the slot was refused, so the owner's orders can book past a full window (owner-order). */
export type BookingCheck = { ok: true; booking: Booking } | { ok: false; error: HttpError; reason: UnavailableReason };

/** Reasons that concern the whole date; the others concern the chosen window or hour. */
const DAY_REASONS: readonly UnavailableReason[] = ['closed', 'past', 'beyond-horizon'];

/** 422 slot_unavailable, naming the problem in Polish on the field the customer changes. */
export function slotUnavailable(kind: 'pickup' | 'window', reason: UnavailableReason): HttpError {
  const field = DAY_REASONS.includes(reason) ? 'deliveryDate' : kind === 'pickup' ? 'pickupTime' : 'deliveryWindow';
  const message =
    kind === 'pickup'
      ? `Wybrany termin odbioru jest niedostępny: ${UNAVAILABLE_REASON_TEXTS[reason]}. Wybierz inny dzień lub godzinę odbioru.`
      : `Wybrany termin dostawy jest niedostępny: ${UNAVAILABLE_REASON_TEXTS[reason]}. Wybierz inny dzień lub godziny.`;
  return new HttpError(422, 'slot_unavailable', message, { [field]: message });
}

export interface BookingInput {
  checkout: CheckoutForm;
  settings: DeliverySettings;
  now: number;
  /** Places taken on the chosen date (read only for home and cemetery). */
  bookedOn(date: string): Promise<BookedCount[]>;
}

export async function checkBooking({ checkout, settings, now, bookedOn }: BookingInput): Promise<BookingCheck> {
  const kind = bookingKind(checkout.deliveryMethod);
  const date = checkout.deliveryDate;
  if (kind === 'none') return { ok: true, booking: { kind: 'none' } };
  if (kind === 'pickup') {
    const check = checkPickupTime({ settings, now, date, time: checkout.pickupTime });
    if (!check.ok) return { ok: false, error: slotUnavailable('pickup', check.reason), reason: check.reason };
    return { ok: true, booking: { kind: 'pickup', date, time: check.label } };
  }
  const check = checkDeliverySlot({ settings, now, date, windowId: checkout.deliveryWindow, booked: await bookedOn(date) });
  if (!check.ok) return { ok: false, error: slotUnavailable('window', check.reason), reason: check.reason };
  return {
    ok: true,
    booking: { kind: 'window', date, windowId: checkout.deliveryWindow, label: check.label, capacity: capacityOn(settings, date) },
  };
}

/**
 * The slot a replay names, unchecked: the first order already holds its
 * place, and place_order answers it without counting again.
 */
export function unchecked(checkout: CheckoutForm): Booking {
  const kind = bookingKind(checkout.deliveryMethod);
  if (kind === 'pickup') return { kind: 'pickup', date: checkout.deliveryDate, time: checkout.pickupTime };
  if (kind === 'window') {
    return { kind: 'window', date: checkout.deliveryDate, windowId: checkout.deliveryWindow, label: '', capacity: null };
  }
  return { kind: 'none' };
}

/**
 * A full window the owner chose to book anyway (owner-order, after her
 * confirmation): booked with the date's capacity, so place_order counts it
 * and records that it went past the limit.
 */
export function overbooked(checkout: CheckoutForm, settings: DeliverySettings): Booking {
  return {
    kind: 'window',
    date: checkout.deliveryDate,
    windowId: checkout.deliveryWindow,
    label: windowLabel(checkout.deliveryWindow),
    capacity: capacityOn(settings, checkout.deliveryDate),
  };
}
