import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type RunningBackend } from '../../server/local-backend/backend.ts';
import { freePort } from '../../server/local-backend/process-utils.ts';
import { mailTo, waitForMailTo } from '../support/maildev.ts';
import { checkoutFor } from '../support/test-backend.ts';

/**
 * Mail never costs an order: on a backend of this file's own (its MailDev
 * can be stopped; no dispatch timer, so the test decides when mail goes
 * out), orders placed while the mail server is down succeed as fast as with
 * it up, their mails wait as pending jobs, and once the server is back each
 * waiting mail arrives exactly once, however many dispatch runs there are.
 */

const ROOT = resolve(import.meta.dirname, '..', '..');
const ORDERS_PER_PHASE = 5;

let dataDir = '';
let backend: RunningBackend | undefined;
let db: pg.Client | undefined;
let productId = '';

async function sql<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await db!.query<T>(text, values)).rows;
}

/** Places a store-pickup order by transfer for the address; answers its id and the milliseconds place-order took. */
async function timedOrder(email: string): Promise<{ id: string; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${backend!.url}/functions/v1/place-order`, {
    method: 'POST',
    headers: { apikey: backend!.anonKey, Authorization: `Bearer ${backend!.anonKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ clientRequestId: randomUUID(), checkout: checkoutFor({ email }), items: [{ productId, quantity: 1 }] }),
  });
  const body = (await response.json()) as { order?: { id: string } };
  const ms = performance.now() - started;
  expect(response.status, JSON.stringify(body)).toBe(201);
  return { id: body.order!.id, ms };
}

async function dispatch(): Promise<{ claimed: number; sent: number; failed: number }> {
  const response = await fetch(`${backend!.url}/functions/v1/mail-dispatch`, {
    method: 'POST',
    headers: { apikey: backend!.secretKey, 'Content-Type': 'application/json' },
    body: '{}',
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { claimed: number; sent: number; failed: number };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'kwiaciarnia-mail-'));
  const env: Record<string, string | undefined> = { ...process.env, PLACE_ORDER_RATE_LIMIT: '0', AUTH_RATE_LIMIT: '0' };
  // Whatever the shell says, this backend's functions mail its own MailDev.
  delete env.SMTP_URL;
  delete env.RESEND_API_KEY;
  backend = await startBackend({
    dataDir,
    backendPort: await freePort(),
    appPort: null,
    distDir: join(ROOT, 'dist'),
    ownerEmail: 'owner@mail.test',
    ownerPassword: 'owner-password-123',
    env,
    mailDispatchIntervalMs: 0,
  });
  db = new pg.Client({ connectionString: backend.databaseUrl });
  await db.connect();
  const rows = await sql<{ id: string }>(
    "select id from products where active and price > 0 and category <> 'live-flowers' and made_to_order order by created_at limit 1",
  );
  productId = rows[0]!.id;
});

afterAll(async () => {
  await db?.end();
  await backend?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('a mail server outage', () => {
  it('never fails or slows an order; the mails wait and arrive once each when the server is back', async () => {
    const mailUrl = backend!.mail.url;

    // Mail server up: the baseline, and the mails go out at once (place-order kicks the dispatcher).
    const upEmails = Array.from({ length: ORDERS_PER_PHASE }, (_, index) => `up-${index}-${randomUUID().slice(0, 6)}@example.test`);
    const up: number[] = [];
    for (const email of upEmails) up.push((await timedOrder(email)).ms);
    for (const email of upEmails) expect(await waitForMailTo(mailUrl, email, 1)).toHaveLength(1);

    // Mail server down.
    await backend!.mail.stop();
    const downEmails = Array.from({ length: ORDERS_PER_PHASE }, (_, index) => `down-${index}-${randomUUID().slice(0, 6)}@example.test`);
    const down: number[] = [];
    const downOrders: string[] = [];
    for (const email of downEmails) {
      const order = await timedOrder(email);
      down.push(order.ms);
      downOrders.push(order.id);
    }
    // A status change while the server is down is just as quick and queues its mail.
    const statusStarted = performance.now();
    await sql("update orders set status = 'processing' where id = $1", [downOrders[0]]);
    const statusMs = performance.now() - statusStarted;

    // The kicked runs and one more all fail to connect: every job waits (tried, its error kept), none is lost or marked sent.
    await dispatch();
    await expect
      .poll(
        async () =>
          (
            await sql<{ n: number }>(
              "select count(*)::int as n from mail_jobs where order_id = any($1) and state = 'pending' and attempts >= 1 and last_error is not null",
              [downOrders],
            )
          )[0]!.n,
        { timeout: 15_000 },
      )
      .toBe(ORDERS_PER_PHASE * 2 + 1);
    const waiting = await sql<{ kind: string; state: string; last_error: string | null; attempts: number }>(
      'select kind, state, last_error, attempts from mail_jobs where order_id = any($1)',
      [downOrders],
    );
    expect(waiting).toHaveLength(ORDERS_PER_PHASE * 2 + 1);
    expect(waiting.every((job) => job.state === 'pending')).toBe(true);
    expect(waiting.every((job) => /ECONNREFUSED/.test(job.last_error ?? ''))).toBe(true);

    console.info(
      `[mail-outage] place-order median ${median(up).toFixed(0)} ms with MailDev up (${up.map((ms) => ms.toFixed(0)).join(', ')}), ` +
        `${median(down).toFixed(0)} ms with it down (${down.map((ms) => ms.toFixed(0)).join(', ')}); status change while down ${statusMs.toFixed(0)} ms`,
    );
    // Down is not slower than up beyond noise: no order waits on a connection attempt.
    expect(median(down)).toBeLessThan(median(up) + 250);
    expect(Math.max(...down)).toBeLessThan(2_000);

    // Back up; once the backoff has passed (made due here instead of waited for), several runs send each mail once.
    await backend!.mail.start();
    await sql("update mail_jobs set next_attempt_at = now() where state = 'pending'");
    await Promise.all([dispatch(), dispatch()]);
    await dispatch();

    for (const [index, email] of downEmails.entries()) {
      const expected = index === 0 ? 2 : 1;
      const mails = await waitForMailTo(mailUrl, email, expected);
      expect(mails.map((mail) => mail.subject.replace(/KT\d+/, 'KT…')).sort(), email).toEqual(
        index === 0
          ? ['Potwierdzenie zamówienia KT… – Kwiaciarnia Pod Różą', 'Zamówienie KT… jest w realizacji']
          : ['Potwierdzenie zamówienia KT… – Kwiaciarnia Pod Różą'],
      );
    }
    await dispatch();
    for (const email of downEmails) expect((await mailTo(mailUrl, email)).length).toBeLessThanOrEqual(2);
    const states = await sql<{ state: string; n: number }>(
      'select state, count(*)::int as n from mail_jobs where order_id = any($1) group by state',
      [downOrders],
    );
    expect(states).toEqual([{ state: 'sent', n: ORDERS_PER_PHASE * 2 + 1 }]);
  }, 120_000);
});
