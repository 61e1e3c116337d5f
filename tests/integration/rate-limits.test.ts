import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PLACE_ORDER_RATE_LIMITED_MESSAGE } from '../../functions/place-order/handler.ts';
import { CONTACT_RATE_LIMITED_MESSAGE } from '../../functions/send-contact-email/handler.ts';
import { ORDER_PAGE_RATE_LIMITED_MESSAGE } from '../../functions/order-page/handler.ts';
import { startBackend, type RunningBackend } from '../../server/local-backend/backend.ts';
import { EMPTY_CHECKOUT_FORM } from '../../src/domain/checkout-schema.ts';
import { freePort } from '../../server/local-backend/process-utils.ts';
import { authErrorMessage } from '../../src/features/auth/auth-messages.ts';
import type { PlaceOrderPayload } from '../../src/domain/place-order-contract.ts';
import { placeOrder } from '../../src/features/orders-sync/place-order-client.ts';
import { turnOrderLimitsOff } from '../support/order-limits.ts';
import { checkoutFor } from '../support/test-backend.ts';

/**
 * The per-address rate limits with their production defaults, on a backend of
 * this file's own (the shared test backend turns them off, since every suite
 * calls from 127.0.0.1): place-order 20 per minute, sign-ups and password
 * logins 30 per 5 minutes together, the contact form 5 per 10 minutes per
 * address and per email, the order page 60 per minute per address. Counted in Postgres (private.rate_limit_hits).
 */

const ROOT = resolve(import.meta.dirname, '..', '..');
const LIMIT_VARIABLES = ['PLACE_ORDER_RATE_LIMIT', 'AUTH_RATE_LIMIT', 'CONTACT_RATE_LIMIT', 'ORDER_PAGE_RATE_LIMIT'];

let dataDir = '';
let backend: RunningBackend | undefined;
let db: pg.Client | undefined;
let productId = '';

function anon(): SupabaseClient {
  return createClient(backend!.url, backend!.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

async function sql<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await db!.query<T>(text, values)).rows;
}

const headers = () => ({ apikey: backend!.anonKey, Authorization: `Bearer ${backend!.anonKey}`, 'Content-Type': 'application/json' });

function order() {
  return { clientRequestId: randomUUID(), checkout: checkoutFor({ deliveryMethod: 'store' }), items: [{ productId, quantity: 1 }] };
}

async function json(response: Response): Promise<{ status: number; retryAfter: string | null; body: Record<string, unknown> }> {
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as Record<string, unknown>,
  };
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'kwiaciarnia-limits-'));
  // The defaults, whatever the shell running the tests has set.
  const env: Record<string, string | undefined> = { ...process.env };
  for (const name of LIMIT_VARIABLES) delete env[name];
  backend = await startBackend({
    dataDir,
    backendPort: await freePort(),
    appPort: null,
    distDir: join(ROOT, 'dist'),
    ownerEmail: 'owner@limits.test',
    ownerPassword: 'owner-password-123',
    env,
  });
  // This file checks the per-address limits alone: 40 orders from one buyer would meet the per-buyer ones first.
  await turnOrderLimitsOff(backend.databaseUrl);
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

// Every test starts with clean counters (all its requests come from 127.0.0.1).
beforeEach(async () => {
  await sql('delete from private.rate_limit_hits');
});

describe('place-order: 20 per minute per address', () => {
  it('takes at most 20 of 40 orders sent from one address within a second; the rest get 429 in Polish with Retry-After', async () => {
    const started = Date.now();
    const answers: Awaited<ReturnType<typeof json>>[] = [];
    const keys: string[] = [];
    // Four bursts of 10 over about a second, the shape of the audit's flood.
    for (let burst = 0; burst < 4; burst += 1) {
      const sent = Array.from({ length: 10 }, () => {
        const body = order();
        keys.push(body.clientRequestId);
        return fetch(`${backend!.url}/functions/v1/place-order`, { method: 'POST', headers: headers(), body: JSON.stringify(body) }).then(
          json,
        );
      });
      answers.push(...(await Promise.all(sent)));
      await new Promise((wait) => setTimeout(wait, 250));
    }
    expect(Date.now() - started).toBeLessThan(20_000);

    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(20);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(20);
    for (const answer of refused) {
      expect(answer.body).toEqual({ error: 'rate_limited', message: PLACE_ORDER_RATE_LIMITED_MESSAGE });
      expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(answer.retryAfter)).toBeLessThanOrEqual(60);
    }
    // Refused orders were not written.
    const stored = await sql<{ count: string }>('select count(*) from orders where client_request_id = any($1::uuid[])', [keys]);
    expect(Number(stored[0]!.count)).toBe(20);

    // The checkout shows the server's Polish reason (the outbox may retry later: 429 is not a refusal of the order itself).
    const { firstName, lastName, email, phone } = checkoutFor();
    const payload: PlaceOrderPayload = {
      ...order(),
      checkout: { ...EMPTY_CHECKOUT_FORM, firstName, lastName, email, phone, deliveryMethod: 'store', paymentMethod: 'transfer' },
    };
    const outcome = await placeOrder({ url: backend!.url, anonKey: backend!.anonKey }, payload, null);
    expect(outcome).toEqual({
      kind: 'uncertain',
      message: PLACE_ORDER_RATE_LIMITED_MESSAGE,
      unreachable: false,
    });
  });
});

describe('sign-up and password login: 30 per 5 minutes per address, together', () => {
  it('refuses the 31st sign-up in 5 minutes through supabase-js with 429 over_request_rate_limit', async () => {
    const tag = randomUUID().slice(0, 8);
    for (let i = 0; i < 30; i += 1) {
      const { error } = await anon().auth.signUp({ email: `limit-${tag}-${i}@example.test`, password: 'haslo-123456' });
      expect(error, `sign-up ${i + 1}`).toBeNull();
    }
    const { data, error } = await anon().auth.signUp({ email: `limit-${tag}-30@example.test`, password: 'haslo-123456' });
    expect(data.user).toBeNull();
    expect(error?.status).toBe(429);
    expect(error?.code).toBe('over_request_rate_limit');
    expect(authErrorMessage(error, 'register')).toBe('Zbyt wiele prób rejestracji. Spróbuj ponownie za kilka minut.');
    const users = await sql<{ count: string }>('select count(*) from auth.users where email like $1', [`limit-${tag}-%`]);
    expect(Number(users[0]!.count)).toBe(30);
  });

  it('refuses password logins from one address after 30, whatever emails they try, with Retry-After', async () => {
    const login = (email: string, password: string) =>
      fetch(`${backend!.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { ...headers(), 'X-Supabase-Api-Version': '2024-01-01' },
        body: JSON.stringify({ email, password }),
      }).then(json);
    const tag = randomUUID().slice(0, 8);
    const statuses: number[] = [];
    // A password spray: one guess per account, so the per-email limit never triggers.
    for (let i = 0; i < 30; i += 1) statuses.push((await login(`ofiara-${tag}-${i}@example.test`, 'haslo123')).status);
    expect(statuses).toEqual(Array.from({ length: 30 }, () => 400));

    const sprayed = await login(`ofiara-${tag}-30@example.test`, 'haslo123');
    expect(sprayed.status).toBe(429);
    // GoTrue's 2024-01-01 error shape, which the request asked for.
    expect(sprayed.body).toEqual({ code: 'over_request_rate_limit', message: 'Request rate limit reached' });
    expect(Number(sprayed.retryAfter)).toBeGreaterThan(200);
    // Even the right password waits: the address is limited, not the account.
    expect((await login('owner@limits.test', 'owner-password-123')).status).toBe(429);
    const { error } = await anon().auth.signInWithPassword({ email: 'owner@limits.test', password: 'owner-password-123' });
    expect(error?.status).toBe(429);
    expect(authErrorMessage(error, 'login')).toBe('Zbyt wiele prób logowania. Spróbuj ponownie za kilka minut.');
  });

  it('keeps the per-email limit on failed logins (5 per 15 minutes), now in Postgres, and forgets it on success', async () => {
    const email = `konto-${randomUUID().slice(0, 8)}@example.test`;
    expect((await anon().auth.signUp({ email, password: 'haslo-123456' })).error).toBeNull();
    const tries = [];
    for (let i = 0; i < 3; i += 1) tries.push((await anon().auth.signInWithPassword({ email, password: `zle-${i}` })).error?.status);
    expect(tries).toEqual([400, 400, 400]);
    expect((await anon().auth.signInWithPassword({ email, password: 'haslo-123456' })).error).toBeNull();
    const failures = await sql<{ count: string }>("select count(*) from private.rate_limit_hits where key like 'auth-login-failures:%'");
    expect(Number(failures[0]!.count)).toBe(0);
    for (let i = 0; i < 5; i += 1) await anon().auth.signInWithPassword({ email, password: `zle-${i}` });
    expect((await anon().auth.signInWithPassword({ email, password: 'haslo-123456' })).error?.code).toBe('over_request_rate_limit');
  });
});

describe('contact form: 5 per 10 minutes per address and per email', () => {
  it('a forged X-Forwarded-For does not bypass the limit: the 6th message from the same connection gets 429', async () => {
    const tag = randomUUID().slice(0, 8);
    const answers = [];
    for (let i = 0; i < 8; i += 1) {
      const response = await fetch(`${backend!.url}/functions/v1/send-contact-email`, {
        method: 'POST',
        // A different forged address and a different email every time.
        headers: { ...headers(), 'X-Forwarded-For': `203.0.113.${i + 1}, 10.0.0.${i + 1}` },
        body: JSON.stringify({
          name: 'Spamer',
          email: `flood-${tag}-${i}@example.test`,
          phone: '',
          subject: 'other',
          message: `Wiadomość ${i}`,
        }),
      });
      answers.push(await json(response));
    }
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    expect(answers[5]!.body).toEqual({ error: 'rate_limited', message: CONTACT_RATE_LIMITED_MESSAGE });
    expect(Number(answers[5]!.retryAfter)).toBeGreaterThan(500);
    const stored = await sql<{ count: string }>('select count(*) from contact_messages where email like $1', [`flood-${tag}-%`]);
    expect(Number(stored[0]!.count)).toBe(5);
  });
});

describe('order-page: 60 per minute per address', () => {
  it('answers at most 60 of 90 look-ups from one address, whatever numbers they try; the rest get 429 in Polish', async () => {
    const answers: Awaited<ReturnType<typeof json>>[] = [];
    for (let burst = 0; burst < 3; burst += 1) {
      const sent = Array.from({ length: 30 }, (_, i) =>
        fetch(`${backend!.url}/functions/v1/order-page`, {
          method: 'POST',
          headers: { ...headers(), 'X-Forwarded-For': `198.51.100.${i + 1}` },
          body: JSON.stringify({ number: `KT${String(burst * 100 + i).padStart(10, '0')}`, token: 'A'.repeat(43) }),
        }).then(json),
      );
      answers.push(...(await Promise.all(sent)));
    }
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 404)).toHaveLength(60);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(30);
    for (const answer of refused) {
      expect(answer.body).toEqual({ error: 'rate_limited', message: ORDER_PAGE_RATE_LIMITED_MESSAGE });
      expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(answer.retryAfter)).toBeLessThanOrEqual(60);
    }
  });
});

describe('the rate-limit store', () => {
  const hit = async (key: string, limit: number, windowSeconds: number) =>
    (
      await sql<{ result: { allowed: boolean; retry_after: number } }>('select public.rate_limit_hit($1, $2, $3) as result', [
        [key],
        limit,
        windowSeconds,
      ])
    )[0]!.result;
  /** Moves a key's hits into the past, as if that much time had gone by. */
  const age = (key: string, seconds: number) =>
    sql(
      `update private.rate_limit_hits set hit_at = hit_at - make_interval(secs => $2), expires_at = expires_at - make_interval(secs => $2) where key = $1`,
      [key, seconds],
    );

  it('is a sliding log: hits spread across any boundary still count, refused hits are not counted, reset forgets', async () => {
    const key = `probe:${randomUUID()}`;
    for (let i = 0; i < 15; i += 1) expect((await hit(key, 30, 300)).allowed).toBe(true);
    await age(key, 290);
    for (let i = 0; i < 15; i += 1) expect((await hit(key, 30, 300)).allowed).toBe(true);
    // 31 in 5 minutes, never: the first 15 leave the window in about 10 s.
    const refused = await hit(key, 30, 300);
    expect(refused.allowed).toBe(false);
    expect(refused.retry_after).toBeGreaterThanOrEqual(9);
    expect(refused.retry_after).toBeLessThanOrEqual(11);
    for (let i = 0; i < 5; i += 1) expect((await hit(key, 30, 300)).allowed).toBe(false);
    expect(Number((await sql<{ count: string }>('select count(*) from private.rate_limit_hits where key = $1', [key]))[0]!.count)).toBe(30);
    await age(key, 11);
    expect((await hit(key, 30, 300)).allowed).toBe(true);
    await sql('select public.rate_limit_reset($1)', [key]);
    expect(Number((await sql<{ count: string }>('select count(*) from private.rate_limit_hits where key = $1', [key]))[0]!.count)).toBe(0);
  });

  it('counts a burst of parallel hits exactly (per-key lock), and sweeps expired rows of other keys', async () => {
    const stale = `probe:${randomUUID()}`;
    await hit(stale, 5, 60);
    await age(stale, 120);
    const key = `probe:${randomUUID()}`;
    const pool = new pg.Pool({ connectionString: backend!.databaseUrl, max: 10 });
    try {
      const results = await Promise.all(
        Array.from({ length: 50 }, () =>
          pool
            .query<{ result: { allowed: boolean } }>('select public.rate_limit_hit($1, 20, 60) as result', [[key]])
            .then((r) => r.rows[0]!.result.allowed),
        ),
      );
      expect(results.filter(Boolean)).toHaveLength(20);
    } finally {
      await pool.end();
    }
    expect(await sql('select 1 from private.rate_limit_hits where key = $1', [stale])).toEqual([]);
  });

  it('is closed to the API roles: no call, no table', async () => {
    const customer = anon();
    expect(
      (await customer.auth.signUp({ email: `rola-${randomUUID().slice(0, 8)}@example.test`, password: 'haslo-123456' })).error,
    ).toBeNull();
    for (const client of [anon(), customer]) {
      const call = await client.rpc('rate_limit_hit', { p_keys: ['place-order:ip:1.2.3.4'], p_limit: 1000, p_window_seconds: 1 });
      expect(call.error?.code).toBe('42501');
      const reset = await client.rpc('rate_limit_reset', { p_key: 'auth:ip:127.0.0.1' });
      expect(reset.error?.code).toBe('42501');
      // The schema is not exposed by the API at all.
      const table = await client.schema('private').from('rate_limit_hits').select('key');
      expect(table.error?.code).toBe('PGRST106');
    }
  });
});
