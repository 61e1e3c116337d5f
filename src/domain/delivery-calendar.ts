/**
 * Which delivery dates, windows and pickup hours can be booked
 * (docs/spec.md 'Florist rules'): one rule for the availability answer the
 * checkout's picker shows and for place-order's check of the chosen slot,
 * so the two can never disagree. The caller passes the current instant (the
 * server's clock, never the device's) and the places already booked; every
 * date and hour is Europe/Warsaw wall time.
 */

import { addDays, daysBetween, isIsoDate, isoWeekday, type IsoWeekday } from './calendar/calendar-date.ts';
import type { DaySchedule, DeliverySettings } from './delivery-settings.ts';
import { type PolishHoliday, polishHolidayOn } from './calendar/holidays.ts';
import { type TimeRange, formatClockTime, formatTimeOfDay, formatTimeRange, parseTimeRange } from './calendar/time-of-day.ts';
import { warsawDate, warsawInstant } from './calendar/warsaw-clock.ts';

export type UnavailableReason = 'closed' | 'full' | 'after-cutoff' | 'too-soon' | 'past' | 'beyond-horizon';

/** What the picker shows beside an unavailable date or window, and what place-order names when it refuses one. */
export const UNAVAILABLE_REASON_TEXTS: Record<UnavailableReason, string> = {
  closed: 'zamknięte',
  full: 'brak miejsc',
  'after-cutoff': 'po godzinie przyjmowania zamówień na dziś',
  'too-soon': 'za mało czasu na przygotowanie zamówienia',
  past: 'ten dzień już minął',
  'beyond-horizon': 'za odległy termin',
};

/** The one window of a peak day. */
export const WHOLE_DAY_WINDOW_ID = 'all-day';
export const WHOLE_DAY_LABEL = 'w ciągu dnia';

/** Pickup hours are offered every half hour; the last one leaves half an hour before closing. */
const PICKUP_STEP_MINUTES = 30;
/** A range longer than this is a caller's mistake, not a calendar. */
const MAX_RANGE_DAYS = 400;
const MINUTE_MS = 60_000;

/** Orders that hold a place: one row per date and window (home and cemetery deliveries, cancelled ones excluded). */
export interface BookedCount {
  date: string;
  windowId: string;
  count: number;
}

export interface PlannedWindow {
  /** Stable across label changes of the same hours: '09:00-12:00', or 'all-day' on a peak day. */
  id: string;
  label: string;
  range: TimeRange;
}

export interface DeliveryWindowAvailability {
  id: string;
  label: string;
  startsAt: number;
  endsAt: number;
  available: boolean;
  reason: UnavailableReason | null;
  free: number;
}

export interface PickupTimeAvailability {
  /** 'H:MM'. */
  time: string;
  at: number;
  available: boolean;
  reason: UnavailableReason | null;
}

export interface DayAvailability {
  date: string;
  weekday: IsoWeekday;
  /** The public holiday's Polish name, or null. */
  holiday: string | null;
  peak: boolean;
  /** Whether the shop takes orders for this date at all; the reason when not. */
  open: boolean;
  reason: UnavailableReason | null;
  /**
   * Home and cemetery delivery: null reason when some window can be booked.
   * `cutoff` ('H:MM', null: no same-day orders) lets the picker name the hour; copies stored before it existed lack it.
   */
  delivery: { reason: UnavailableReason | null; free: number; windows: DeliveryWindowAvailability[]; cutoff?: string | null };
  /** Store pickup: null reason when some hour can be chosen. */
  pickup: { reason: UnavailableReason | null; times: PickupTimeAvailability[] };
}

export type SlotCheck = { ok: true; startsAt: number; label: string } | { ok: false; reason: UnavailableReason };

/** '09:00-12:00': zero-padded, so ids sort by time and read the same in SQL. */
function windowId(range: TimeRange): string {
  return `${formatClockTime(range.start)}-${formatClockTime(range.end)}`;
}

/** A window's label from its id, for a term stored without one: '9:00–12:00', 'w ciągu dnia'; an unknown id as it is. */
export function windowLabel(id: string): string {
  if (id === WHOLE_DAY_WINDOW_ID) return WHOLE_DAY_LABEL;
  const range = parseTimeRange(id);
  return range ? formatTimeRange(range) : id;
}

function isPeakDay(settings: DeliverySettings, date: string): boolean {
  return settings.peakDays.includes(date.slice(5));
}

/** What the calendar and the settings say about one date, asked once: its weekday and plan, its holiday, a peak day or not. */
interface ShopDay {
  date: string;
  weekday: IsoWeekday;
  schedule: DaySchedule;
  holiday: PolishHoliday | null;
  peak: boolean;
}

function shopDay(settings: DeliverySettings, date: string): ShopDay {
  const weekday = isoWeekday(date);
  return { date, weekday, schedule: settings.days[weekday], holiday: polishHolidayOn(date), peak: isPeakDay(settings, date) };
}

/** The delivery windows a date offers if the shop is open: the peak day's single window, else the weekday's. */
function plannedWindows(settings: DeliverySettings, day: ShopDay): PlannedWindow[] {
  if (day.peak) return [{ id: WHOLE_DAY_WINDOW_ID, label: WHOLE_DAY_LABEL, range: settings.peakWindow }];
  return day.schedule.windows.map((range) => ({ id: windowId(range), label: formatTimeRange(range), range }));
}

/** Places per window and per day on a date: a peak day's one window holds the peak capacity, which is also the day's. */
export function capacityOn(settings: DeliverySettings, date: string): { window: number; day: number } {
  if (isPeakDay(settings, date)) return { window: settings.peakCapacity, day: settings.peakCapacity };
  return { window: settings.windowCapacity, day: settings.dayCapacity };
}

/** Today (Warsaw) to the end of the booking horizon: the range the checkout asks for. */
export function bookingRange(settings: DeliverySettings, now: number): { from: string; to: string } {
  const today = warsawDate(now);
  return { from: today, to: addDays(today, settings.horizonDays) };
}

/**
 * The dates a caller asked for: each end defaults to the booking range's
 * (today to the horizon), and a default end never makes the range longer
 * than `maxDays` (a longer horizon's later dates take a second request); an
 * explicit range longer than that, or backwards, is refused.
 */
export function requestedRange(
  asked: { from?: string; to?: string },
  booking: { from: string; to: string },
  maxDays: number,
): { from: string; to: string } | 'backwards' | 'too-long' {
  const from = asked.from ?? booking.from;
  const lastAllowed = addDays(from, maxDays - 1);
  // ISO dates compare as strings: the earlier of the horizon's end and the cap, never before `from`.
  const [capped = booking.to] = [booking.to, lastAllowed].sort();
  const to = asked.to ?? (capped < from ? from : capped);
  const span = daysBetween(from, to);
  if (span < 0) return 'backwards';
  if (span >= maxDays) return 'too-long';
  return { from, to };
}

/** Why the whole date cannot be booked, or null: past, beyond the horizon, a closed date, a closed holiday, nothing planned. */
function dayClosedReason(settings: DeliverySettings, day: ShopDay, today: string): UnavailableReason | null {
  const ahead = daysBetween(today, day.date);
  if (ahead < 0) return 'past';
  if (ahead > settings.horizonDays) return 'beyond-horizon';
  if (settings.closedDates.includes(day.date)) return 'closed';
  if (day.holiday && !settings.openHolidays.includes(day.holiday.id)) return 'closed';
  if (plannedWindows(settings, day).length === 0 && day.schedule.pickupHours === null) return 'closed';
  return null;
}

function bookedOn(booked: readonly BookedCount[], date: string): { day: number; byWindow: Map<string, number> } {
  const byWindow = new Map<string, number>();
  let day = 0;
  for (const row of booked) {
    if (row.date !== date) continue;
    byWindow.set(row.windowId, (byWindow.get(row.windowId) ?? 0) + row.count);
    day += row.count;
  }
  return { day, byWindow };
}

function windowsOn(settings: DeliverySettings, day: ShopDay, today: string, now: number, booked: readonly BookedCount[]) {
  const { date } = day;
  const capacity = capacityOn(settings, date);
  const counts = bookedOn(booked, date);
  const dayFree = Math.max(0, capacity.day - counts.day);
  const cutoff = day.schedule.cutoff;
  const afterCutoff = date === today && (cutoff === null || now >= warsawInstant(date, cutoff));
  const ready = now + settings.leadTimeMinutes * MINUTE_MS;

  const windows = plannedWindows(settings, day).map((planned): DeliveryWindowAvailability => {
    const startsAt = warsawInstant(date, planned.range.start);
    const endsAt = warsawInstant(date, planned.range.end);
    // An order fits a window while it can be ready by the window's end (docs/decisions/021-window-lead-time.md):
    // counted to the start, a window after the cut-off could never be booked the same day.
    const free = Math.max(0, Math.min(capacity.window - (counts.byWindow.get(planned.id) ?? 0), dayFree));
    const reason: UnavailableReason | null = afterCutoff ? 'after-cutoff' : ready > endsAt ? 'too-soon' : free === 0 ? 'full' : null;
    return { id: planned.id, label: planned.label, startsAt, endsAt, available: reason === null, reason, free };
  });
  // What can still be booked: no more than the day has left, nor than its windows hold together.
  const windowsFree = windows.reduce((sum, window) => sum + window.free, 0);
  return { windows, free: Math.min(dayFree, windowsFree), cutoff: cutoff === null ? null : formatTimeOfDay(cutoff) };
}

function pickupTimesOn(settings: DeliverySettings, { date, schedule }: ShopDay, now: number): PickupTimeAvailability[] {
  const hours = schedule.pickupHours;
  if (!hours) return [];
  const ready = now + settings.leadTimeMinutes * MINUTE_MS;
  const times: PickupTimeAvailability[] = [];
  // No same-day cut-off for pickup: the cut-off plans the driver's rounds; a pickup only needs the lead time.
  for (let minutes = hours.start; minutes + PICKUP_STEP_MINUTES <= hours.end; minutes += PICKUP_STEP_MINUTES) {
    const at = warsawInstant(date, minutes);
    const reason: UnavailableReason | null = ready > at ? 'too-soon' : null;
    times.push({ time: formatTimeOfDay(minutes), at, available: reason === null, reason });
  }
  return times;
}

/** The summary reason of a list: null if any item is available, else the last item's (the latest slot says most), or 'closed' if empty. */
function summaryReason(items: readonly { reason: UnavailableReason | null }[]): UnavailableReason | null {
  if (items.some((item) => item.reason === null)) return null;
  return items.at(-1)?.reason ?? 'closed';
}

/** One date's availability; `today` is the Warsaw date of `now`, read once by the caller. */
function dayAvailability(
  settings: DeliverySettings,
  date: string,
  now: number,
  today: string,
  booked: readonly BookedCount[],
): DayAvailability {
  const day = shopDay(settings, date);
  const base = { date, weekday: day.weekday, holiday: day.holiday?.name ?? null, peak: day.peak };
  const closed = dayClosedReason(settings, day, today);
  if (closed !== null) {
    return {
      ...base,
      open: false,
      reason: closed,
      delivery: { reason: closed, free: 0, windows: [] },
      pickup: { reason: closed, times: [] },
    };
  }
  const delivery = windowsOn(settings, day, today, now, booked);
  const times = pickupTimesOn(settings, day, now);
  return {
    ...base,
    open: true,
    reason: null,
    delivery: { reason: summaryReason(delivery.windows), free: delivery.free, windows: delivery.windows, cutoff: delivery.cutoff },
    pickup: { reason: summaryReason(times), times },
  };
}

/** Availability of every date from `from` to `to` ('YYYY-MM-DD', both included) at the instant `now` (epoch ms). */
export function deliveryAvailability(input: {
  settings: DeliverySettings;
  now: number;
  from: string;
  to: string;
  booked: readonly BookedCount[];
}): DayAvailability[] {
  const { settings, now, from, to, booked } = input;
  if (!isIsoDate(from) || !isIsoDate(to)) throw new RangeError(`Not a date range: ${from}..${to}`);
  const span = daysBetween(from, to);
  if (span < 0 || span > MAX_RANGE_DAYS) throw new RangeError(`Date range out of bounds: ${from}..${to}`);
  const today = warsawDate(now);
  return Array.from({ length: span + 1 }, (_, index) => dayAvailability(settings, addDays(from, index), now, today, booked));
}

/** A chosen date's availability when the shop takes orders for it, else why not (a text that is no date is closed). */
function openDay(
  settings: DeliverySettings,
  date: string,
  now: number,
  booked: readonly BookedCount[],
): DayAvailability | UnavailableReason {
  if (!isIsoDate(date)) return 'closed';
  const day = dayAvailability(settings, date, now, warsawDate(now), booked);
  return day.open ? day : (day.reason ?? 'closed');
}

/** place-order's check of a chosen delivery date and window: the same answer the picker shows for it. */
export function checkDeliverySlot(input: {
  settings: DeliverySettings;
  now: number;
  date: string;
  windowId: string;
  booked: readonly BookedCount[];
}): SlotCheck {
  const day = openDay(input.settings, input.date, input.now, input.booked);
  if (typeof day === 'string') return { ok: false, reason: day };
  const window = day.delivery.windows.find((candidate) => candidate.id === input.windowId);
  // A window the date does not offer (the owner changed the hours since the page loaded) is closed.
  if (!window) return { ok: false, reason: 'closed' };
  if (!window.available) return { ok: false, reason: window.reason ?? 'closed' };
  return { ok: true, startsAt: window.startsAt, label: window.label };
}

/** place-order's check of a chosen pickup date and hour ('H:MM'). */
export function checkPickupTime(input: { settings: DeliverySettings; now: number; date: string; time: string }): SlotCheck {
  const day = openDay(input.settings, input.date, input.now, []);
  if (typeof day === 'string') return { ok: false, reason: day };
  const time = day.pickup.times.find((candidate) => candidate.time === input.time);
  if (!time) return { ok: false, reason: 'closed' };
  if (!time.available) return { ok: false, reason: time.reason ?? 'closed' };
  return { ok: true, startsAt: time.at, label: time.time };
}
