import { randomInt, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, isoWeekday } from '../../src/domain/calendar/calendar-date.ts';
import type { DeliveryAvailabilityResponse } from '../../src/domain/delivery-availability-contract.ts';
import { warsawDate } from '../../src/domain/calendar/warsaw-clock.ts';
import {
  anonClient,
  bookableWindows,
  checkoutFor,
  invokeFunction,
  nextDeliveryWindow,
  signedInOwner,
  someProducts,
  testBackend,
  withDatabase,
  type BookableWindow,
  type FunctionAnswer,
} from '../support/test-backend.ts';

/**
 * Florist orders against the real backend (issue 17): the slot is checked
 * with the server's clock, places are reserved in place_order's transaction
 * under a per-date lock, services are priced from the settings. Every test
 * that fills a window books a day of its own (nextDeliveryWindow's onDay),
 * far from the first days the rest of the suite books.
 */

let productId = '';
let productPrice = 0;
beforeAll(async () => {
  const [product] = await someProducts(1);
  productId = product!.id;
  productPrice = product!.price;
});

/** Sets 'Dostawy' settings for one test and puts back exactly what was there (a missing row stays missing). */
async function withSettings<T>(values: Record<string, string>, work: () => Promise<T>): Promise<T> {
  const keys = Object.keys(values);
  const before = await withDatabase(async (db) => {
    const { rows } = await db.query<{ key: string; value: string }>('select key, value from app_settings where key = any($1)', [keys]);
    return new Map(rows.map((row) => [row.key, row.value]));
  });
  const write = (entries: [string, string][]) =>
    withDatabase(async (db) => {
      for (const [key, value] of entries) {
        await db.query('insert into app_settings (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value', [
          key,
          value,
        ]);
      }
    });
  await write(Object.entries(values));
  try {
    return await work();
  } finally {
    await write([...before.entries()]);
    const added = keys.filter((key) => !before.has(key));
    await withDatabase((db) => db.query('delete from app_settings where key = any($1)', [added]));
  }
}

function place(checkout: Record<string, unknown>, clientRequestId: string = randomUUID(), product = productId): Promise<FunctionAnswer> {
  return invokeFunction(anonClient(), 'place-order', { clientRequestId, checkout, items: [{ productId: product, quantity: 1 }] });
}

const homeTo = (slot: BookableWindow, extra: Record<string, unknown> = {}) =>
  checkoutFor({ deliveryMethod: 'home', deliveryDate: slot.deliveryDate, deliveryWindow: slot.deliveryWindow, ...extra });

async function takenIn(slot: BookableWindow): Promise<number> {
  return withDatabase(async (db) => {
    const { rows } = await db.query<{ count: number }>(
      "select count(*)::int as count from orders where delivery_date = $1 and delivery_window = $2 and status <> 'cancelled'",
      [slot.deliveryDate, slot.deliveryWindow],
    );
    return rows[0]!.count;
  });
}

const FULL_MESSAGE = 'Wybrany termin dostawy jest niedostępny: brak miejsc. Wybierz inny dzień lub godziny.';

describe('delivery capacity, reserved atomically in SQL', () => {
  it('gives exactly 5 of 20 concurrent checkouts for one window of capacity 5; the other 15 get 422 slot_unavailable', async () => {
    const slot = nextDeliveryWindow({ onDay: 20 });
    expect(await takenIn(slot)).toBe(0);
    const answers = await withSettings({ delivery_window_capacity: '5', delivery_day_capacity: '20' }, () =>
      Promise.all(Array.from({ length: 20 }, () => place(homeTo(slot)))),
    );

    const placed = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status === 422 && answer.body.error === 'slot_unavailable');
    console.info(
      `20 concurrent checkouts, window of capacity 5: ${placed.length} placed, ${refused.length} refused (422 slot_unavailable)`,
    );
    expect(placed).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const answer of refused)
      expect(answer.body).toEqual({ error: 'slot_unavailable', message: FULL_MESSAGE, fields: { deliveryWindow: FULL_MESSAGE } });
    expect(await takenIn(slot)).toBe(5);
  });

  it("makes a second checkout for the same date wait for the first one's transaction, then count its place (place_order in SQL)", async () => {
    const slot = nextDeliveryWindow({ onDay: 28 });
    const connect = async () => {
      const client = new pg.Client({ connectionString: testBackend().databaseUrl });
      await client.connect();
      return client;
    };
    const placeInSql = (db: pg.Client) =>
      db.query(
        `select public.place_order($1::uuid, null, $2, 'Anna Kowalska', 'anna@example.test', '+48 600 100 200', 'home',
           '{"street": "Rynek", "houseNumber": "5", "city": "Przemyśl", "postalCode": "37-700"}'::jsonb, 'transfer', $3::numeric, 0,
           $4::jsonb, null, $5::jsonb, 0, '{"window": 1, "day": 20}'::jsonb, null)`,
        [
          randomUUID(),
          `KT${String(randomInt(1e9)).padStart(9, '0')}`,
          productPrice,
          JSON.stringify([{ product_id: productId, quantity: 1, price: productPrice }]),
          JSON.stringify({ delivery_date: slot.deliveryDate, delivery_window: slot.deliveryWindow }),
        ],
      );
    const [first, second] = [await connect(), await connect()];
    try {
      await first.query('begin');
      await placeInSql(first);
      // The first checkout holds the date's lock until it commits: the second waits instead of counting without it.
      const outcome = placeInSql(second).then(
        () => 'placed',
        (error: Error) => error.message,
      );
      expect(await Promise.race([outcome, sleep(700).then(() => 'waiting')])).toBe('waiting');
      await first.query('commit');
      expect(await outcome).toBe('slot_full');
      expect(await takenIn(slot)).toBe(1);
    } finally {
      await first.end();
      await second.end();
    }
  });

  it('refuses a window that filled up before the order was sent, and still answers the first order again', async () => {
    const slot = nextDeliveryWindow({ onDay: 21 });
    await withSettings({ delivery_window_capacity: '1' }, async () => {
      const firstKey = randomUUID();
      const first = await place(homeTo(slot), firstKey);
      expect(first.status).toBe(201);
      expect(first.body.order).toMatchObject({
        deliveryDate: slot.deliveryDate,
        deliveryWindow: slot.deliveryWindow,
        deliveryWindowLabel: slot.label,
      });

      // e.g. queued offline while someone else booked the last place
      const late = await place(homeTo(slot));
      expect(late.status).toBe(422);
      expect(late.body).toEqual({ error: 'slot_unavailable', message: FULL_MESSAGE, fields: { deliveryWindow: FULL_MESSAGE } });

      const replay = await place(homeTo(slot), firstKey);
      expect(replay.status).toBe(200);
      expect(replay.body.replayed).toBe(true);
      expect(await takenIn(slot)).toBe(1);
    });
  });

  it("counts the day's capacity over all its windows, home and cemetery together", async () => {
    const morning = nextDeliveryWindow({ onDay: 22 });
    const afternoon = bookableWindows().find(
      (window) => window.deliveryDate === morning.deliveryDate && window.deliveryWindow !== morning.deliveryWindow,
    )!;
    await withSettings({ delivery_window_capacity: '5', delivery_day_capacity: '2' }, async () => {
      expect((await place(homeTo(morning))).status).toBe(201);
      const cemetery = checkoutFor({
        deliveryMethod: 'cemetery',
        deliveryDate: morning.deliveryDate,
        deliveryWindow: morning.deliveryWindow,
      });
      expect((await place(cemetery)).status).toBe(201);
      const third = await place(homeTo(afternoon));
      expect(third.status).toBe(422);
      expect(third.body.error).toBe('slot_unavailable');
    });
  });

  it('frees the place of a cancelled order', async () => {
    const slot = nextDeliveryWindow({ onDay: 23 });
    await withSettings({ delivery_window_capacity: '1' }, async () => {
      const first = await place(homeTo(slot));
      expect(first.status).toBe(201);
      expect((await place(homeTo(slot))).status).toBe(422);

      const owner = await signedInOwner();
      const { error } = await owner
        .from('orders')
        .update({ status: 'cancelled' })
        .eq('id', (first.body.order as { id: string }).id);
      expect(error).toBeNull();

      expect((await place(homeTo(slot))).status).toBe(201);
      expect(await takenIn(slot)).toBe(1);
    });
  });
});

describe('place-order refuses a slot the shop cannot serve, by the server clock', () => {
  const today = () => warsawDate(Date.now());
  const nextSunday = () => {
    let date = addDays(today(), 1);
    while (isoWeekday(date) !== 7) date = addDays(date, 1);
    return date;
  };

  it('refuses a past date for delivery and for pickup, naming the problem on the date field', async () => {
    const yesterday = addDays(today(), -1);
    const home = await place(checkoutFor({ deliveryMethod: 'home', deliveryDate: yesterday, deliveryWindow: '09:00-12:00' }));
    const message = 'Wybrany termin dostawy jest niedostępny: ten dzień już minął. Wybierz inny dzień lub godziny.';
    expect(home).toEqual({ status: 422, body: { error: 'slot_unavailable', message, fields: { deliveryDate: message } } });
    const pickup = await place(checkoutFor({ deliveryMethod: 'store', deliveryDate: yesterday, pickupTime: '10:00' }));
    expect(pickup.status).toBe(422);
    expect(pickup.body.fields).toEqual({
      deliveryDate: 'Wybrany termin odbioru jest niedostępny: ten dzień już minął. Wybierz inny dzień lub godzinę odbioru.',
    });
  });

  it('refuses a closed day: a Sunday, and a date the owner closed', async () => {
    const sunday = await place(checkoutFor({ deliveryMethod: 'home', deliveryDate: nextSunday(), deliveryWindow: '09:00-12:00' }));
    expect(sunday.status).toBe(422);
    expect(sunday.body.message).toBe('Wybrany termin dostawy jest niedostępny: zamknięte. Wybierz inny dzień lub godziny.');
    const pickupOnSunday = await place(checkoutFor({ deliveryMethod: 'store', deliveryDate: nextSunday(), pickupTime: '10:00' }));
    expect(pickupOnSunday.status).toBe(422);

    const slot = nextDeliveryWindow({ onDay: 24 });
    const [day, month, year] = [slot.deliveryDate.slice(8), slot.deliveryDate.slice(5, 7), slot.deliveryDate.slice(0, 4)];
    await withSettings({ delivery_closed_dates: `${day}.${month}.${year}` }, async () => {
      const closed = await place(homeTo(slot));
      expect(closed.status).toBe(422);
      expect(closed.body.fields).toEqual({
        deliveryDate: 'Wybrany termin dostawy jest niedostępny: zamknięte. Wybierz inny dzień lub godziny.',
      });
    });
    expect(await takenIn(slot)).toBe(0);
  });

  it('refuses a window the day does not offer, and a home order without a date (400)', async () => {
    const slot = nextDeliveryWindow({ onDay: 25 });
    const odd = await place(homeTo(slot, { deliveryWindow: '06:00-08:00' }));
    expect(odd.status).toBe(422);
    const undated = await place(checkoutFor({ deliveryMethod: 'home', deliveryDate: '', deliveryWindow: '' }));
    expect(undated.status).toBe(400);
    expect(undated.body.fields).toMatchObject({
      'checkout.deliveryDate': 'Wybierz dzień',
      'checkout.deliveryWindow': 'Wybierz godziny dostawy',
    });
  });
});

describe('place-order stores the florist details', () => {
  it('charges a service at the settings price whatever the body says, and adds it to the total', async () => {
    const slot = nextDeliveryWindow({ onDay: 26 });
    await withSettings({ service_candle_lighting_price: '42,50' }, async () => {
      const key = randomUUID();
      const answer = await place(
        checkoutFor({
          deliveryMethod: 'cemetery',
          deliveryDate: slot.deliveryDate,
          deliveryWindow: slot.deliveryWindow,
          services: ['candle-lighting', 'photo-after-delivery'],
          // A tampered client: prices of its own, which the schema strips.
          servicePrices: { 'candle-lighting': 0.01 },
          servicesCost: 0.01,
        }),
        key,
      );
      expect(answer.status).toBe(201);
      const order = answer.body.order as { subtotal: number; shippingCost: number; servicesCost: number; total: number };
      expect(order.servicesCost).toBe(42.5);
      expect(Math.round(order.total * 100)).toBe(Math.round((order.subtotal + order.shippingCost + 42.5) * 100));

      const stored = await withDatabase(async (db) => {
        const { rows } = await db.query(
          'select services, services_cost::float8 as services_cost, total::float8 as total, cemetery, recipient_kind, recipient_name from orders where client_request_id = $1',
          [key],
        );
        return rows[0] as Record<string, unknown>;
      });
      expect(stored).toMatchObject({
        services: [
          { id: 'candle-lighting', label: 'Zapalenie znicza', price: 42.5 },
          { id: 'photo-after-delivery', label: 'Zdjęcie po dostawie', price: 0 },
        ],
        services_cost: 42.5,
        total: order.total,
        cemetery: { name: 'Cmentarz Główny', locality: 'Przemyśl', description: 'Przy głównej alei, trzeci grób' },
        recipient_kind: 'self',
        recipient_name: 'Anna Kowalska',
      });
    });
  });

  it('refuses a service sent with a price of its own (400) and writes nothing', async () => {
    const key = randomUUID();
    const answer = await place(checkoutFor({ deliveryMethod: 'cemetery', services: [{ id: 'candle-lighting', price: 0 }] }), key);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('validation_failed');
    expect(await withDatabase(async (db) => (await db.query('select 1 from orders where client_request_id = $1', [key])).rowCount)).toBe(0);
  });

  it('stores the recipient, card, occasion, venue, ribbon and the pickup hour as the columns the admin reads', async () => {
    const key = randomUUID();
    const answer = await place(
      checkoutFor({
        deliveryMethod: 'store',
        recipient: 'other',
        recipientName: 'Maria Wiśniewska',
        recipientPhone: '+48 601 222 333',
        occasion: 'wedding',
        venueType: 'church',
        venueName: 'Archikatedra',
        venueAddress: 'Plac Katedralny 1, Przemyśl',
        eventTime: '15:00',
        ribbonText: 'Nie na ślub',
        cardMessage: 'Wszystkiego dobrego na nowej drodze życia!',
        cardSignature: 'Ciocia Ania',
        anonymous: true,
        substitution: 'call-first',
      }),
      key,
    );
    expect(answer.status).toBe(201);
    const stored = await withDatabase(async (db) => {
      const { rows } = await db.query(
        `select recipient_kind, recipient_name, recipient_phone, occasion, venue, ribbon_text, card_message, card_signature,
           card_anonymous, substitution, delivery_date::text, delivery_window, pickup_time, fulfilment_state, services_cost::float8
         from orders where client_request_id = $1`,
        [key],
      );
      return rows[0] as Record<string, unknown>;
    });
    const order = answer.body.order as { deliveryDate: string; pickupTime: string };
    expect(stored).toEqual({
      recipient_kind: 'other',
      recipient_name: 'Maria Wiśniewska',
      recipient_phone: '+48 601 222 333',
      occasion: 'wedding',
      venue: { type: 'church', name: 'Archikatedra', address: 'Plac Katedralny 1, Przemyśl', eventTime: '15:00' },
      ribbon_text: null,
      card_message: 'Wszystkiego dobrego na nowej drodze życia!',
      card_signature: 'Ciocia Ania',
      card_anonymous: true,
      substitution: 'call-first',
      delivery_date: order.deliveryDate,
      delivery_window: null,
      pickup_time: order.pickupTime,
      fulfilment_state: 'to-do',
      services_cost: 0,
    });
  });

  it('stores no date for a courier order', async () => {
    // Couriers never carry live flowers.
    const parcel = (await someProducts(40)).find((product) => product.category !== 'live-flowers')!;
    const answer = await place(
      checkoutFor({ deliveryMethod: 'inpost', deliveryDate: '2030-01-02', pickupTime: '10:00' }),
      randomUUID(),
      parcel.id,
    );
    expect(answer.status).toBe(201);
    expect(answer.body.order).toMatchObject({ deliveryDate: null, pickupTime: null, deliveryWindow: null });
  });
});

describe('delivery-availability', () => {
  async function ask(body: unknown, headers: Record<string, string> = { apikey: testBackend().publishableKey }) {
    const response = await fetch(`${testBackend().url}/functions/v1/delivery-availability`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { response, body: (await response.json()) as Record<string, unknown> };
  }

  it('answers a guest with only the publishable key: today in Warsaw to the horizon, uncached, with the service prices', async () => {
    const before = warsawDate(Date.now());
    const { response, body } = await ask({});
    const after = warsawDate(Date.now());
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const answer = body as unknown as DeliveryAvailabilityResponse;
    expect([before, after]).toContain(answer.today);
    expect(answer.days[0]!.date).toBe(answer.today);
    expect(answer.days).toHaveLength(61);
    expect(answer.services.map((service) => service.id)).toEqual(['candle-lighting', 'photo-after-delivery']);
  });

  it('refuses a caller without any key', async () => {
    expect((await ask({}, {})).response.status).toBe(401);
  });

  it.each([
    [{ from: 'jutro' }, 'validation_failed'],
    [{ from: '2026-12-10', to: '2026-12-01' }, 'invalid_range'],
    [{ from: '2026-12-01', to: '2027-06-01' }, 'range_too_long'],
  ])('refuses a bad range %j with a 400 JSON error', async (body, code) => {
    const { response, body: answer } = await ask(body);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(answer.error).toBe(code);
  });

  it('counts the places booked: two orders leave three of five in the window, none once it is full', async () => {
    const slot = nextDeliveryWindow({ onDay: 27 });
    const freeIn = async () => {
      const { body } = await ask({ from: slot.deliveryDate, to: slot.deliveryDate });
      const [day] = (body as unknown as DeliveryAvailabilityResponse).days;
      return day!.delivery.windows.find((window) => window.id === slot.deliveryWindow)!;
    };
    await withSettings({ delivery_window_capacity: '5' }, async () => {
      expect((await freeIn()).free).toBe(5);
      expect((await place(homeTo(slot))).status).toBe(201);
      expect((await place(homeTo(slot))).status).toBe(201);
      expect(await freeIn()).toMatchObject({ free: 3, available: true });
      await withSettings({ delivery_window_capacity: '2' }, async () => {
        expect(await freeIn()).toMatchObject({ free: 0, available: false, reason: 'full' });
      });
    });
  });
});
