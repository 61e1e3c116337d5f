import { addDays, isoWeekday } from '../../../domain/calendar/calendar-date.ts';
import { capacityOn, deliveryAvailability, type BookedCount } from '../../../domain/delivery-calendar.ts';
import type { DeliverySettings } from '../../../domain/delivery-settings.ts';
import { parseTimeOfDay } from '../../../domain/calendar/time-of-day.ts';
import { warsawInstant } from '../../../domain/calendar/warsaw-clock.ts';
import type { AdminOrder } from './order.ts';

/**
 * The owner's plan of deliveries: which orders fall on which day,
 * in which order the florist and the driver take them, and how many places
 * each window still has. Pure: the orders list and the day view share it.
 */

/** The delivery dates of a filter: today, tomorrow, or this week Monday to Sunday ('YYYY-MM-DD', both included). */
export function deliveryDateRange(when: 'today' | 'tomorrow' | 'week', today: string): { from: string; to: string } {
  if (when === 'today') return { from: today, to: today };
  if (when === 'tomorrow') return { from: addDays(today, 1), to: addDays(today, 1) };
  const monday = addDays(today, 1 - isoWeekday(today));
  return { from: monday, to: addDays(monday, 6) };
}

export function deliversWithin(order: AdminOrder, range: { from: string; to: string }): boolean {
  const date = order.florist.deliveryDate;
  return date !== null && date >= range.from && date <= range.to;
}

export const isFuneral = (order: AdminOrder) => order.florist.occasion === 'funeral';

/** Minutes after midnight the order's slot starts: its window's start (0 for the whole day), or its pickup hour; null if none. */
export function slotStart(order: AdminOrder): number | null {
  const { deliveryWindow, pickupTime } = order.florist;
  if (deliveryWindow) return parseTimeOfDay(deliveryWindow.split('-')[0] ?? '') ?? 0;
  if (pickupTime) return parseTimeOfDay(pickupTime);
  return null;
}

const nullsLast = <T>(left: T | null, right: T | null, compare: (a: T, b: T) => number) =>
  left === null ? (right === null ? 0 : 1) : right === null ? -1 : compare(left, right);

/**
 * Delivery time order: date, then the slot's start, funerals first within a
 * slot (a ceremony does not wait), then the ceremony's hour, then the oldest
 * order. Orders without a date (couriers) come last.
 */
export function compareByDeliveryTime(left: AdminOrder, right: AdminOrder): number {
  return (
    nullsLast(left.florist.deliveryDate, right.florist.deliveryDate, (a, b) => a.localeCompare(b)) ||
    nullsLast(slotStart(left), slotStart(right), (a, b) => a - b) ||
    Number(isFuneral(right)) - Number(isFuneral(left)) ||
    nullsLast(eventMinutes(left), eventMinutes(right), (a, b) => a - b) ||
    left.createdAt.localeCompare(right.createdAt)
  );
}

function eventMinutes(order: AdminOrder): number | null {
  const time = order.florist.venue?.eventTime;
  return time ? parseTimeOfDay(time) : null;
}

export function sortByDeliveryTime(orders: readonly AdminOrder[]): AdminOrder[] {
  return [...orders].sort(compareByDeliveryTime);
}

// ------------------------------------------------------------------ one day

export interface WindowGroup {
  kind: 'window';
  id: string;
  label: string;
  orders: AdminOrder[];
  /** Places left in this window (null: not a window the settings plan for this day). */
  free: number | null;
  capacity: number | null;
}

export interface PickupGroup {
  kind: 'pickup';
  /** The full hour of the pickups, e.g. 9 for 9:00–9:59. */
  hour: number;
  label: string;
  orders: AdminOrder[];
}

export interface DayPlan {
  date: string;
  /** False when the shop is closed that day (closed date, holiday, no hours); the orders still show. */
  open: boolean;
  holiday: string | null;
  peak: boolean;
  windows: WindowGroup[];
  pickups: PickupGroup[];
  /** Orders of the day with neither window nor pickup hour (should not happen; shown rather than lost). */
  unscheduled: AdminOrder[];
  /** Places left for the whole day (home and cemetery), null when closed. */
  dayFree: number | null;
  count: number;
}

/** Orders that hold a place on their date: not cancelled, booked into a window. */
const holdsPlace = (order: AdminOrder) => order.status !== 'cancelled' && order.florist.deliveryWindow !== null;

function bookedCounts(orders: readonly AdminOrder[]): BookedCount[] {
  const counts = new Map<string, BookedCount>();
  for (const order of orders) {
    if (!holdsPlace(order) || !order.florist.deliveryDate || !order.florist.deliveryWindow) continue;
    const key = `${order.florist.deliveryDate} ${order.florist.deliveryWindow}`;
    const known = counts.get(key);
    if (known) known.count += 1;
    else counts.set(key, { date: order.florist.deliveryDate, windowId: order.florist.deliveryWindow, count: 1 });
  }
  return [...counts.values()];
}

/**
 * The day view's plan of `date`: the windows the settings plan (with free
 * places, from the same rule the checkout uses, counted from the loaded
 * orders so it works offline), windows only old orders still name, and
 * store pickups by hour. Cancelled orders are left out.
 */
export function planDay(orders: readonly AdminOrder[], date: string, settings: DeliverySettings): DayPlan {
  const onDate = sortByDeliveryTime(orders.filter((order) => order.florist.deliveryDate === date && order.status !== 'cancelled'));
  // Availability as of the day's first minute: past, cut-off and lead time do not apply, places and closures do.
  const [day] = deliveryAvailability({ settings, now: warsawInstant(date, 0), from: date, to: date, booked: bookedCounts(orders) });

  const capacity = capacityOn(settings, date).window;
  const windows: WindowGroup[] = (day?.delivery.windows ?? []).map((window) => ({
    kind: 'window',
    id: window.id,
    label: window.label,
    orders: [],
    free: window.free,
    capacity,
  }));
  const pickups = new Map<number, PickupGroup>();
  const unscheduled: AdminOrder[] = [];

  for (const order of onDate) {
    const { deliveryWindow, deliveryWindowLabel, pickupTime } = order.florist;
    if (deliveryWindow) {
      let group = windows.find((candidate) => candidate.id === deliveryWindow);
      if (!group) {
        group = {
          kind: 'window',
          id: deliveryWindow,
          label: deliveryWindowLabel ?? deliveryWindow,
          orders: [],
          free: null,
          capacity: null,
        };
        windows.push(group);
      }
      group.orders.push(order);
    } else if (pickupTime && parseTimeOfDay(pickupTime) !== null) {
      const hour = Math.floor((parseTimeOfDay(pickupTime) ?? 0) / 60);
      const group = pickups.get(hour) ?? { kind: 'pickup', hour, label: `${hour}:00–${hour}:59`, orders: [] };
      group.orders.push(order);
      pickups.set(hour, group);
    } else unscheduled.push(order);
  }

  windows.sort((left, right) => windowStart(left.id) - windowStart(right.id));
  return {
    date,
    open: day?.open ?? false,
    holiday: day?.holiday ?? null,
    peak: day?.peak ?? false,
    windows,
    pickups: [...pickups.values()].sort((left, right) => left.hour - right.hour),
    unscheduled,
    dayFree: day?.open ? day.delivery.free : null,
    count: onDate.length,
  };
}

const windowStart = (id: string) => parseTimeOfDay(id.split('-')[0] ?? '') ?? 0;
