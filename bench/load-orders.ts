/**
 * place-order under load, run as a second process (so the load generator does
 * not share the server's event loop). Reads its job as JSON from argv[2] and
 * prints one JSON line: latencies, statuses and the keys it sent.
 */
import { randomUUID } from 'node:crypto';
import { bookingRange, deliveryAvailability } from '../src/domain/delivery-calendar.ts';
import { DEFAULT_DELIVERY_SETTINGS } from '../src/domain/delivery-settings.ts';

interface LoadJob {
  functionsUrl: string;
  anonKey: string;
  requests: number;
  concurrency: number;
  /** Share of requests that repeat an earlier key (a retried checkout). */
  repeatShare: number;
  productIds: string[];
}

const job = JSON.parse(process.argv[2] ?? '{}') as LoadJob;

/** A store pickup is booked into a date and hour; take the first one still open an hour from now, so a long run keeps it valid. */
function pickupSlot(): { deliveryDate: string; pickupTime: string } {
  const at = Date.now() + 60 * 60_000;
  const days = deliveryAvailability({
    settings: DEFAULT_DELIVERY_SETTINGS,
    now: at,
    ...bookingRange(DEFAULT_DELIVERY_SETTINGS, at),
    booked: [],
  });
  for (const day of days) {
    const time = day.pickup.times.find((candidate) => candidate.available);
    if (time) return { deliveryDate: day.date, pickupTime: time.time };
  }
  throw new Error('no pickup slot in the booking horizon');
}
const pickup = pickupSlot();

function body(key: string, index: number) {
  return {
    clientRequestId: key,
    checkout: {
      firstName: 'Obciążenie',
      lastName: 'Testowe',
      email: `load-${index % 500}@example.test`,
      phone: '+48 600 100 200',
      street: 'Mickiewicza',
      houseNumber: '3',
      city: 'Przemyśl',
      postalCode: '37-700',
      deliveryMethod: 'store',
      ...pickup,
      paymentMethod: 'transfer',
    },
    items: [{ productId: job.productIds[index % job.productIds.length], quantity: 1 + (index % 3) }],
  };
}

const keys: string[] = [];
const plan: Array<{ key: string; index: number }> = [];
for (let index = 0; index < job.requests; index += 1) {
  const repeat = keys.length > 0 && index % Math.round(1 / job.repeatShare) === 0;
  const key = repeat ? keys[(index * 7919) % keys.length]! : randomUUID();
  if (!repeat) keys.push(key);
  // A repeated key must repeat the same order content, as a real retry does.
  const original = repeat ? plan.find((entry) => entry.key === key)!.index : index;
  plan.push({ key, index: original });
}

const latencies: number[] = [];
const statuses: Record<string, number> = {};
let next = 0;

async function worker() {
  while (next < plan.length) {
    const { key, index } = plan[next++]!;
    const started = performance.now();
    let status = 'network-error';
    try {
      const response = await fetch(`${job.functionsUrl}/place-order`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', apikey: job.anonKey, Authorization: `Bearer ${job.anonKey}` },
        body: JSON.stringify(body(key, index)),
      });
      await response.arrayBuffer();
      status = String(response.status);
    } catch {
      // counted as network-error
    }
    latencies.push(performance.now() - started);
    statuses[status] = (statuses[status] ?? 0) + 1;
  }
}

const started = performance.now();
await Promise.all(Array.from({ length: job.concurrency }, worker));
const elapsedMs = performance.now() - started;
process.stdout.write(`${JSON.stringify({ elapsedMs, latencies, statuses, distinctKeys: keys })}\n`);
