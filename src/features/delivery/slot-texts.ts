import { daysBetween } from '../../domain/calendar/calendar-date.ts';
import { expectedDispatchDays } from '../../domain/courier-dispatch.ts';
import {
  UNAVAILABLE_REASON_TEXTS,
  WHOLE_DAY_LABEL,
  WHOLE_DAY_WINDOW_ID,
  windowLabel,
  type DayAvailability,
  type UnavailableReason,
} from '../../domain/delivery-calendar.ts';
import type { DeliveryMethod } from '../../domain/delivery.ts';
import { bookingKind } from '../../domain/florist-order.ts';
import { formatClockTime, parseTimeRange } from '../../domain/calendar/time-of-day.ts';
import { warsawWallClock } from '../../domain/calendar/warsaw-clock.ts';
import { numericDayMonth, weekdayName } from '../../domain/polish-date.ts';

/** The picker's Polish words: a date as a person reads it, the courier's dispatch days. */

/** 'dziś', 'jutro' or null, against the shop's today of the answer. */
export function relativeDay(date: string, today: string): string | null {
  const ahead = daysBetween(today, date);
  if (ahead === 0) return 'dziś';
  if (ahead === 1) return 'jutro';
  return null;
}

/** 'środa 25.11' (with 'dziś' / 'jutro' first when it is). */
export function longDayLabel(date: string, today: string): string {
  const relative = relativeDay(date, today);
  return `${relative ? `${relative}, ` : ''}${weekdayName(date)} ${numericDayMonth(date)}`;
}

/** What a day tile says under the date: the holiday, the peak day's whole-day window. */
export function dayNotes(day: DayAvailability): string[] {
  const notes: string[] = [];
  if (day.holiday) notes.push(day.holiday);
  if (day.peak && day.open) notes.push(WHOLE_DAY_LABEL);
  return notes;
}

/** When a stored answer was made: '24.11, 13:05' (Warsaw). */
export function copyTime(generatedAt: string): string {
  const instant = Date.parse(generatedAt);
  if (!Number.isFinite(instant)) return '';
  const wall = warsawWallClock(instant);
  return `${numericDayMonth(wall.date)}, ${formatClockTime(wall.minutes)}`;
}

/**
 * Why a delivery day or window is closed, in the customer's words: the
 * cut-off names its hour, and a window too soon points to later ones when the
 * day has them. A copy stored before the answer carried the cut-off
 * (`undefined`) keeps the general wording.
 */
export function deliveryReasonText(reason: UnavailableReason, cutoff: string | null | undefined, laterWindowFree = false): string {
  if (reason === 'after-cutoff' && cutoff !== undefined) {
    return cutoff === null ? 'dziś nie przyjmujemy zamówień z dostawą na ten sam dzień' : `zamówienia na dziś przyjmujemy do ${cutoff}`;
  }
  if (reason === 'too-soon' && laterWindowFree) return 'za mało czasu na przygotowanie — wybierz późniejsze godziny';
  return UNAVAILABLE_REASON_TEXTS[reason];
}

export const COURIER_DISPATCH_TEXT =
  'Przesyłki kurierskie nie mają wyboru dnia: wysyłamy je w ciągu 1–2 dni roboczych od zaksięgowania wpłaty (dni robocze to poniedziałek–piątek bez świąt).';

/** 'Przy wpłacie zaksięgowanej dziś wysyłka: czwartek 26.11 – piątek 27.11', by the server's clock of the answer. */
export function dispatchEstimate(generatedAt: string, today: string): string | null {
  const instant = Date.parse(generatedAt);
  if (!Number.isFinite(instant)) return null;
  const { earliest, latest } = expectedDispatchDays(instant);
  return `Przy wpłacie zaksięgowanej dziś wysyłka: ${longDayLabel(earliest, today)} – ${longDayLabel(latest, today)}.`;
}

export const STALE_COPY_TEXT = 'Terminy mogą być nieaktualne — sprawdzimy je przy wysłaniu zamówienia.';

/** The chosen slot in words for a summary: 'środa 25.11, 12:00–15:30' or 'środa 25.11, odbiór o 12:00'; null for couriers or nothing chosen. */
export function slotInWords(method: DeliveryMethod, slot: { date: string; window: string; pickupTime: string }): string | null {
  const kind = bookingKind(method);
  if (kind === 'none' || slot.date === '') return null;
  const day = `${weekdayName(slot.date)} ${numericDayMonth(slot.date)}`;
  if (kind === 'pickup') return slot.pickupTime ? `${day}, odbiór o ${slot.pickupTime}` : day;
  const known = slot.window === WHOLE_DAY_WINDOW_ID || parseTimeRange(slot.window) !== null;
  return known ? `${day}, ${windowLabel(slot.window)}` : day;
}
