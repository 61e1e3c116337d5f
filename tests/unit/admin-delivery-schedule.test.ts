import { describe, expect, it } from 'vitest';
import { addDays, isoWeekday } from '../../src/domain/calendar/calendar-date.ts';
import { DEFAULT_DELIVERY_SETTINGS, type DeliverySettings } from '../../src/domain/delivery-settings.ts';
import { warsawDate } from '../../src/domain/calendar/warsaw-clock.ts';
import { toAdminOrder } from '../../src/features/admin/orders/order.ts';
import {
  compareByDeliveryTime,
  deliveryDateRange,
  planDay,
  sortByDeliveryTime,
} from '../../src/features/admin/orders/delivery-schedule.ts';
import { ordersShown } from '../../src/features/admin/orders/orders-filters.ts';
import { floristRow, plainWeekday } from '../support/florist-order-rows.ts';

const today = warsawDate(Date.now());

const day = plainWeekday(addDays(today, 3));
const order = (overrides: Parameters<typeof floristRow>[0]) => toAdminOrder(floristRow(overrides));

describe('delivery day filters', () => {
  it("reads 'Dziś', 'Jutro' and 'Ten tydzień' (Monday to Sunday) from the shop's today", () => {
    expect(deliveryDateRange('today', today)).toEqual({ from: today, to: today });
    expect(deliveryDateRange('tomorrow', today)).toEqual({ from: addDays(today, 1), to: addDays(today, 1) });
    const week = deliveryDateRange('week', today);
    expect(isoWeekday(week.from)).toBe(1);
    expect(isoWeekday(week.to)).toBe(7);
    expect(week.from <= today && today <= week.to).toBe(true);
  });

  it('lists only the orders delivered on the chosen days, couriers never', () => {
    const orders = [
      order({ id: 'today', delivery_date: today }),
      order({ id: 'tomorrow', delivery_date: addDays(today, 1) }),
      order({ id: 'courier', delivery_date: null, delivery_window: null, delivery_method: 'inpost' }),
    ];
    expect(ordersShown(orders, { when: 'today' }, today).map((o) => o.id)).toEqual(['today']);
    expect(ordersShown(orders, { when: 'tomorrow' }, today).map((o) => o.id)).toEqual(['tomorrow']);
    expect(ordersShown(orders, {}, today).map((o) => o.id)).toEqual(['today', 'tomorrow', 'courier']);
  });
});

describe('delivery time order', () => {
  it('sorts by date, then window start, funerals first within a window, couriers last', () => {
    const orders = [
      order({ id: 'courier', delivery_date: null, delivery_window: null }),
      order({ id: 'later-day', delivery_date: addDays(day, 1) }),
      order({ id: 'afternoon', delivery_date: day, delivery_window: '12:00-15:30' }),
      order({ id: 'morning', delivery_date: day, created_at: '2026-01-01T00:00:00.000Z' }),
      order({ id: 'funeral', delivery_date: day, occasion: 'funeral', created_at: '2026-11-09T00:00:00.000Z' }),
      order({ id: 'pickup', delivery_date: day, delivery_window: null, pickup_time: '10:30', delivery_method: 'store' }),
    ];
    expect(sortByDeliveryTime(orders).map((o) => o.id)).toEqual(['funeral', 'morning', 'pickup', 'afternoon', 'later-day', 'courier']);
  });

  it('puts the earlier ceremony first among funerals of one window', () => {
    const late = order({
      delivery_date: day,
      occasion: 'funeral',
      venue: { type: 'church', name: 'Fara', address: '', eventTime: '11:00' },
    });
    const early = order({
      delivery_date: day,
      occasion: 'funeral',
      venue: { type: 'church', name: 'Fara', address: '', eventTime: '10:00' },
    });
    expect(compareByDeliveryTime(early, late)).toBeLessThan(0);
  });

  it('sorts the list by delivery time once a delivery day is chosen, newest first otherwise', () => {
    const orders = [order({ id: 'b', delivery_date: today, delivery_window: '12:00-15:30' }), order({ id: 'a', delivery_date: today })];
    expect(ordersShown(orders, { when: 'today' }, today).map((o) => o.id)).toEqual(['a', 'b']);
    expect(ordersShown(orders, {}, today).map((o) => o.id)).toEqual(['b', 'a']);
    expect(ordersShown(orders, { sort: 'delivery' }, today).map((o) => o.id)).toEqual(['a', 'b']);
  });
});

describe('the day plan', () => {
  it('groups the day by window with free places and pickups by hour, leaving out other days and cancelled orders', () => {
    const orders = [
      order({ id: 'm1', delivery_date: day }),
      order({ id: 'm2', delivery_date: day }),
      order({ id: 'm-cancelled', delivery_date: day, status: 'cancelled' }),
      order({ id: 'a1', delivery_date: day, delivery_window: '12:00-15:30', delivery_window_label: '12:00–15:30' }),
      order({ id: 'p1', delivery_date: day, delivery_window: null, pickup_time: '9:30', delivery_method: 'store' }),
      order({ id: 'p2', delivery_date: day, delivery_window: null, pickup_time: '9:00', delivery_method: 'store' }),
      order({ id: 'p3', delivery_date: day, delivery_window: null, pickup_time: '14:00', delivery_method: 'store' }),
      order({ id: 'other-day', delivery_date: addDays(day, 1) }),
    ];
    const plan = planDay(orders, day, DEFAULT_DELIVERY_SETTINGS);
    expect(plan.open).toBe(true);
    expect(plan.windows.map((group) => [group.label, group.orders.map((o) => o.id), group.free, group.capacity])).toEqual([
      ['9:00–12:00', ['m1', 'm2'], 3, 5],
      ['12:00–15:30', ['a1'], 4, 5],
    ]);
    expect(plan.pickups.map((group) => [group.hour, group.orders.map((o) => o.id)])).toEqual([
      [9, ['p2', 'p1']],
      [14, ['p3']],
    ]);
    // What the windows still hold (3 + 4), not the day's 20 less 3 (the header said 17).
    expect(plan.dayFree).toBe(7);
    expect(plan.count).toBe(6);
  });

  it('bounds the free places of a window by what is left of the day', () => {
    const settings: DeliverySettings = { ...DEFAULT_DELIVERY_SETTINGS, dayCapacity: 3 };
    const orders = [order({ delivery_date: day }), order({ delivery_date: day, delivery_window: '12:00-15:30' })];
    const plan = planDay(orders, day, settings);
    expect(plan.windows.map((group) => group.free)).toEqual([1, 1]);
    expect(plan.dayFree).toBe(1);
  });

  it('keeps an order whose window the settings no longer plan, without a free count', () => {
    const plan = planDay(
      [order({ delivery_date: day, delivery_window: '08:00-10:00', delivery_window_label: '8:00–10:00' })],
      day,
      DEFAULT_DELIVERY_SETTINGS,
    );
    expect(plan.windows.map((group) => [group.label, group.orders.length, group.free])).toEqual([
      ['8:00–10:00', 1, null],
      ['9:00–12:00', 0, 5],
      ['12:00–15:30', 0, 5],
    ]);
  });

  it('says a closed date is closed and counts no free places, still showing its orders', () => {
    const settings: DeliverySettings = { ...DEFAULT_DELIVERY_SETTINGS, closedDates: [day] };
    const plan = planDay([order({ delivery_date: day })], day, settings);
    expect(plan.open).toBe(false);
    expect(plan.dayFree).toBeNull();
    expect(plan.windows.flatMap((group) => group.orders)).toHaveLength(1);
  });
});
