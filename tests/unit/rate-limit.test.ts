import { describe, expect, it } from 'vitest';
import { DEFAULT_FUNCTION_RATE_LIMITS, readFunctionRateLimits } from '../../functions/_shared/env.ts';
import { clientAddress, rateLimitedResponse } from '../../functions/_shared/rate-limit.ts';
import {
  createPostgresRateLimiter,
  readLimit,
  type RateDecision,
  type RateLimiter,
  type RateLimitSql,
} from '../../src/domain/rate-limit.ts';
import { PLACE_ORDER_RATE_LIMITED_MESSAGE, createPlaceOrderHandler, type PlaceOrderDeps } from '../../functions/place-order/handler.ts';
import {
  CONTACT_RATE_LIMITED_MESSAGE,
  CONTACT_RATE_WINDOW_SECONDS,
  createSendContactEmailHandler,
  type ContactMessageRecord,
} from '../../functions/send-contact-email/handler.ts';
import { GUEST_HEADERS, fakeAuthenticate } from './caller-fixtures.ts';

/**
 * The limiter's TypeScript side and the handlers' use of it. The counting
 * itself happens in SQL (public.rate_limit_hit); tests/integration/rate-limits.test.ts
 * checks it against the real database.
 */

function recordingSql(answer: unknown = { allowed: true, retry_after: 0 }) {
  const calls: { fn: string; args: Record<string, unknown> }[] = [];
  const sql: RateLimitSql = async (fn, args) => {
    calls.push({ fn, args });
    return answer;
  };
  return { sql, calls };
}

/** The SQL function's rules in memory (sliding log, all keys or none), as a fake for handler tests. */
function fakeLimiter(limit: number, windowSeconds: number) {
  let now = 1_000_000;
  const hits = new Map<string, number[]>();
  const calls: string[][] = [];
  const limiter: RateLimiter = {
    async hit(keys): Promise<RateDecision> {
      calls.push([...keys]);
      let retry = 0;
      for (const key of keys) {
        const recent = (hits.get(key) ?? []).filter((at) => at > now - windowSeconds * 1000);
        hits.set(key, recent);
        if (recent.length >= limit)
          retry = Math.max(retry, Math.ceil((recent[recent.length - limit]! + windowSeconds * 1000 - now) / 1000));
      }
      if (retry > 0) return { allowed: false, retryAfterSeconds: retry };
      for (const key of keys) hits.get(key)!.push(now);
      return { allowed: true, retryAfterSeconds: 0 };
    },
    async reset(key) {
      hits.delete(key);
    },
  };
  return { limiter, calls, advance: (ms: number) => (now += ms) };
}

describe('Postgres rate limiter (TypeScript side)', () => {
  it('prefixes every key with the rule, sends the limit and window, and reads the decision', async () => {
    const { sql, calls } = recordingSql({ allowed: false, retry_after: 42 });
    const limiter = createPostgresRateLimiter(sql, { name: 'contact', limit: 5, windowSeconds: 600 });
    expect(await limiter.hit(['ip:203.0.113.7', 'email:a@b.pl'])).toEqual({ allowed: false, retryAfterSeconds: 42 });
    await limiter.reset('ip:203.0.113.7');
    expect(calls).toEqual([
      { fn: 'rate_limit_hit', args: { p_keys: ['contact:ip:203.0.113.7', 'contact:email:a@b.pl'], p_limit: 5, p_window_seconds: 600 } },
      { fn: 'rate_limit_reset', args: { p_key: 'contact:ip:203.0.113.7' } },
    ]);
  });

  it('fails loudly on an answer it does not understand, rather than letting the request through', async () => {
    const { sql } = recordingSql(null);
    await expect(createPostgresRateLimiter(sql, { name: 'x', limit: 1, windowSeconds: 1 }).hit(['k'])).rejects.toThrow(/unexpected/);
  });

  it('answers a limited request with 429, the Polish message and Retry-After', async () => {
    const response = rateLimitedResponse('Za dużo.', { allowed: false, retryAfterSeconds: 17 });
    expect(response.status).toBe(429);
    expect(response.headers.get('Retry-After')).toBe('17');
    expect(await response.json()).toEqual({ error: 'rate_limited', message: 'Za dużo.' });
  });

  it('reads the caller address from the first X-Forwarded-For entry', () => {
    const request = (value?: string) => new Request('http://x.test', value ? { headers: { 'x-forwarded-for': value } } : {});
    expect(clientAddress(request('203.0.113.7, 10.0.0.1'))).toBe('203.0.113.7');
    expect(clientAddress(request())).toBe('unknown');
  });
});

describe('rate limit variables', () => {
  const from = (values: Record<string, string>) => (name: string) => values[name];

  it('defaults when unset or blank, 0 turns a limit off, and a malformed value stops the start', () => {
    expect(readFunctionRateLimits(from({}))).toEqual({ placeOrder: 20, contact: 5, orderPage: 60 });
    expect(DEFAULT_FUNCTION_RATE_LIMITS).toEqual({ placeOrder: 20, contact: 5, orderPage: 60 });
    expect(readFunctionRateLimits(from({ PLACE_ORDER_RATE_LIMIT: '0', CONTACT_RATE_LIMIT: ' 50 ', ORDER_PAGE_RATE_LIMIT: '0' }))).toEqual({
      placeOrder: 0,
      contact: 50,
      orderPage: 0,
    });
    expect(readLimit(from({ AUTH_RATE_LIMIT: '' }), 'AUTH_RATE_LIMIT', 30)).toBe(30);
    for (const bad of ['-1', '2.5', 'off', '1e3']) {
      expect(() => readLimit(from({ AUTH_RATE_LIMIT: bad }), 'AUTH_RATE_LIMIT', 30)).toThrow(/AUTH_RATE_LIMIT must be a whole number/);
    }
  });
});

describe('place-order flood limit', () => {
  const untouched = () => {
    throw new Error('no work may happen for a refused request');
  };
  function deps(decision: RateDecision, addresses: string[]): PlaceOrderDeps {
    return {
      authenticate: fakeAuthenticate(),
      loadProducts: untouched,
      loadSetting: untouched,
      loadDeliverySettings: untouched,
      loadBookedCounts: untouched,
      replayOf: untouched,
      accessKeySecret: 'test-secret',
      writeOrder: untouched,
      loadOrderLimits: untouched,
      countOpenUnpaid: untouched,
      now: () => 0,
      random: () => 0,
      countRequest: async (address) => {
        addresses.push(address);
        return decision;
      },
    };
  }
  const post = (body: string) =>
    new Request('http://functions.test/place-order', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.4', ...GUEST_HEADERS },
      body,
    });

  it('refuses a request over the limit with 429 before reading it or touching the database', async () => {
    const addresses: string[] = [];
    const handler = createPlaceOrderHandler(deps({ allowed: false, retryAfterSeconds: 37 }, addresses));
    const response = await handler(post('{"not":"even an order"}'));
    expect(response.status).toBe(429);
    expect(response.headers.get('Retry-After')).toBe('37');
    expect(await response.json()).toEqual({ error: 'rate_limited', message: PLACE_ORDER_RATE_LIMITED_MESSAGE });
    expect(addresses).toEqual(['198.51.100.4']);
  });

  it('goes on as usual within the limit', async () => {
    const handler = createPlaceOrderHandler(deps({ allowed: true, retryAfterSeconds: 0 }, []));
    expect((await handler(post('{"not":"even an order"}'))).status).toBe(400);
  });
});

describe('send-contact-email flood limit', () => {
  const message = (email: string) => ({ name: 'Jan Nowak', email, phone: '', subject: 'info', message: 'Czy macie róże?' });
  const post = (body: unknown, address = '203.0.113.1') =>
    new Request('http://functions.test/send-contact-email', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address, ...GUEST_HEADERS },
      body: JSON.stringify(body),
    });

  function setup() {
    const fake = fakeLimiter(5, CONTACT_RATE_WINDOW_SECONDS);
    const stored: ContactMessageRecord[] = [];
    const handler = createSendContactEmailHandler({
      authenticate: fakeAuthenticate(),
      storeMessage: async (record) => {
        stored.push(record);
      },
      rateLimiter: fake.limiter,
    });
    return { handler, stored, ...fake };
  }

  it('stores 5 messages from one address in 10 minutes, then answers 429 in Polish and stores nothing more', async () => {
    const { handler, stored, advance } = setup();
    for (let i = 0; i < 5; i += 1) expect((await handler(post(message(`osoba${i}@example.pl`)))).status).toBe(200);
    const refused = await handler(post(message('inna@example.pl')));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toBe('600');
    expect(await refused.json()).toEqual({ error: 'rate_limited', message: CONTACT_RATE_LIMITED_MESSAGE });
    expect(stored).toHaveLength(5);
    // Another address is not affected; the first one may write again after the window.
    expect((await handler(post(message('sasiad@example.pl'), '203.0.113.2'))).status).toBe(200);
    advance(10 * 60_000 + 1);
    expect((await handler(post(message('inna@example.pl')))).status).toBe(200);
  });

  it('counts the address and the email (lower-cased) in one call, so one limited key counts neither', async () => {
    const { handler, stored, calls } = setup();
    for (let i = 0; i < 5; i += 1) expect((await handler(post(message('ofiara@example.pl'), `198.51.100.${i}`))).status).toBe(200);
    expect((await handler(post(message('OFIARA@example.pl'), '198.51.100.99'))).status).toBe(429);
    expect(calls.at(-1)).toEqual(['ip:198.51.100.99', 'email:ofiara@example.pl']);
    // 198.51.100.99 was not counted by the refused message: it may still send five of its own.
    for (let i = 0; i < 5; i += 1) expect((await handler(post(message(`inny${i}@example.pl`), '198.51.100.99'))).status).toBe(200);
    expect(stored).toHaveLength(10);
  });

  it('does not count invalid messages', async () => {
    const { handler, stored, calls } = setup();
    for (let i = 0; i < 10; i += 1) expect((await handler(post({ name: 'x' }))).status).toBe(400);
    expect(calls).toEqual([]);
    expect((await handler(post(message('jan@example.pl')))).status).toBe(200);
    expect(stored).toHaveLength(1);
  });
});
