import { describe, expect, it } from 'vitest';
import { HttpError } from '../../functions/_shared/http.ts';
import {
  REQUEST_MISMATCH_MESSAGE,
  createPlaceOrderHandler,
  type CatalogProduct,
  type OrderWrite,
  type OrderWriteResult,
  type PlaceOrderDeps,
} from '../../functions/place-order/handler.ts';
import { LIVE_FLOWERS_COURIER_MESSAGE } from '../../src/domain/delivery.ts';
import { DEFAULT_DELIVERY_SETTINGS, parseDeliverySettings } from '../../src/domain/delivery-settings.ts';
import { fromPln } from '../../src/domain/money.ts';
import { DEFAULT_ORDER_LIMITS } from '../../src/domain/order-limits.ts';
import { warsawInstant } from '../../src/domain/calendar/warsaw-clock.ts';
import { GUEST_HEADERS, fakeAuthenticate } from './caller-fixtures.ts';

// An artificial rose, so courier tests are not caught by the live-flowers rule.
const ROSE: CatalogProduct = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Róża',
  price: 9.5,
  active: true,
  category: 'artificial-flowers',
};
const CANDLE: CatalogProduct = {
  id: '00000000-0000-4000-8000-000000000002',
  name: 'Znicz',
  price: 24.99,
  active: true,
  category: 'candles',
};
const TULIPS: CatalogProduct = {
  id: '00000000-0000-4000-8000-000000000003',
  name: 'Tulipany',
  price: 99,
  active: true,
  category: 'live-flowers',
};

// Wednesday 25 November 2026, 8:00 in Warsaw: the shop's clock in these tests.
const NOW = warsawInstant('2026-11-25', 8 * 60);
const TODAY = '2026-11-25';
const TOMORROW = '2026-11-26';

function fakeDeps(overrides: Partial<PlaceOrderDeps> = {}) {
  const writes: OrderWrite[] = [];
  const deps: PlaceOrderDeps = {
    authenticate: fakeAuthenticate({ 'user-token': 'user-42' }),
    loadProducts: async (ids) => [ROSE, CANDLE, TULIPS].filter((product) => ids.includes(product.id)),
    loadSetting: async () => '300',
    loadDeliverySettings: async () => DEFAULT_DELIVERY_SETTINGS,
    loadBookedCounts: async () => [],
    replayOf: async () => 'new',
    accessKeySecret: 'test-secret',
    loadOrderLimits: async () => DEFAULT_ORDER_LIMITS,
    countOpenUnpaid: async () => ({ email: 0, address: 0 }),
    writeOrder: async (order): Promise<OrderWriteResult> => {
      writes.push(order);
      return {
        kind: 'ok',
        replayed: false,
        order: {
          id: 'order-1',
          client_request_id: order.clientRequestId,
          payu_order_id: order.orderNumber,
          status: 'pending',
          subtotal: order.subtotal,
          shipping_cost: order.shippingCost,
          total: order.subtotal + order.shippingCost + order.servicesCost,
          created_at: '2026-11-21T10:00:00Z',
          services_cost: order.servicesCost,
          delivery_date: order.details.delivery_date,
          delivery_window: order.details.delivery_window,
          delivery_window_label: order.details.delivery_window_label,
          pickup_time: order.details.pickup_time,
        },
      };
    },
    now: () => NOW,
    random: () => 0.042,
    ...overrides,
  };
  return { deps, writes };
}

const checkout = {
  firstName: 'Anna',
  lastName: 'Nowak',
  email: ' Anna.Nowak@Example.PL ',
  phone: '+48 600 100 200',
  street: 'Mickiewicza',
  houseNumber: '3',
  city: 'Przemyśl',
  postalCode: '37-700',
  deliveryMethod: 'inpost',
  paymentMethod: 'blik',
};

function post(body: unknown, headers: Record<string, string> = {}) {
  return new Request('http://functions.test/place-order', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...GUEST_HEADERS, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** The slot fields each kind of delivery needs, valid at NOW. */
const SLOTS: Record<string, Record<string, string>> = {
  store: { deliveryDate: TODAY, pickupTime: '11:00' },
  home: { deliveryDate: TOMORROW, deliveryWindow: '09:00-12:00' },
  cemetery: {
    deliveryDate: TOMORROW,
    deliveryWindow: '12:00-15:30',
    cemeteryName: 'Cmentarz Główny',
    cemeteryLocality: 'Przemyśl',
    graveDescription: 'przy kaplicy',
  },
};
const checkoutBy = (deliveryMethod: string, extra: Record<string, unknown> = {}) => ({
  ...checkout,
  deliveryMethod,
  ...SLOTS[deliveryMethod],
  ...extra,
});

const validBody = {
  clientRequestId: '7d3c1a52-5f2e-4c1e-9a55-1b2c3d4e5f60',
  checkout,
  items: [
    { productId: ROSE.id, quantity: 3 },
    { productId: CANDLE.id, quantity: 1 },
  ],
};

describe('place-order handler', () => {
  it.each([
    ['1 000', 12.99],
    ['1\u00a0000,00', 12.99],
    ['300', 0],
    ['nonsense', 0],
  ])('reads a free-shipping threshold of %j the Polish way: a 400 zł courier order pays %s zł', async (threshold, shipping) => {
    const { deps, writes } = fakeDeps({ loadSetting: async () => threshold });
    const response = await createPlaceOrderHandler(deps)(post({ ...validBody, items: [{ productId: CANDLE.id, quantity: 17 }] }));
    expect(response.status).toBe(201);
    expect(fromPln(writes[0]!.subtotal)).toBe(fromPln(17 * 24.99));
    expect(writes[0]!.shippingCost).toBe(shipping);
  });

  it('answers a stock refusal with 409, the Polish message and the refused line by product id', async () => {
    const { deps } = fakeDeps({
      writeOrder: async () => ({ kind: 'insufficient_stock', shortages: [{ productId: CANDLE.id, name: 'Znicz serce', available: 2 }] }),
    });
    const response = await createPlaceOrderHandler(deps)(post(validBody));
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: 'insufficient_stock',
      message: 'Dostępne są tylko 2 szt. produktu „Znicz serce”. Zmień ilość w koszyku i spróbuj ponownie.',
      fields: { [CANDLE.id]: 'Dostępne są tylko 2 szt. produktu „Znicz serce”' },
    });
  });

  it('prices the order from the catalog and adds courier shipping below the threshold', async () => {
    const { deps, writes } = fakeDeps();
    const response = await createPlaceOrderHandler(deps)(post(validBody));
    expect(response.status).toBe(201);
    expect(writes).toHaveLength(1);
    const write = writes[0]!;
    expect(fromPln(write.subtotal)).toBe(fromPln(3 * 9.5 + 24.99));
    expect(write.shippingCost).toBe(12.99);
    expect(write.orderNumber).toBe('KT000000042');
    expect(write.customerEmail).toBe('anna.nowak@example.pl');
    expect(write.customerName).toBe('Anna Nowak');
    expect(write.deliveryAddress).toMatchObject({ street: 'Mickiewicza', city: 'Przemyśl', postalCode: '37-700' });
    expect(write.items).toEqual([
      { product_id: ROSE.id, size_id: null, quantity: 3, price: 9.5 },
      { product_id: CANDLE.id, size_id: null, quantity: 1, price: 24.99 },
    ]);
  });

  it('uses the user id from the token, never from the body', async () => {
    const { deps, writes } = fakeDeps();
    await createPlaceOrderHandler(deps)(post({ ...validBody, userId: 'someone-else' }, { Authorization: 'Bearer user-token' }));
    expect(writes[0]!.userId).toBe('user-42');
  });

  it('refuses a guest more pieces than the owner allows, but not a signed-in customer', async () => {
    const hoard = { ...validBody, items: [{ productId: CANDLE.id, quantity: 21 }] };
    const { deps, writes } = fakeDeps();
    const guest = await createPlaceOrderHandler(deps)(post(hoard));
    expect(guest.status).toBe(422);
    expect(await guest.json()).toMatchObject({ error: 'guest_pieces_limit', message: expect.stringContaining('najwyżej 20 sztuk') });
    expect(writes).toHaveLength(0);
    const customer = await createPlaceOrderHandler(deps)(post(hoard, { Authorization: 'Bearer user-token' }));
    expect(customer.status).toBe(201);
  });

  it('refuses one more unpaid order for the same email or delivery address, but answers a replay', async () => {
    const asked: [string, unknown][] = [];
    const { deps, writes } = fakeDeps({
      countOpenUnpaid: async (email, address) => {
        asked.push([email, address]);
        return { email: 3, address: 0 };
      },
    });
    const refused = await createPlaceOrderHandler(deps)(post(validBody));
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      error: 'unpaid_orders_limit',
      message: expect.stringContaining('Czekają już 3 nieopłacone'),
    });
    expect(asked).toEqual([['anna.nowak@example.pl', expect.objectContaining({ street: 'Mickiewicza', postalCode: '37-700' })]]);
    expect(writes).toHaveLength(0);

    const replay = fakeDeps({ replayOf: async () => 'same', countOpenUnpaid: deps.countOpenUnpaid });
    expect((await createPlaceOrderHandler(replay.deps)(post(validBody))).status).toBe(201);
  });

  it('answers 401 when the token does not verify', async () => {
    const { deps, writes } = fakeDeps();
    const response = await createPlaceOrderHandler(deps)(post(validBody, { Authorization: 'Bearer expired' }));
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({
      error: 'invalid_session',
      message: 'Twoja sesja wygasła. Zaloguj się ponownie i złóż zamówienie.',
    });
    expect(writes).toHaveLength(0);
  });

  it('draws a new order number when the first one is taken', async () => {
    let calls = 0;
    const base = fakeDeps();
    const { deps } = fakeDeps({
      writeOrder: async (order) => {
        calls += 1;
        return calls === 1 ? { kind: 'order_number_taken' } : base.deps.writeOrder(order);
      },
    });
    const response = await createPlaceOrderHandler(deps)(post(validBody));
    expect(response.status).toBe(201);
    expect(calls).toBe(2);
  });

  it('refuses a known idempotency key with another body (409 in Polish), before any other work', async () => {
    const { deps, writes } = fakeDeps({ replayOf: async () => 'different' });
    const response = await createPlaceOrderHandler(deps)(post(validBody));
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: 'request_mismatch', message: REQUEST_MISMATCH_MESSAGE });
    expect(writes).toHaveLength(0);
  });

  it('derives the device key from the request: the same request gets the same key, another one another', async () => {
    const asked: [string, string][] = [];
    const first = fakeDeps({
      replayOf: async (id, hash) => {
        asked.push([id, hash]);
        return 'new';
      },
    });
    const answer = async (body: unknown) =>
      ((await (await createPlaceOrderHandler(first.deps)(post(body))).json()) as { order: { accessKey: string } }).order.accessKey;
    const key = await answer(validBody);
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await answer(validBody)).toBe(key);
    // The same content with its fields in another order is the same request.
    const reordered = JSON.parse(
      JSON.stringify({ items: validBody.items, checkout: validBody.checkout, clientRequestId: validBody.clientRequestId }),
    );
    expect(await answer(reordered)).toBe(key);
    expect(new Set(asked.map(([, hash]) => hash)).size).toBe(1);
    expect(first.writes[0]!.requestHash).toBe(asked[0]![1]);
    expect(first.writes[0]!.accessKeyHash).toMatch(/^[0-9a-f]{64}$/);
    const other = { ...validBody, items: [{ ...validBody.items[0]!, quantity: validBody.items[0]!.quantity + 1 }] };
    expect(await answer(other)).not.toBe(key);
  });

  it('answers a replay with 200 and the first order', async () => {
    const base = fakeDeps();
    const { deps } = fakeDeps({
      writeOrder: async (order) => {
        const result = await base.deps.writeOrder(order);
        return result.kind === 'ok' ? { ...result, replayed: true } : result;
      },
    });
    const response = await createPlaceOrderHandler(deps)(post(validBody));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ replayed: true, order: { id: 'order-1' } });
  });

  it.each([
    ['not JSON', '{"clientRequestId":', 400, 'invalid_json'],
    ['an array', [], 400, 'invalid_body'],
    ['an empty object', {}, 400, 'validation_failed'],
    ['a negative quantity', { ...validBody, items: [{ productId: ROSE.id, quantity: -1 }] }, 400, 'validation_failed'],
    ['a fractional quantity', { ...validBody, items: [{ productId: ROSE.id, quantity: 1.5 }] }, 400, 'validation_failed'],
    [
      'the same product twice',
      {
        ...validBody,
        items: [
          { productId: ROSE.id, quantity: 1 },
          { productId: ROSE.id, quantity: 2 },
        ],
      },
      400,
      'validation_failed',
    ],
    ['a key that is not a uuid', { ...validBody, clientRequestId: '1; drop table orders' }, 400, 'validation_failed'],
    [
      'an unknown product',
      { ...validBody, items: [{ productId: '00000000-0000-4000-8000-00000000ffff', quantity: 1 }] },
      422,
      'product_unavailable',
    ],
  ])('refuses %s with a JSON error and writes nothing', async (_label, body, status, code) => {
    const { deps, writes } = fakeDeps();
    const response = await createPlaceOrderHandler(deps)(post(body));
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(((await response.json()) as { error: string }).error).toBe(code);
    expect(writes).toHaveLength(0);
  });

  it('refuses local delivery while no quote service is configured', async () => {
    const { deps, writes } = fakeDeps();
    const response = await createPlaceOrderHandler(deps)(post({ ...validBody, checkout: checkoutBy('home') }));
    expect(response.status).toBe(422);
    expect(writes).toHaveLength(0);
  });

  it('charges local delivery as quoted by the server for the checkout address', async () => {
    const quoted: string[] = [];
    const { deps, writes } = fakeDeps({
      quoteLocalDelivery: async (form) => {
        quoted.push(`${form.street} ${form.houseNumber}, ${form.postalCode} ${form.city}`);
        return fromPln(71.28);
      },
    });
    const response = await createPlaceOrderHandler(deps)(
      post({ ...validBody, checkout: checkoutBy('home', { city: 'Krasiczyn', postalCode: '37-741' }), shippingCost: 0 }),
    );
    expect(response.status).toBe(201);
    expect(quoted).toEqual(['Mickiewicza 3, 37-741 Krasiczyn']);
    expect(writes[0]!.shippingCost).toBe(71.28);
  });

  it('passes on a refusal of the delivery area and writes nothing', async () => {
    const { deps, writes } = fakeDeps({
      quoteLocalDelivery: async () => {
        throw new HttpError(422, 'outside_delivery_area', 'Poza terenem');
      },
    });
    const response = await createPlaceOrderHandler(deps)(
      post({ ...validBody, checkout: checkoutBy('cemetery', { city: 'Kraków', postalCode: '31-019' }) }),
    );
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ error: 'outside_delivery_area', message: 'Poza terenem' });
    expect(writes).toHaveLength(0);
  });

  it.each(['inpost', 'dpd', 'gls-cod', 'poczta'])(
    'refuses live flowers sent by courier (%s) and writes nothing',
    async (deliveryMethod) => {
      const { deps, writes } = fakeDeps();
      const response = await createPlaceOrderHandler(deps)(
        post({
          ...validBody,
          checkout: { ...checkout, deliveryMethod },
          items: [
            { productId: CANDLE.id, quantity: 1 },
            { productId: TULIPS.id, quantity: 1 },
          ],
        }),
      );
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual({ error: 'live_flowers_local_only', message: LIVE_FLOWERS_COURIER_MESSAGE });
      expect(writes).toHaveLength(0);
    },
  );

  it.each(['store', 'home', 'cemetery'])('accepts live flowers with %s delivery', async (deliveryMethod) => {
    const { deps, writes } = fakeDeps({ quoteLocalDelivery: async () => fromPln(20) });
    const response = await createPlaceOrderHandler(deps)(
      post({ ...validBody, checkout: checkoutBy(deliveryMethod), items: [{ productId: TULIPS.id, quantity: 1 }] }),
    );
    expect(response.status).toBe(201);
    expect(writes).toHaveLength(1);
  });

  it('hides an unexpected failure behind a JSON 500 without a stack trace', async () => {
    const { deps } = fakeDeps({
      loadProducts: async () => {
        throw new Error('connection refused at /srv/secret/path.ts:12');
      },
    });
    const original = console.error;
    console.error = () => undefined;
    const response = await createPlaceOrderHandler(deps)(post(validBody));
    console.error = original;
    const text = await response.text();
    expect(response.status).toBe(500);
    expect(text).not.toContain('secret');
    expect(JSON.parse(text)).toMatchObject({ error: 'internal_error' });
  });

  it('answers the CORS preflight and refuses other methods', async () => {
    const handler = createPlaceOrderHandler(fakeDeps().deps);
    const preflight = await handler(new Request('http://functions.test/place-order', { method: 'OPTIONS' }));
    const get = await handler(new Request('http://functions.test/place-order'));
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(get.status).toBe(405);
  });
});

describe('place-order: the florist slot, checked with the server clock', () => {
  const place = async (deps: PlaceOrderDeps, checkoutBody: Record<string, unknown>) => {
    const response = await createPlaceOrderHandler(deps)(post({ ...validBody, checkout: checkoutBody }));
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const deliveryRefusal = (reason: string, field: string) => ({
    error: 'slot_unavailable',
    message: `Wybrany termin dostawy jest niedostępny: ${reason}. Wybierz inny dzień lub godziny.`,
    fields: { [field]: `Wybrany termin dostawy jest niedostępny: ${reason}. Wybierz inny dzień lub godziny.` },
  });
  const quoted = { quoteLocalDelivery: async () => fromPln(20) };

  it.each([
    ['a past date', { deliveryDate: '2026-11-24' }, 'ten dzień już minął', 'deliveryDate'],
    ['a Sunday', { deliveryDate: '2026-11-29' }, 'zamknięte', 'deliveryDate'],
    ['Christmas Day (a closed holiday)', { deliveryDate: '2026-12-25' }, 'zamknięte', 'deliveryDate'],
    ['a window the day does not offer', { deliveryWindow: '15:30-18:00' }, 'zamknięte', 'deliveryDate'],
  ])(
    'refuses home delivery on %s with 422 slot_unavailable naming the problem, and writes nothing',
    async (_label, slot, reason, field) => {
      const { deps, writes } = fakeDeps(quoted);
      const answer = await place(deps, checkoutBy('home', slot));
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual(deliveryRefusal(reason, field));
      expect(writes).toHaveLength(0);
    },
  );

  it('refuses a window the order cannot reach before it ends (lead time 120 min): 9:00–12:00 from 10:01', async () => {
    const { deps, writes } = fakeDeps({ ...quoted, now: () => warsawInstant(TODAY, 10 * 60 + 1) });
    const answer = await place(deps, checkoutBy('home', { deliveryDate: TODAY, deliveryWindow: '09:00-12:00' }));
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual(deliveryRefusal('za mało czasu na przygotowanie zamówienia', 'deliveryWindow'));
    expect(writes).toHaveLength(0);
  });

  it('takes a same-day 12:00–15:30 window at 11:40, before the 12:00 cut-off', async () => {
    const { deps, writes } = fakeDeps({ ...quoted, now: () => warsawInstant(TODAY, 11 * 60 + 40) });
    const answer = await place(deps, checkoutBy('home', { deliveryDate: TODAY, deliveryWindow: '12:00-15:30' }));
    expect(answer.status).toBe(201);
    expect(writes[0]).toMatchObject({ details: { delivery_date: TODAY, delivery_window: '12:00-15:30' } });
  });

  it('refuses a same-day window after the cut-off (12:00 on a weekday)', async () => {
    const { deps, writes } = fakeDeps({ ...quoted, now: () => warsawInstant(TODAY, 12 * 60 + 5) });
    const answer = await place(deps, checkoutBy('home', { deliveryDate: TODAY, deliveryWindow: '12:00-15:30' }));
    expect(answer.body).toEqual(deliveryRefusal('po godzinie przyjmowania zamówień na dziś', 'deliveryWindow'));
    expect(writes).toHaveLength(0);
  });

  it('refuses a full window, counting the places booked on that date', async () => {
    const asked: string[] = [];
    const { deps, writes } = fakeDeps({
      ...quoted,
      loadBookedCounts: async (from, to) => {
        asked.push(`${from}..${to}`);
        return [{ date: TOMORROW, windowId: '09:00-12:00', count: 5 }];
      },
    });
    const answer = await place(deps, checkoutBy('home'));
    expect(answer.body).toEqual(deliveryRefusal('brak miejsc', 'deliveryWindow'));
    expect(asked).toEqual([`${TOMORROW}..${TOMORROW}`]);
    expect(writes).toHaveLength(0);
  });

  it('answers a lost race for the last place (place_order found it full) with the same 422', async () => {
    const { deps } = fakeDeps({ ...quoted, writeOrder: async () => ({ kind: 'slot_full', scope: 'day' }) });
    const answer = await place(deps, checkoutBy('home'));
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual(deliveryRefusal('brak miejsc', 'deliveryWindow'));
  });

  it('asks place_order to reserve the place with the capacity of the date (a peak day has its own)', async () => {
    const settings = parseDeliverySettings({ delivery_window_capacity: '3', delivery_day_capacity: '7', delivery_peak_capacity: '40' });
    const { deps, writes } = fakeDeps({ ...quoted, loadDeliverySettings: async () => settings });
    expect((await place(deps, checkoutBy('home'))).status).toBe(201);
    // Valentine's Day of 2028 is a Monday, a peak day: one whole-day window.
    const peak = { ...settings, horizonDays: 366 * 2 };
    const peakDeps = fakeDeps({ ...quoted, loadDeliverySettings: async () => peak });
    expect((await place(peakDeps.deps, checkoutBy('home', { deliveryDate: '2028-02-14', deliveryWindow: 'all-day' }))).status).toBe(201);

    expect(writes[0]).toMatchObject({
      capacity: { window: 3, day: 7 },
      details: { delivery_date: TOMORROW, delivery_window: '09:00-12:00', delivery_window_label: '9:00–12:00', pickup_time: null },
    });
    expect(peakDeps.writes[0]).toMatchObject({
      capacity: { window: 40, day: 40 },
      details: { delivery_window: 'all-day', delivery_window_label: 'w ciągu dnia' },
    });
  });

  it('answers a replay even when its window has filled since (the first order holds the place)', async () => {
    const base = fakeDeps();
    const { deps, writes } = fakeDeps({
      ...quoted,
      loadBookedCounts: async () => [{ date: TOMORROW, windowId: '09:00-12:00', count: 5 }],
      replayOf: async () => 'same',
      writeOrder: async (order) => {
        const result = await base.deps.writeOrder(order);
        return result.kind === 'ok' ? { ...result, replayed: true } : result;
      },
    });
    const answer = await place(deps, checkoutBy('home'));
    expect(answer.status).toBe(200);
    expect(base.writes[0]!.capacity).toBeNull();
    expect(writes).toHaveLength(0);
  });

  it.each([
    ['before opening', '8:00', 'zamknięte', 'deliveryDate'],
    ['within the lead time', '9:30', 'za mało czasu na przygotowanie zamówienia', 'pickupTime'],
  ])('refuses a pickup hour %s', async (_label, pickupTime, reason, field) => {
    const { deps, writes } = fakeDeps();
    const answer = await place(deps, checkoutBy('store', { pickupTime }));
    const message = `Wybrany termin odbioru jest niedostępny: ${reason}. Wybierz inny dzień lub godzinę odbioru.`;
    expect(answer).toEqual({ status: 422, body: { error: 'slot_unavailable', message, fields: { [field]: message } } });
    expect(writes).toHaveLength(0);
  });

  it('stores a pickup date and hour, and no window or capacity', async () => {
    const { deps, writes } = fakeDeps();
    const answer = await place(deps, checkoutBy('store'));
    expect(answer.status).toBe(201);
    expect(answer.body.order).toMatchObject({ deliveryDate: TODAY, pickupTime: '11:00', deliveryWindow: null });
    expect(writes[0]).toMatchObject({
      capacity: null,
      details: { delivery_date: TODAY, pickup_time: '11:00', delivery_window: null, delivery_window_label: null },
    });
  });

  it('stores no date, window or hour for a courier order, whatever the body says', async () => {
    const { deps, writes } = fakeDeps();
    const answer = await place(deps, { ...checkout, deliveryDate: '2020-01-01', deliveryWindow: '09:00-12:00', pickupTime: '9:00' });
    expect(answer.status).toBe(201);
    expect(writes[0]).toMatchObject({
      capacity: null,
      details: { delivery_date: null, delivery_window: null, delivery_window_label: null, pickup_time: null },
    });
  });
});

describe('place-order: the florist details', () => {
  const quoted = { quoteLocalDelivery: async () => fromPln(20) };
  const placed = async (checkoutBody: Record<string, unknown>, overrides: Partial<PlaceOrderDeps> = {}, items = validBody.items) => {
    const { deps, writes } = fakeDeps({ ...quoted, ...overrides });
    const response = await createPlaceOrderHandler(deps)(post({ ...validBody, checkout: checkoutBody, items }));
    expect(response.status).toBe(201);
    return { write: writes[0]!, order: ((await response.json()) as { order: Record<string, unknown> }).order };
  };

  it('prices the services from the settings, never from the body, and adds them to the total', async () => {
    const settings = parseDeliverySettings({ service_candle_lighting_price: '42,50' });
    const { write, order } = await placed(
      checkoutBy('cemetery', {
        services: ['candle-lighting', 'photo-after-delivery'],
        servicePrices: { 'candle-lighting': 0 },
        servicesCost: 0,
      }),
      { loadDeliverySettings: async () => settings },
    );
    expect(write.details.services).toEqual([
      { id: 'candle-lighting', label: 'Zapalenie znicza', price: 42.5 },
      { id: 'photo-after-delivery', label: 'Zdjęcie po dostawie', price: 0 },
    ]);
    expect(write.servicesCost).toBe(42.5);
    expect(order.servicesCost).toBe(42.5);
    expect(fromPln(order.total as number)).toBe(fromPln(write.subtotal) + fromPln(20) + fromPln(42.5));
  });

  it('charges the default 30 zł for lighting a candle when the owner set no price', async () => {
    const { write } = await placed(checkoutBy('cemetery', { services: ['candle-lighting'] }));
    expect(write.servicesCost).toBe(30);
  });

  it('refuses services for anything but cemetery delivery (400, nothing written)', async () => {
    const { deps, writes } = fakeDeps(quoted);
    const response = await createPlaceOrderHandler(deps)(
      post({ ...validBody, checkout: checkoutBy('home', { services: ['candle-lighting'] }) }),
    );
    expect(response.status).toBe(400);
    expect(writes).toHaveLength(0);
  });

  it("records the buyer as the recipient of an order 'Dla mnie'", async () => {
    const { write } = await placed(checkoutBy('home', { recipientName: 'Ktoś Inny', recipientPhone: '+48 500 000 000' }));
    expect(write.details).toMatchObject({ recipient_kind: 'self', recipient_name: 'Anna Nowak', recipient_phone: '+48 600 100 200' });
  });

  it('records another recipient, the card, anonymity, substitution and notes as given', async () => {
    const { write } = await placed(
      checkoutBy('home', {
        recipient: 'other',
        recipientName: 'Maria Wiśniewska',
        recipientPhone: '+48 601 222 333',
        deliveryNotes: 'Za kościołem w prawo, zielona brama',
        cardMessage: 'Wszystkiego najlepszego!',
        cardSignature: 'Twoja Ania',
        anonymous: true,
        substitution: 'call-first',
        occasion: 'birthday',
      }),
    );
    expect(write.details).toMatchObject({
      recipient_kind: 'other',
      recipient_name: 'Maria Wiśniewska',
      recipient_phone: '+48 601 222 333',
      delivery_notes: 'Za kościołem w prawo, zielona brama',
      card_message: 'Wszystkiego najlepszego!',
      card_signature: 'Twoja Ania',
      card_anonymous: true,
      substitution: 'call-first',
      occasion: 'birthday',
      venue: null,
      ribbon_text: null,
      cemetery: null,
      services: [],
    });
  });

  const funeral = {
    occasion: 'funeral',
    venueType: 'church',
    venueName: 'Kościół św. Jana',
    venueAddress: 'ul. Kościelna 1, Przemyśl',
    eventTime: '11:30',
    ribbonText: 'Ostatnie pożegnanie — rodzina',
  };
  const WREATH: CatalogProduct = {
    id: '00000000-0000-4000-8000-000000000004',
    name: 'Wieniec pogrzebowy',
    price: 250,
    active: true,
    category: 'live-flowers',
  };

  it('keeps the venue and, for a funeral wreath, the ribbon text', async () => {
    const { write } = await placed(checkoutBy('home', funeral), { loadProducts: async () => [WREATH] }, [
      { productId: WREATH.id, quantity: 1 },
    ]);
    expect(write.details).toMatchObject({
      occasion: 'funeral',
      venue: { type: 'church', name: 'Kościół św. Jana', address: 'ul. Kościelna 1, Przemyśl', eventTime: '11:30' },
      ribbon_text: 'Ostatnie pożegnanie — rodzina',
    });
  });

  it('drops a ribbon text when nothing ordered takes a ribbon, or the occasion is not a funeral', async () => {
    const roses = await placed(checkoutBy('home', funeral));
    expect(roses.write.details.ribbon_text).toBeNull();
    const birthday = await placed(checkoutBy('home', { ...funeral, occasion: 'birthday' }), { loadProducts: async () => [WREATH] }, [
      { productId: WREATH.id, quantity: 1 },
    ]);
    expect(birthday.write.details).toMatchObject({ ribbon_text: null, venue: null });
  });

  it('keeps the grave only for cemetery delivery', async () => {
    const cemetery = await placed(checkoutBy('cemetery', { graveSection: 'B', graveRow: '4', graveNumber: '12' }));
    expect(cemetery.write.details.cemetery).toEqual({
      name: 'Cmentarz Główny',
      locality: 'Przemyśl',
      section: 'B',
      row: '4',
      number: '12',
      description: 'przy kaplicy',
    });
    const home = await placed(checkoutBy('home', { cemeteryName: 'Cmentarz Główny', graveDescription: 'przy kaplicy' }));
    expect(home.write.details.cemetery).toBeNull();
  });

  it('takes a cemetery with no street or house number, its locality from the address, and no flat', async () => {
    const { write } = await placed(
      checkoutBy('cemetery', {
        street: '',
        houseNumber: '',
        apartment: '4',
        city: 'Krasiczyn',
        postalCode: '37-741',
        cemeteryName: 'Cmentarz parafialny',
        cemeteryLocality: '',
      }),
    );
    expect(write.deliveryAddress).toEqual({
      street: '',
      houseNumber: '',
      apartment: '',
      city: 'Krasiczyn',
      postalCode: '37-741',
      country: 'PL',
    });
    expect(write.details.cemetery).toMatchObject({ name: 'Cmentarz parafialny', locality: 'Krasiczyn' });
  });
});

describe('place-order: the invoice (issue 19)', () => {
  const invoiceOf = (nip: string) => ({
    wantsInvoice: true,
    invoiceNip: nip,
    invoiceCompany: 'Kwiaty Nowak',
    invoiceAddress: 'ul. Długa 1, Bircza',
  });

  it('passes the invoice to place_order with the NIP as 10 digits', async () => {
    const { deps, writes } = fakeDeps();
    const response = await createPlaceOrderHandler(deps)(
      post({ ...validBody, checkout: { ...checkout, ...invoiceOf('PL 774-000-14-54') } }),
    );
    expect(response.status).toBe(201);
    expect(writes[0]!.details.invoice).toEqual({ nip: '7740001454', company: 'Kwiaty Nowak', address: 'ul. Długa 1, Bircza' });
  });

  it('passes no invoice when none was asked for, whatever the fields hold', async () => {
    const { deps, writes } = fakeDeps();
    await createPlaceOrderHandler(deps)(post({ ...validBody, checkout: { ...checkout, ...invoiceOf('7740001454'), wantsInvoice: false } }));
    expect(writes[0]!.details.invoice).toBeNull();
  });

  it("refuses a wrong NIP with 422 and 'Nieprawidłowy NIP' on its field, writing nothing", async () => {
    const { deps, writes } = fakeDeps();
    const response = await createPlaceOrderHandler(deps)(post({ ...validBody, checkout: { ...checkout, ...invoiceOf('7740001455') } }));
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      error: 'invalid_invoice',
      message: 'Nieprawidłowy NIP',
      fields: { 'checkout.invoiceNip': 'Nieprawidłowy NIP' },
    });
    expect(writes).toHaveLength(0);
  });

  it('keeps 400 when other fields are wrong too', async () => {
    const { deps } = fakeDeps();
    const response = await createPlaceOrderHandler(deps)(
      post({ ...validBody, checkout: { ...checkout, ...invoiceOf('7740001455'), firstName: '' } }),
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as { fields: Record<string, string> }).fields).toMatchObject({
      'checkout.invoiceNip': 'Nieprawidłowy NIP',
      'checkout.firstName': 'Imię jest wymagane',
    });
  });
});
