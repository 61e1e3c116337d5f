import { addDays, isoWeekday } from '../../src/domain/calendar/calendar-date.ts';
import { DEFAULT_DELIVERY_SETTINGS } from '../../src/domain/delivery-settings.ts';
import { polishHolidayOn } from '../../src/domain/calendar/holidays.ts';
import type { OrderRow } from '../../src/features/admin/orders/order.ts';

let counter = 0;

/**
 * An order row as PostgREST returns it to the owner, with the issue 17
 * columns: a home delivery with a window unless overridden. Tests pass the
 * date (computed from today, never a fixed calendar date).
 */
export function floristRow(overrides: Partial<OrderRow> & { delivery_date: string | null }): OrderRow {
  counter += 1;
  const id = overrides.id ?? `f${counter}`;
  return {
    id,
    payu_order_id: `KT9${String(counter).padStart(8, '0')}`,
    created_at: `2026-11-0${(counter % 9) + 1}T08:00:00.000Z`,
    status: 'processing',
    subtotal: 150,
    shipping_cost: 20,
    total: 170,
    delivery_method: 'home',
    delivery_address: { street: 'Słowackiego', houseNumber: '5', apartment: '', city: 'Przemyśl', postalCode: '37-700' },
    customer_name: 'Anna Nowak',
    customer_email: 'anna.nowak@example.pl',
    customer_phone: '+48 501 222 333',
    payment_method: 'blik',
    payu_status: null,
    tracking_number: null,
    tracking_url: null,
    order_items: [
      { id: `${id}-i1`, product_id: 'p1', quantity: 1, price: 150, product_name: 'Bukiet róż', products: { name: 'Bukiet róż' } },
    ],
    recipient_kind: 'other',
    recipient_name: 'Grażyna Wiśniewska',
    recipient_phone: '+48 700 800 900',
    delivery_notes: 'Brama od podwórza',
    delivery_window: '09:00-12:00',
    delivery_window_label: '9:00–12:00',
    pickup_time: null,
    occasion: 'birthday',
    venue: null,
    ribbon_text: null,
    cemetery: null,
    card_message: 'Wszystkiego najlepszego!',
    card_signature: 'Anna',
    card_anonymous: false,
    substitution: 'similar',
    services: [],
    services_cost: 0,
    fulfilment_state: 'to-do',
    ...overrides,
  };
}

/** The next date from `from` on that is a Tuesday–Friday, not a holiday and not a peak day: two default windows, 5 places each. */
export function plainWeekday(from: string): string {
  let date = from;
  while (
    isoWeekday(date) < 2 ||
    isoWeekday(date) > 5 ||
    polishHolidayOn(date) ||
    DEFAULT_DELIVERY_SETTINGS.peakDays.includes(date.slice(5))
  )
    date = addDays(date, 1);
  return date;
}
