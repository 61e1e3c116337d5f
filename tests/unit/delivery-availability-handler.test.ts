import { describe, expect, it } from 'vitest';
import { createDeliveryAvailabilityHandler, type DeliveryAvailabilityDeps } from '../../functions/delivery-availability/handler.ts';
import type { DeliveryAvailabilityResponse } from '../../src/domain/delivery-availability-contract.ts';
import type { BookedCount } from '../../src/domain/delivery-calendar.ts';
import { DEFAULT_DELIVERY_SETTINGS, parseDeliverySettings } from '../../src/domain/delivery-settings.ts';
import { warsawInstant } from '../../src/domain/calendar/warsaw-clock.ts';
import { GUEST_HEADERS, fakeAuthenticate } from './caller-fixtures.ts';

// Wednesday 25 November 2026, 23:30 in Warsaw (22:30 UTC): the server's clock; Warsaw's date is not UTC's at midnight.
const NOW = warsawInstant('2026-11-25', 23 * 60 + 30);

function fakeDeps(overrides: Partial<DeliveryAvailabilityDeps> = {}) {
  const asked: string[] = [];
  const deps: DeliveryAvailabilityDeps = {
    authenticate: fakeAuthenticate({ 'user-token': 'user-42' }),
    loadDeliverySettings: async () => DEFAULT_DELIVERY_SETTINGS,
    loadBookedCounts: async (from, to) => {
      asked.push(`${from}..${to}`);
      return [];
    },
    now: () => NOW,
    ...overrides,
  };
  return { deps, asked };
}

function post(body: unknown, headers: Record<string, string> = GUEST_HEADERS) {
  return new Request('http://functions.test/delivery-availability', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function call(body: unknown, deps = fakeDeps().deps, headers?: Record<string, string>) {
  const response = await createDeliveryAvailabilityHandler(deps)(post(body, headers));
  return { response, body: (await response.json()) as Record<string, unknown> };
}

describe('delivery-availability handler', () => {
  it("answers today to the end of the booking horizon by default, with Warsaw's today and no caching", async () => {
    const { deps, asked } = fakeDeps();
    const { response, body } = await call({}, deps);
    const answer = body as unknown as DeliveryAvailabilityResponse;
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(answer.generatedAt).toBe(new Date(NOW).toISOString());
    expect(answer.today).toBe('2026-11-25');
    expect(answer.days[0]!.date).toBe('2026-11-25');
    expect(answer.days.at(-1)!.date).toBe('2027-01-24');
    expect(answer.days).toHaveLength(61);
    expect(asked).toEqual(['2026-11-25..2027-01-24']);
  });

  it('counts the booked places: a window with all five taken is full, the other keeps its free places', async () => {
    const booked: BookedCount[] = [
      { date: '2026-11-27', windowId: '09:00-12:00', count: 5 },
      { date: '2026-11-27', windowId: '12:00-15:30', count: 2 },
    ];
    const { body } = await call({ from: '2026-11-27', to: '2026-11-27' }, fakeDeps({ loadBookedCounts: async () => booked }).deps);
    const [day] = (body as unknown as DeliveryAvailabilityResponse).days;
    expect(day!.delivery.windows.map((window) => [window.id, window.available, window.reason, window.free])).toEqual([
      ['09:00-12:00', false, 'full', 0],
      ['12:00-15:30', true, null, 3],
    ]);
    expect(day!.delivery.free).toBe(3);
  });

  it('says why a day is closed: a Sunday, a closed holiday, a date the owner closed', async () => {
    const settings = parseDeliverySettings({ delivery_closed_dates: '28.11.2026' });
    const { body } = await call({ from: '2026-11-28', to: '2026-12-25' }, fakeDeps({ loadDeliverySettings: async () => settings }).deps);
    const days = new Map((body as unknown as DeliveryAvailabilityResponse).days.map((day) => [day.date, day]));
    expect(days.get('2026-11-28')).toMatchObject({ open: false, reason: 'closed' });
    expect(days.get('2026-11-29')).toMatchObject({ open: false, reason: 'closed' });
    expect(days.get('2026-12-25')).toMatchObject({ open: false, reason: 'closed', holiday: 'Boże Narodzenie (pierwszy dzień)' });
    expect(days.get('2026-11-30')).toMatchObject({ open: true, reason: null });
  });

  it('offers the services with the prices the owner set, in PLN', async () => {
    const settings = parseDeliverySettings({ service_candle_lighting_price: '35,50', service_photo_after_delivery_price: '0' });
    const { body } = await call({ from: '2026-11-26' }, fakeDeps({ loadDeliverySettings: async () => settings }).deps);
    expect(body.services).toEqual([
      { id: 'candle-lighting', label: 'Zapalenie znicza', price: 35.5 },
      { id: 'photo-after-delivery', label: 'Zdjęcie po dostawie', price: 0 },
    ]);
  });

  it('answers a past day (the owner looks back) and a day beyond the horizon as unavailable, with the reason', async () => {
    const { body } = await call({ from: '2026-11-20', to: '2026-11-20' });
    expect((body as unknown as DeliveryAvailabilityResponse).days).toMatchObject([{ date: '2026-11-20', open: false, reason: 'past' }]);
    const later = await call({ from: '2027-02-01', to: '2027-02-01' });
    expect((later.body as unknown as DeliveryAvailabilityResponse).days).toMatchObject([{ open: false, reason: 'beyond-horizon' }]);
  });

  it('caps the default range at 100 days when the horizon is longer', async () => {
    const settings = parseDeliverySettings({ delivery_horizon_days: '366' });
    const { deps, asked } = fakeDeps({ loadDeliverySettings: async () => settings });
    const { body } = await call({}, deps);
    expect((body as unknown as DeliveryAvailabilityResponse).days).toHaveLength(100);
    expect(asked).toEqual(['2026-11-25..2027-03-04']);
  });

  it.each([
    ['a malformed date', { from: '25.11.2026' }, 'validation_failed', 'from'],
    ['an impossible date', { to: '2026-02-30' }, 'validation_failed', 'to'],
    ['a range that ends before it starts', { from: '2026-12-10', to: '2026-12-01' }, 'invalid_range', 'to'],
    ['a range of more than 100 days', { from: '2026-11-25', to: '2027-03-05' }, 'range_too_long', 'to'],
  ])('refuses %s with a 400 JSON error on the field, and reads nothing', async (_label, body, code, field) => {
    const { deps, asked } = fakeDeps();
    const answer = await call(body, deps);
    expect(answer.response.status).toBe(400);
    expect(answer.response.headers.get('content-type')).toContain('application/json');
    expect(answer.body.error).toBe(code);
    expect(Object.keys(answer.body.fields as object)).toEqual([field]);
    expect(asked).toEqual([]);
  });

  it('answers guests and signed-in customers, and refuses a caller without a key or with a bad token', async () => {
    expect((await call({}, fakeDeps().deps, { ...GUEST_HEADERS, Authorization: 'Bearer user-token' })).response.status).toBe(200);
    expect((await call({}, fakeDeps().deps, {})).response.status).toBe(401);
    const { deps, asked } = fakeDeps();
    expect((await call({}, deps, { ...GUEST_HEADERS, Authorization: 'Bearer forged' })).response.status).toBe(401);
    expect(asked).toEqual([]);
  });

  it('answers the CORS preflight and refuses GET', async () => {
    const handler = createDeliveryAvailabilityHandler(fakeDeps().deps);
    expect((await handler(new Request('http://functions.test/delivery-availability', { method: 'OPTIONS' }))).status).toBe(200);
    expect((await handler(new Request('http://functions.test/delivery-availability'))).status).toBe(405);
  });
});
