import type { DeliveryAvailabilityResponse } from '../../domain/delivery-availability-contract.ts';
import { UNAVAILABLE_REASON_TEXTS, type DayAvailability, type UnavailableReason } from '../../domain/delivery-calendar.ts';
import type { BookingKind } from '../../domain/florist-order.ts';
import { longDayLabel } from './slot-texts.ts';

/** What the customer chose in the picker. */
export interface SlotChoice {
  date: string;
  window: string;
  pickupTime: string;
}

export const NO_SLOT: SlotChoice = { date: '', window: '', pickupTime: '' };

/** Why a date cannot be booked for this kind of booking, or null when it can. */
export function dayReason(day: DayAvailability, kind: BookingKind): UnavailableReason | null {
  if (!day.open) return day.reason ?? 'closed';
  if (kind === 'window') return day.delivery.reason;
  if (kind === 'pickup') return day.pickup.reason;
  return null;
}

function windowOn(day: DayAvailability | undefined, id: string) {
  return day?.delivery.windows.find((window) => window.id === id);
}

function timeOn(day: DayAvailability | undefined, time: string) {
  return day?.pickup.times.find((candidate) => candidate.time === time);
}

/**
 * The choice after picking `date`: the window or hour already chosen stays
 * when the new date offers it, and a date with one free window (a peak
 * day's 'w ciągu dnia') gets it chosen.
 */
export function chooseDate(answer: DeliveryAvailabilityResponse, kind: BookingKind, current: SlotChoice, date: string): SlotChoice {
  const day = answer.days.find((candidate) => candidate.date === date);
  if (kind === 'pickup') {
    return { date, window: '', pickupTime: timeOn(day, current.pickupTime)?.available ? current.pickupTime : '' };
  }
  const free = day?.delivery.windows.filter((window) => window.available) ?? [];
  const kept = windowOn(day, current.window)?.available ? current.window : '';
  return { date, window: kept || (free.length === 1 ? (free[0]?.id ?? '') : ''), pickupTime: '' };
}

const reasonText = (reason: UnavailableReason | null | undefined) => UNAVAILABLE_REASON_TEXTS[reason ?? 'closed'];

/**
 * Checks a choice against a (newer) answer: what no longer holds is cleared,
 * with a sentence saying so; parts the booking kind does not use are
 * cleared silently. Null when the choice stands as it is.
 */
export function reconcileChoice(
  answer: DeliveryAvailabilityResponse,
  kind: BookingKind,
  choice: SlotChoice,
): { next: SlotChoice; message: string | null } | null {
  if (kind === 'none') {
    return choice.date || choice.window || choice.pickupTime ? { next: NO_SLOT, message: null } : null;
  }
  let next: SlotChoice = kind === 'window' ? { ...choice, pickupTime: '' } : { ...choice, window: '' };
  let message: string | null = null;
  if (next.date) {
    const day = answer.days.find((candidate) => candidate.date === next.date);
    // A date the answer does not cover lies before its today or beyond the booking horizon.
    const reason = day ? dayReason(day, kind) : next.date < answer.today ? 'past' : 'beyond-horizon';
    const dayLabel = longDayLabel(next.date, answer.today);
    if (!day || reason !== null) {
      message = `Termin ${dayLabel} nie jest już dostępny (${reasonText(reason)}). Wybierz inny dzień.`;
      next = NO_SLOT;
    } else if (kind === 'window' && next.window) {
      const window = windowOn(day, next.window);
      if (!window?.available) {
        message = `Godziny dostawy ${window?.label ?? next.window} w dniu ${dayLabel} nie są już dostępne (${reasonText(window?.reason)}). Wybierz inne.`;
        next = { ...next, window: '' };
      }
    } else if (kind === 'pickup' && next.pickupTime) {
      const time = timeOn(day, next.pickupTime);
      if (!time?.available) {
        message = `Odbiór o ${next.pickupTime} w dniu ${dayLabel} nie jest już możliwy (${reasonText(time?.reason)}). Wybierz inną godzinę.`;
        next = { ...next, pickupTime: '' };
      }
    }
  } else {
    next = NO_SLOT;
  }
  const changed = next.date !== choice.date || next.window !== choice.window || next.pickupTime !== choice.pickupTime;
  return changed ? { next, message } : null;
}
