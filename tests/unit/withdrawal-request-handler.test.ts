import { describe, expect, it } from 'vitest';
import type { RateLimiter } from '../../functions/_shared/rate-limit.ts';
import {
  createWithdrawalRequestHandler,
  type WithdrawalOrder,
  type WithdrawalRequestDeps,
} from '../../functions/withdrawal-request/handler.ts';
import { WITHDRAWAL_EXEMPTION_REASONS } from '../../src/domain/withdrawal-right.ts';
import { GUEST_HEADERS, fakeAuthenticate } from './caller-fixtures.ts';

const CANDLE = '22222222-2222-4222-8222-222222222222';
const ROSES = '11111111-1111-4111-8111-111111111111';

const ORDER: WithdrawalOrder = {
  id: 'order-1',
  number: 'KT123456789',
  customerEmail: ' Ala@Example.pl ',
  createdAt: '2026-12-01T10:00:00Z',
  updatedAt: '2026-12-05T10:00:00Z',
  status: 'completed',
  fulfilmentState: 'delivered',
  deliveryDate: '2026-12-05',
  ribbonText: null,
  lines: [
    { productId: ROSES, name: 'Bukiet róż', quantity: 1, alreadyRequested: 0, product: { category: 'live-flowers' } },
    { productId: CANDLE, name: 'Znicz', quantity: 2, alreadyRequested: 0, product: { category: 'candles' } },
  ],
};

function setup(options: { now?: string; limiter?: RateLimiter; limiters?: WithdrawalRequestDeps['rateLimiters'] } = {}) {
  const recorded: unknown[] = [];
  const looked: string[] = [];
  const deps: WithdrawalRequestDeps = {
    authenticate: fakeAuthenticate(),
    ...(options.limiter ? { rateLimiters: { address: options.limiter, pair: options.limiter } } : {}),
    ...(options.limiters ? { rateLimiters: options.limiters } : {}),
    findOrder: async (number) => {
      looked.push(number);
      return number === ORDER.number ? ORDER : null;
    },
    record: async (orderId, decision, reason, periodNote) => {
      recorded.push({ orderId, decision, reason, periodNote });
      return {
        requestNumber: 'ODS-1',
        orderNumber: ORDER.number,
        createdAt: '2026-12-06T10:00:00Z',
        periodNote,
        reason,
        ...decision,
      };
    },
    now: () => Date.parse(options.now ?? '2026-12-19T12:00:00Z'),
  };
  return { handler: createWithdrawalRequestHandler(deps), recorded, looked };
}

const post = (body: unknown) =>
  new Request('http://functions.test/withdrawal-request', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.5', ...GUEST_HEADERS },
    body: JSON.stringify(body),
  });

describe('withdrawal-request', () => {
  it('counts 14 days from the recorded delivery by the server clock: the last day is in time, the next is late', async () => {
    const submit = { action: 'submit', number: 'KT123456789', email: 'ala@example.pl', lines: [{ productId: CANDLE, quantity: 1 }] };
    const inTime = setup({ now: '2026-12-19T22:59:00Z' }); // 23:59 on 19.12 in Warsaw
    const onTime = await inTime.handler(post(submit));
    expect(onTime.status).toBe(201);
    expect(((await onTime.json()) as { periodNote: string }).periodNote).toContain('mija 19.12.2026');

    const late = setup({ now: '2026-12-19T23:00:00Z' }); // 00:00 on 20.12 in Warsaw
    const refused = await late.handler(post(submit));
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { fields: { lines: string } }).fields.lines).toContain('Minął 14-dniowy termin');
    expect(late.recorded).toEqual([]);
  });

  it('stores only what may go back and names the refused line with its reason', async () => {
    const { handler, recorded } = setup();
    const response = await handler(
      post({
        action: 'submit',
        number: 'KT123456789',
        email: 'ala@example.pl',
        lines: [
          { productId: CANDLE, quantity: 2 },
          { productId: ROSES, quantity: 1 },
        ],
        reason: ' Za duże ',
      }),
    );
    expect(response.status).toBe(201);
    expect(recorded).toEqual([
      {
        orderId: 'order-1',
        decision: {
          accepted: [{ productId: CANDLE, sizeLabel: null, name: 'Znicz', quantity: 2 }],
          refused: [
            { productId: ROSES, sizeLabel: null, name: 'Bukiet róż', quantity: 1, reason: WITHDRAWAL_EXEMPTION_REASONS.perishable },
          ],
        },
        reason: 'Za duże',
        periodNote: expect.stringContaining('Towar odebrano 05.12.2026'),
      },
    ]);
  });

  it('checks the rate limits before looking the order up', async () => {
    const limiter: RateLimiter = { hit: async () => ({ allowed: false, retryAfterSeconds: 60 }), reset: async () => undefined };
    const { handler, looked } = setup({ limiter });
    const response = await handler(post({ action: 'lookup', number: 'KT123456789', email: 'ala@example.pl' }));
    expect(response.status).toBe(429);
    expect(response.headers.get('Retry-After')).toBe('60');
    expect(looked).toEqual([]);
  });

  it('counts per address and per number + email together, never per email alone', async () => {
    const hits: Record<string, (readonly string[])[]> = { address: [], pair: [] };
    const counting = (name: string): RateLimiter => ({
      hit: async (keys) => {
        hits[name]!.push(keys);
        return { allowed: true, retryAfterSeconds: 0 };
      },
      reset: async () => undefined,
    });
    const { handler } = setup({ limiters: { address: counting('address'), pair: counting('pair') } });
    await handler(post({ action: 'lookup', number: 'kt123456789', email: 'Ala@example.pl' }));
    expect(hits.address).toEqual([[expect.stringMatching(/^ip:/)]]);
    expect(hits.pair).toEqual([['pair:KT123456789:ala@example.pl']]);
  });

  it('answers a wrong email like an unknown number', async () => {
    const { handler } = setup();
    const wrongEmail = await handler(post({ action: 'lookup', number: 'KT123456789', email: 'ola@example.pl' }));
    const wrongNumber = await handler(post({ action: 'lookup', number: 'KT000000000', email: 'ala@example.pl' }));
    expect(wrongEmail.status).toBe(404);
    expect(await wrongEmail.text()).toBe(await wrongNumber.text());
  });
});
