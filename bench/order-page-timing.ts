import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { bookingRange, deliveryAvailability } from '../src/domain/delivery-calendar.ts';
import { DEFAULT_DELIVERY_SETTINGS } from '../src/domain/delivery-settings.ts';
import { log, type BenchContext } from './context.ts';
import { results } from './report.ts';

/**
 * order-page: how long a known order number with a wrong link token takes
 * against an unknown number, over many alternating requests from one client.
 * Reported, not a budget: the handler makes both paths do the same work by
 * construction (tests/unit/order-page-handler.test.ts); this shows what is
 * left over the network, the gateway and the database.
 */

interface OrderPageTiming {
  requestsEach: number;
  knownMedianMs: number;
  unknownMedianMs: number;
  knownP90Ms: number;
  unknownP90Ms: number;
  /** known − unknown, medians. */
  medianDifferenceMs: number;
}

interface Backend {
  url: string;
  anonKey: string;
  databaseUrl: string;
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/** An order to look up: the first pickup hour still open, one product. */
async function placeOne(backend: Backend): Promise<string> {
  const db = new pg.Client({ connectionString: backend.databaseUrl });
  await db.connect();
  try {
    const product = await db.query<{ id: string }>(
      "select id from public.products where active and price > 0 and category <> 'live-flowers' and (made_to_order or stock > 0) limit 1",
    );
    const at = Date.now() + 60 * 60_000;
    const days = deliveryAvailability({
      settings: DEFAULT_DELIVERY_SETTINGS,
      now: at,
      ...bookingRange(DEFAULT_DELIVERY_SETTINGS, at),
      booked: [],
    });
    const day = days.find((candidate) => candidate.pickup.times.some((time) => time.available));
    if (!day) throw new Error('no pickup slot in the booking horizon');
    const pickupTime = day.pickup.times.find((time) => time.available)!.time;
    const response = await fetch(`${backend.url}/functions/v1/place-order`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, Authorization: `Bearer ${backend.anonKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        clientRequestId: randomUUID(),
        checkout: {
          firstName: 'Pomiar',
          lastName: 'Czasu',
          email: 'pomiar@example.test',
          phone: '+48 600 100 200',
          street: 'Mickiewicza',
          houseNumber: '3',
          city: 'Przemyśl',
          postalCode: '37-700',
          deliveryMethod: 'store',
          deliveryDate: day.date,
          pickupTime,
          paymentMethod: 'payu',
        },
        items: [{ productId: product.rows[0]!.id, quantity: 1 }],
      }),
    });
    const answer = (await response.json()) as { order?: { orderNumber: string } };
    if (!answer.order) throw new Error(`place-order answered ${response.status}: ${JSON.stringify(answer)}`);
    return answer.order.orderNumber;
  } finally {
    await db.end();
  }
}

async function measureOrderPageTiming(backend: Backend, requestsEach: number): Promise<OrderPageTiming> {
  const known = await placeOne(backend);
  const unknown = `KT${'9'.repeat(known.length - 2)}`;
  const ask = async (number: string) => {
    const started = performance.now();
    const response = await fetch(`${backend.url}/functions/v1/order-page`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, Authorization: `Bearer ${backend.anonKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ number, token: randomUUID().replace(/-/g, '').padEnd(43, 'A') }),
    });
    await response.text();
    if (response.status !== 404) throw new Error(`order-page answered ${response.status}, expected 404`);
    return performance.now() - started;
  };
  for (let i = 0; i < 20; i += 1) await ask(i % 2 === 0 ? known : unknown);
  const times = { known: [] as number[], unknown: [] as number[] };
  // Alternating, so drift over the run (a warming cache, another process) lands on both alike.
  for (let i = 0; i < requestsEach; i += 1) {
    const first = i % 2 === 0 ? 'known' : 'unknown';
    const second = first === 'known' ? 'unknown' : 'known';
    times[first].push(await ask(first === 'known' ? known : unknown));
    times[second].push(await ask(second === 'known' ? known : unknown));
  }
  const knownMedianMs = quantile(times.known, 0.5);
  const unknownMedianMs = quantile(times.unknown, 0.5);
  return {
    requestsEach,
    knownMedianMs,
    unknownMedianMs,
    knownP90Ms: quantile(times.known, 0.9),
    unknownP90Ms: quantile(times.unknown, 0.9),
    medianDifferenceMs: knownMedianMs - unknownMedianMs,
  };
}

export async function orderPageSection({ backend, out }: BenchContext) {
  log('order-page: a known number against an unknown one');
  const timing = await measureOrderPageTiming(backend, Number(process.env.BENCH_ORDER_PAGE_REQUESTS ?? 300));
  results.orderPage = timing;
  const ms = (value: number) => value.toFixed(2);
  out.push(
    `order-page, wrong token, ${timing.requestsEach} requests each (reported, not a budget): known number median ${ms(timing.knownMedianMs)} ms (p90 ${ms(timing.knownP90Ms)}), unknown number median ${ms(timing.unknownMedianMs)} ms (p90 ${ms(timing.unknownP90Ms)}); difference of medians ${ms(timing.medianDifferenceMs)} ms`,
    '',
  );
}
