import { describe, expect, it } from 'vitest';
import { clientAddress, createMemoryRateLimiter } from '../../functions/_shared/rate-limit.ts';
import {
  CONTACT_RATE_LIMIT,
  CONTACT_RATE_LIMITED_MESSAGE,
  createSendContactEmailHandler,
  type ContactMessageRecord,
} from '../../functions/send-contact-email/handler.ts';

function clock(start = 1_000_000) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe('memory rate limiter', () => {
  it('allows `limit` hits per window, refuses the next with the wait, and allows again once the window slid', () => {
    const time = clock();
    const limiter = createMemoryRateLimiter({ limit: 3, windowMs: 60_000, now: time.now });
    expect([1, 2, 3].map(() => limiter.hit('a').allowed)).toEqual([true, true, true]);
    time.advance(10_000);
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 50 });
    expect(limiter.check('a').allowed).toBe(false);
    // Other keys are counted apart.
    expect(limiter.hit('b').allowed).toBe(true);
    time.advance(50_000);
    expect(limiter.check('a').allowed).toBe(true);
    expect(limiter.hit('a').allowed).toBe(true);
  });

  it('does not count refused hits, and forgets a key on reset', () => {
    const time = clock();
    const limiter = createMemoryRateLimiter({ limit: 1, windowMs: 1_000, now: time.now });
    limiter.hit('k');
    for (let i = 0; i < 10; i += 1) expect(limiter.hit('k').allowed).toBe(false);
    time.advance(1_001);
    expect(limiter.hit('k').allowed).toBe(true);
    limiter.reset('k');
    expect(limiter.hit('k').allowed).toBe(true);
  });

  it('keeps memory bounded under a spray of keys', () => {
    const limiter = createMemoryRateLimiter({ limit: 1, windowMs: 60_000, maxKeys: 10 });
    for (let i = 0; i < 100; i += 1) limiter.hit(`key-${i}`);
    // The oldest keys were dropped, the newest are still counted.
    expect(limiter.check('key-0').allowed).toBe(true);
    expect(limiter.check('key-99').allowed).toBe(false);
  });

  it('reads the caller address from the first X-Forwarded-For entry', () => {
    const request = (value?: string) => new Request('http://x.test', value ? { headers: { 'x-forwarded-for': value } } : {});
    expect(clientAddress(request('203.0.113.7, 10.0.0.1'))).toBe('203.0.113.7');
    expect(clientAddress(request())).toBe('unknown');
  });
});

describe('send-contact-email flood limit', () => {
  const message = (email: string) => ({ name: 'Jan Nowak', email, phone: '', subject: 'info', message: 'Czy macie róże?' });
  const post = (body: unknown, address = '203.0.113.1') =>
    new Request('http://functions.test/send-contact-email', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
      body: JSON.stringify(body),
    });

  function setup() {
    const time = clock();
    const stored: ContactMessageRecord[] = [];
    const handler = createSendContactEmailHandler({
      storeMessage: async (record) => {
        stored.push(record);
      },
      rateLimiter: createMemoryRateLimiter({ ...CONTACT_RATE_LIMIT, now: time.now }),
    });
    return { handler, stored, time };
  }

  it('stores 5 messages from one address in 10 minutes, then answers 429 in Polish and stores nothing more', async () => {
    const { handler, stored, time } = setup();
    for (let i = 0; i < 5; i += 1) expect((await handler(post(message(`osoba${i}@example.pl`)))).status).toBe(200);
    const refused = await handler(post(message('inna@example.pl')));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toBe('600');
    expect(await refused.json()).toEqual({ error: 'rate_limited', message: CONTACT_RATE_LIMITED_MESSAGE });
    expect(stored).toHaveLength(5);
    // Another address is not affected; the first one may write again after the window.
    expect((await handler(post(message('sasiad@example.pl'), '203.0.113.2'))).status).toBe(200);
    time.advance(10 * 60_000 + 1);
    expect((await handler(post(message('inna@example.pl')))).status).toBe(200);
  });

  it('limits one email address however many addresses it comes from', async () => {
    const { handler, stored } = setup();
    for (let i = 0; i < 5; i += 1) expect((await handler(post(message('ofiara@example.pl'), `198.51.100.${i}`))).status).toBe(200);
    expect((await handler(post(message('OFIARA@example.pl'), '198.51.100.99'))).status).toBe(429);
    expect(stored).toHaveLength(5);
  });

  it('does not count invalid messages', async () => {
    const { handler, stored } = setup();
    for (let i = 0; i < 10; i += 1) expect((await handler(post({ name: 'x' }))).status).toBe(400);
    expect((await handler(post(message('jan@example.pl')))).status).toBe(200);
    expect(stored).toHaveLength(1);
  });
});
