import { describe, expect, it } from 'vitest';
import { createPaymentNotificationHandler, type PaymentNotificationDeps } from '../../functions/payment-notification/handler.ts';
import type { PaymentStore } from '../../functions/_shared/payments.ts';
import { md5 } from '../../src/domain/md5.ts';
import {
  checkStatusAnswer,
  formatStatusAnswer,
  parseStatusAnswer,
  signedSessionMessage,
  statusUrlOf,
  type GatewayTransaction,
} from '../../src/domain/payu-status.ts';
import { createPaymentSimulatorHandler } from '../../server/local-backend/payments/payu-classic-simulator.ts';
import { AUTH_KEY, ENV, KEY2, NOW, classicRedirect, fakeStore, queryOf, storedOrder } from './payment-fixtures.ts';

const SESSION = `KT123456042-${NOW}`;

function transaction(change: Partial<GatewayTransaction> = {}): GatewayTransaction {
  return {
    id: '7',
    posId: '145227',
    sessionId: SESSION,
    orderId: 'KT123456042',
    amount: '4297',
    status: '99',
    desc: 'Zamówienie KT123456042',
    ts: String(NOW),
    ...change,
  };
}

function form(params: Record<string, string>, url: string): Request {
  return new Request(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
  });
}

const NOTIFICATION_URL = 'http://127.0.0.1:54321/functions/v1/payment-notification';

/** The notification function with a gateway whose status answer is `answer` (or computed from the query). */
function notificationWith(store: PaymentStore, answer: (query: Record<string, string>) => string, now = NOW) {
  const queries: Record<string, string>[] = [];
  const deps: PaymentNotificationDeps = {
    store,
    env: ENV,
    now: () => now,
    fetch: async (input, init) => {
      expect(input).toBe('http://127.0.0.1:54321/functions/v1/payment-simulator/Payment/get/txt');
      const query = Object.fromEntries(new URLSearchParams(String(init.body)));
      queries.push(query);
      return new Response(answer(query), { headers: { 'Content-Type': 'text/plain' } });
    },
  };
  return { handler: createPaymentNotificationHandler(deps), queries };
}

describe('the PayU classic status protocol', () => {
  it('signs the gateway answer over its fixed field list with key2, as PayU documents', () => {
    const text = formatStatusAnswer(transaction(), KEY2);
    const answer = parseStatusAnswer(text);
    expect(answer.status).toBe('OK');
    // trans_pos_id + trans_session_id + trans_order_id + trans_status + trans_amount + trans_desc + trans_ts + key2
    expect(answer.trans_sig).toBe(md5(`145227${SESSION}KT123456042994297Zamówienie KT123456042${NOW}${KEY2}`));
    expect(checkStatusAnswer(answer, { posId: '145227', sessionId: SESSION }, KEY2, NOW)).toMatchObject({ ok: true, outcome: 'COMPLETED' });
  });

  it.each([
    ['signed with another key', formatStatusAnswer(transaction(), 'other'), 'signature'],
    ['about another session', formatStatusAnswer(transaction({ sessionId: `KT123456042-${NOW + 1}` }), KEY2), 'mismatch'],
    ['old', formatStatusAnswer(transaction({ ts: String(NOW - 60 * 60_000) }), KEY2), 'stale'],
    ['an error', 'status: ERROR\nerror_nr: 500\n', 'gateway_error'],
    ['with a changed amount', formatStatusAnswer(transaction(), KEY2).replace('trans_amount: 4297', 'trans_amount: 1'), 'signature'],
  ])('refuses an answer %s', (_label, text, reason) => {
    expect(checkStatusAnswer(parseStatusAnswer(text), { posId: '145227', sessionId: SESSION }, KEY2, NOW)).toEqual({ ok: false, reason });
  });

  it('finds Payment/get beside the new-payment address', () => {
    expect(statusUrlOf('https://secure.payu.com/paygw/UTF/NewPayment')).toBe('https://secure.payu.com/paygw/UTF/Payment/get/txt');
  });
});

describe('payment-notification', () => {
  it('asks the gateway (key1) and records only what its key2-signed answer says; a replay changes nothing more', async () => {
    const { store, updates } = fakeStore();
    const { handler, queries } = notificationWith(store, () => formatStatusAnswer(transaction(), KEY2));
    const report = signedSessionMessage('145227', SESSION, NOW, KEY2);

    const first = await handler(form(report, NOTIFICATION_URL));
    expect(first.status).toBe(200);
    expect(await first.text()).toBe('OK');
    expect(queries[0]).toEqual(signedSessionMessage('145227', SESSION, NOW, AUTH_KEY));
    expect(updates).toEqual([
      expect.objectContaining({
        provider: 'payu-classic',
        orderId: storedOrder().id,
        providerPaymentId: SESSION,
        state: 'completed',
        amount: 4297,
      }),
    ]);

    const replay = await handler(form(report, NOTIFICATION_URL));
    expect(replay.status).toBe(200);
    expect(updates).toHaveLength(1);
  });

  it('a report of an unpaid session records PENDING, never COMPLETED', async () => {
    const { store, current } = fakeStore();
    const { handler } = notificationWith(store, () => formatStatusAnswer(transaction({ status: '1' }), KEY2));
    expect((await handler(form(signedSessionMessage('145227', SESSION, NOW, KEY2), NOTIFICATION_URL))).status).toBe(200);
    expect(current.order).toMatchObject({ payuStatus: 'PENDING', status: 'pending' });
  });

  it.each([
    ['signed with key1 (what payment starts are signed with)', signedSessionMessage('145227', SESSION, NOW, AUTH_KEY), 401],
    ['of another POS', signedSessionMessage('999', SESSION, NOW, KEY2), 401],
    ['old', signedSessionMessage('145227', SESSION, NOW - 60 * 60_000, KEY2), 400],
    ['with an extra field', { ...signedSessionMessage('145227', SESSION, NOW, KEY2), status: 'COMPLETED' }, 400],
    ['without a signature', { pos_id: '145227', session_id: SESSION, ts: String(NOW) }, 400],
    ["with a session that is not the shop's", signedSessionMessage('145227', 'x', NOW, KEY2), 400],
  ])('refuses a report %s without asking the gateway or changing anything', async (_label, report, status) => {
    const { store, updates } = fakeStore();
    const { handler, queries } = notificationWith(store, () => formatStatusAnswer(transaction(), KEY2));
    const response = await handler(form(report, NOTIFICATION_URL));
    expect(response.status).toBe(status);
    expect(((await response.json()) as { error: string }).error).toMatch(/^[a-z_]+$/);
    expect(queries).toEqual([]);
    expect(updates).toEqual([]);
  });

  it.each([
    ['forged (signed with another key)', formatStatusAnswer(transaction(), 'guess'), 502],
    ['for a smaller amount', formatStatusAnswer(transaction({ amount: '1' }), KEY2), 409],
    ["for another order's session", formatStatusAnswer(transaction({ orderId: 'KT123456043' }), KEY2), 409],
  ])('changes nothing when the gateway answer is %s', async (_label, text, status) => {
    const { store, updates } = fakeStore();
    const original = console.error;
    console.error = () => undefined;
    const { handler } = notificationWith(store, () => text);
    const response = await handler(form(signedSessionMessage('145227', SESSION, NOW, KEY2), NOTIFICATION_URL));
    console.error = original;
    expect(response.status).toBe(status);
    expect(updates).toEqual([]);
  });
});

describe('the local gateway simulator', () => {
  it('pays: reports to the shop, which asks the simulator, which answers signed: the order is paid', async () => {
    const { store, current } = fakeStore();
    const url = (await classicRedirect(store)).json.redirectUrl!;
    const params = queryOf(url);
    // The two sides call each other over "HTTP", as the gateway and the shop do.
    const simulator = createPaymentSimulatorHandler({
      store,
      notificationUrl: NOTIFICATION_URL,
      now: () => NOW,
      fetch: async (input, init) => notification(new Request(input, init)),
    });
    const notification = createPaymentNotificationHandler({
      store,
      env: ENV,
      now: () => NOW,
      fetch: async (input, init) => simulator(new Request(input, init)),
    });

    const page = await simulator(new Request(url));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('KT123456042');

    const paid = await simulator(form({ ...params, action: 'pay' }, url.split('?')[0]!));
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(params.pow_url);
    expect(current.order).toMatchObject({ payuStatus: 'COMPLETED', status: 'processing' });
  });

  it('refuses a payment start with a field added, even one the signature would cover', async () => {
    const { store } = fakeStore();
    const url = (await classicRedirect(store)).json.redirectUrl!;
    const simulator = createPaymentSimulatorHandler({
      store,
      notificationUrl: NOTIFICATION_URL,
      now: () => NOW,
      fetch: async () => new Response('OK'),
    });
    const response = await simulator(new Request(`${url}&extra=1`));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Nieprawidłowy podpis płatności');
  });

  it('answers a status query signed with the wrong key, or about an unknown session, with an error', async () => {
    const { store } = fakeStore();
    const simulator = createPaymentSimulatorHandler({
      store,
      notificationUrl: NOTIFICATION_URL,
      now: () => NOW,
      fetch: async () => new Response('OK'),
    });
    const statusUrl = 'http://127.0.0.1:54321/functions/v1/payment-simulator/Payment/get/txt';
    const wrongKey = await simulator(form(signedSessionMessage('145227', SESSION, NOW, KEY2), statusUrl));
    expect(parseStatusAnswer(await wrongKey.text()).status).toBe('ERROR');
    const unknown = await simulator(form(signedSessionMessage('145227', SESSION, NOW, AUTH_KEY), statusUrl));
    expect(parseStatusAnswer(await unknown.text())).toEqual({ status: 'ERROR', error_nr: '500' });
  });
});
