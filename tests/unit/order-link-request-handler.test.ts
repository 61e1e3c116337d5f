import { describe, expect, it } from 'vitest';
import {
  ORDER_LINK_SENT_MESSAGE,
  createOrderLinkRequestHandler,
  type OrderLinkRequestDeps,
} from '../../functions/order-link-request/handler.ts';
import type { RateLimiter } from '../../functions/_shared/rate-limit.ts';
import { GUEST_HEADERS, fakeAuthenticate } from './caller-fixtures.ts';

function setup(limiter?: RateLimiter) {
  const queued: [string, string][] = [];
  const deps: OrderLinkRequestDeps = {
    authenticate: fakeAuthenticate(),
    ...(limiter ? { rateLimiter: limiter } : {}),
    queueLinkMail: async (number, email) => {
      queued.push([number, email]);
    },
  };
  return { handler: createOrderLinkRequestHandler(deps), queued };
}

const post = (body: unknown) =>
  new Request('http://functions.test/order-link-request', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.5', ...GUEST_HEADERS },
    body: JSON.stringify(body),
  });

describe('order-link-request', () => {
  it('answers the same words for any number and email, and hands the lookup on with the email lowercased', async () => {
    const { handler, queued } = setup();
    const a = await handler(post({ number: 'KT2611240001', email: ' Anna@Example.pl ' }));
    const b = await handler(post({ number: 'KT9999999999', email: 'nobody@example.pl' }));
    expect(a.status).toBe(200);
    expect(await a.text()).toBe(await b.text());
    expect(ORDER_LINK_SENT_MESSAGE).toBe('Jeśli takie zamówienie istnieje, wysłaliśmy link na podany adres.');
    expect(queued).toEqual([
      ['KT2611240001', 'anna@example.pl'],
      ['KT9999999999', 'nobody@example.pl'],
    ]);
  });

  it('answers before a failing lookup and never shows its error', async () => {
    const handler = createOrderLinkRequestHandler({
      authenticate: fakeAuthenticate(),
      queueLinkMail: () => Promise.reject(new Error('database down')),
    });
    const response = await handler(post({ number: 'KT2611240001', email: 'anna@example.pl' }));
    expect(response.status).toBe(200);
    expect(await response.text()).not.toContain('database');
  });

  it('answers without waiting for the lookup, so its time says nothing about the order', async () => {
    let handedOver: Promise<unknown> | undefined;
    const handler = createOrderLinkRequestHandler({
      authenticate: fakeAuthenticate(),
      queueLinkMail: () => new Promise<void>(() => {}),
      waitUntil: (task) => {
        handedOver = task;
      },
    });
    const response = await handler(post({ number: 'KT2611240001', email: 'anna@example.pl' }));
    expect(response.status).toBe(200);
    expect(handedOver).toBeInstanceOf(Promise);
  });

  it('refuses a missing number or a malformed email with 400 field messages, queueing nothing', async () => {
    const { handler, queued } = setup();
    const response = await handler(post({ number: '', email: 'nope' }));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ fields: { number: expect.any(String), email: expect.any(String) } });
    expect(queued).toEqual([]);
  });

  it('counts per address, never per email alone, and answers 429 when over the limit', async () => {
    const keys: (readonly string[])[] = [];
    let allowed = true;
    const limiter: RateLimiter = {
      hit: async (parts) => {
        keys.push(parts);
        return { allowed, retryAfterSeconds: allowed ? 0 : 600 };
      },
      reset: async () => {},
    };
    const { handler, queued } = setup(limiter);
    await handler(post({ number: 'KT2611240001', email: 'Anna@example.pl' }));
    expect(keys[0]).toEqual(['ip:203.0.113.5']);
    allowed = false;
    const limited = await handler(post({ number: 'KT2611240001', email: 'anna@example.pl' }));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toBe('600');
    expect(queued).toHaveLength(1);
  });
});
