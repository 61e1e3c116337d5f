import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type RunningBackend } from '../../server/local-backend/backend.ts';
import { freePort } from '../../server/local-backend/process-utils.ts';
import { EMPTY_CHECKOUT_FORM } from '../../src/domain/checkout-schema.ts';
import { putOutboxEntry, readOutbox, type OutboxEntry } from '../../src/features/orders-sync/outbox.ts';
import { sendOutbox } from '../../src/features/orders-sync/outbox-sender.ts';
import { db } from '../../src/lib/db.ts';
import { turnOrderLimitsOff } from '../support/order-limits.ts';
import { nextPickupSlot } from '../support/test-backend.ts';

/**
 * The backend goes away while the device holds queued orders, and comes back
 * on the same data: nothing queued is lost, the sender backs off while it is
 * down, and once it is up every order is placed exactly once — including one
 * whose first send reached the server but whose answer never came back.
 */

const ROOT = resolve(import.meta.dirname, '..', '..');
const OWNER = { ownerEmail: 'owner@restart.test', ownerPassword: 'owner-password-123' };

let dataDir = '';
let backendPort = 0;
let backend: RunningBackend | undefined;
let productId = '';

async function start(): Promise<RunningBackend> {
  const started = await startBackend({ dataDir, backendPort, appPort: null, distDir: join(ROOT, 'dist'), ...OWNER });
  // The queued orders are one buyer's: the per-buyer limits on unpaid orders are not what this file checks.
  await turnOrderLimitsOff(started.databaseUrl);
  return started;
}

async function sql<T extends pg.QueryResultRow>(databaseUrl: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

function queued(key: string, createdAt: string): OutboxEntry {
  return {
    clientRequestId: key,
    status: 'queued',
    createdAt,
    attempts: 0,
    request: {
      clientRequestId: key,
      checkout: {
        ...EMPTY_CHECKOUT_FORM,
        firstName: 'Anna',
        lastName: 'Kowalska',
        email: 'anna.restart@example.test',
        phone: '+48 600 100 200',
        deliveryMethod: 'store',
        paymentMethod: 'transfer',
        ...nextPickupSlot(),
      },
      items: [{ productId, quantity: 1 }],
    },
    localNumber: `L-${key.slice(0, 8)}`,
    paymentMethod: 'transfer',
    deliveryMethod: 'store',
    customerEmail: 'anna.restart@example.test',
    userPlaced: false,
    estimatedTotal: 10,
    queuedOffline: true,
  };
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'kwiaciarnia-restart-'));
  backendPort = await freePort();
  backend = await start();
  const rows = await sql<{ id: string }>(
    backend.databaseUrl,
    'select id from products where active and price > 0 order by created_at limit 1',
  );
  productId = rows[0]!.id;
  await db.outbox.clear();
});

afterAll(async () => {
  await backend?.stop();
  db.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('the outbox across a backend stop and restart', () => {
  it('keeps every order queued while the backend is down, then places each exactly once', async () => {
    const config = { url: backend!.url, anonKey: backend!.anonKey };
    const keys = [randomUUID(), randomUUID(), randomUUID()];
    await Promise.all(keys.map((key, i) => putOutboxEntry(queued(key, `2026-11-21T10:00:0${i}.000Z`))));

    // One order reached the server, but the tab closed before the answer was stored: still 'sending' on the device.
    const half = randomUUID();
    await putOutboxEntry(queued(half, '2026-11-21T09:59:00.000Z'));
    expect(
      (await sendOutbox({ backend: config, accessTokenFor: async () => null, skip: (entry) => entry.clientRequestId !== half })).sent,
    ).toBe(1);
    const sentOnce = (await readOutbox()).find((entry) => entry.clientRequestId === half)!;
    await putOutboxEntry({ ...sentOnce, status: 'sending', order: undefined });

    await backend!.stop();
    const databaseUrl = backend!.databaseUrl;
    backend = undefined;

    const down = await sendOutbox({ backend: config, accessTokenFor: async () => null, now: () => Date.parse('2026-11-21T12:00:00Z') });
    expect(down).toEqual({ ran: true, sent: 0, failed: 0, slotRefused: 0, waiting: 4 });
    const waiting = await readOutbox();
    expect(waiting).toHaveLength(4);
    for (const entry of waiting) {
      expect(entry.status).toBe('queued');
      expect(entry.attempts).toBeGreaterThanOrEqual(1);
      expect(entry.nextAttemptAt).toBeGreaterThan(Date.parse('2026-11-21T12:00:00Z'));
      expect(entry.lastError).toMatch(/połączenia/);
    }

    // Backoff: a regular round before the wait is over leaves them alone.
    const early = await sendOutbox({ backend: config, accessTokenFor: async () => null, now: () => Date.parse('2026-11-21T12:00:01Z') });
    expect(early).toEqual({ ran: true, sent: 0, failed: 0, slotRefused: 0, waiting: 4 });

    backend = await start();
    expect(backend.freshDatabase).toBe(false);
    expect(backend.databaseUrl.replace(/:\d+\//, ':X/')).toBe(databaseUrl.replace(/:\d+\//, ':X/'));

    const up = await sendOutbox({ backend: config, accessTokenFor: async () => null, force: true });
    expect(up).toEqual({ ran: true, sent: 4, failed: 0, slotRefused: 0, waiting: 0 });
    const after = await readOutbox();
    expect(after.every((entry) => entry.status === 'sent' && entry.order?.orderNumber.startsWith('KT'))).toBe(true);

    const counts = await sql<{ key: string; count: string }>(
      backend.databaseUrl,
      'select client_request_id::text as key, count(*)::text as count from orders where client_request_id = any($1::uuid[]) group by 1',
      [[...keys, half]],
    );
    expect(Object.fromEntries(counts.map((row) => [row.key, Number(row.count)]))).toEqual(
      Object.fromEntries([...keys, half].map((key) => [key, 1])),
    );
    // The half-sent order kept its first number: the resend was a replay.
    expect(after.find((entry) => entry.clientRequestId === half)!.order!.orderNumber).toBe(sentOnce.order!.orderNumber);
  });
});
