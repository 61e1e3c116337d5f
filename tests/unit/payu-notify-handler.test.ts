/**
 * functions/payu-notify: PayU REST's notifyUrl. Notification shapes as PayU
 * documents them (developers.payu.com/europe/docs, Notifications: { order: {…},
 * localReceiptDateTime, properties }; refunds: { orderId, extOrderId, refund: {…} }),
 * signed `sender=checkout;signature=…;algorithm=MD5;content=DOCUMENT` = md5(body + second key).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearPayuTokenCache } from '../../functions/_shared/payu-rest-client.ts';
import { createPayuNotifyHandler, MAX_NOTIFICATION_BYTES } from '../../functions/payu-notify/handler.ts';
import { signOpenPayuNotification } from '../../src/domain/payu-rest.ts';
import type { LedgerOutcome } from '../../src/domain/payment-ledger.ts';
import { NOW, ORDER_ID, storedOrder } from './payment-fixtures.ts';
import {
  ENV,
  OAUTH_ANSWER,
  SECOND_KEY,
  fakeRestStore,
  jsonAnswer,
  recordingLedger,
  restSettings,
  scriptedFetch,
} from './payu-rest-fixtures.ts';

const PAYU_ORDER_ID = 'WZHF5FFDRJ140731GUEST000P01';
const URL_ = 'http://127.0.0.1:54321/functions/v1/payu-notify';

const payuOrder = (status: string, overrides: Record<string, unknown> = {}) => ({
  orderId: PAYU_ORDER_ID,
  extOrderId: 'KT123456042-1763700123456',
  orderCreateDate: '2025-11-21T05:48:43.456+01:00',
  notifyUrl: URL_,
  customerIp: '127.0.0.1',
  merchantPosId: '300746',
  description: 'Zamówienie KT123456042',
  currencyCode: 'PLN',
  totalAmount: '4297',
  status,
  ...overrides,
});

/** The notification a (possibly lying) sender posts: what it claims does not matter, PayU's retrieve answer does. */
const orderNotification = (status: string, overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    order: payuOrder(status, overrides),
    localReceiptDateTime: '2025-11-21T05:49:01.123+01:00',
    properties: [{ name: 'PAYMENT_ID', value: '151471228' }],
  });

async function signed(body: string, key = SECOND_KEY, headerName = 'OpenPayu-Signature'): Promise<Request> {
  return new Request(URL_, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [headerName]: await signOpenPayuNotification(body, key) },
    body,
  });
}

interface Setup {
  /** PayU's answer to GET /orders/{id}. */
  order?: () => Response;
  /** PayU's answer to GET /orders/{id}/refunds/{refundId}. */
  refund?: () => Response;
  outcome?: LedgerOutcome;
  settings?: Record<string, string>;
}

function setup({ order, refund, outcome = 'applied', settings = restSettings() }: Setup = {}) {
  const ledger = recordingLedger(outcome);
  const payu = scriptedFetch((call) => {
    if (call.url.endsWith('/oauth/authorize')) return jsonAnswer(200, OAUTH_ANSWER);
    if (call.url.includes('/refunds/')) return refund?.() ?? jsonAnswer(404, { status: { statusCode: 'DATA_NOT_FOUND' } });
    return order?.() ?? jsonAnswer(200, { orders: [payuOrder('COMPLETED')], status: { statusCode: 'SUCCESS' } });
  });
  const handler = createPayuNotifyHandler({
    store: fakeRestStore(settings, storedOrder()),
    ledger: ledger.ledger,
    env: ENV,
    fetch: payu.fetch,
    now: () => NOW,
  });
  return { handler, ledger, payu };
}

let errors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  clearPayuTokenCache();
  errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('payu-notify', () => {
  it('asks PayU about the notified order and records only PayU’s answer through the ledger', async () => {
    const { handler, ledger, payu } = setup();
    // The body claims 1 grosz; PayU's own answer says 4297.
    const response = await handler(await signed(orderNotification('COMPLETED', { totalAmount: '1' })));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', outcome: 'applied' });
    expect(payu.calls.at(-1)!.url).toBe(`https://secure.snd.payu.com/api/v2_1/orders/${PAYU_ORDER_ID}`);
    expect(ledger.payments).toEqual([
      {
        provider: 'payu-rest',
        eventId: `${PAYU_ORDER_ID}:COMPLETED`,
        orderId: ORDER_ID,
        providerPaymentId: PAYU_ORDER_ID,
        method: 'payu',
        amount: 4297,
        currency: 'PLN',
        state: 'completed',
        content: expect.objectContaining({ orderId: PAYU_ORDER_ID, totalAmount: '4297', status: 'COMPLETED' }),
      },
    ]);
  });

  it('answers 200 to a repeat, which the ledger ignores', async () => {
    const { handler, ledger } = setup();
    const body = orderNotification('COMPLETED');
    expect((await handler(await signed(body))).status).toBe(200);
    const again = await handler(await signed(body));
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ status: 'ok', outcome: 'duplicate' });
    expect(ledger.payments).toHaveLength(2);
  });

  it('maps PayU’s statuses: PENDING is pending, CANCELED canceled, an unknown status changes nothing', async () => {
    for (const [status, state] of [
      ['PENDING', 'pending'],
      ['WAITING_FOR_CONFIRMATION', 'pending'],
      ['CANCELED', 'canceled'],
    ] as const) {
      const { handler, ledger } = setup({
        order: () => jsonAnswer(200, { orders: [payuOrder(status)], status: { statusCode: 'SUCCESS' } }),
      });
      expect((await handler(await signed(orderNotification(status)))).status).toBe(200);
      expect(ledger.payments[0]).toMatchObject({ state, eventId: `${PAYU_ORDER_ID}:${status}` });
    }
    const { handler, ledger } = setup({
      order: () => jsonAnswer(200, { orders: [payuOrder('REJECTED')], status: { statusCode: 'SUCCESS' } }),
    });
    expect(await (await handler(await signed(orderNotification('REJECTED')))).json()).toEqual({ status: 'ok', outcome: 'ignored' });
    expect(ledger.payments).toEqual([]);
  });

  it('refuses a bad signature with 401 before reading anything or asking PayU', async () => {
    const body = orderNotification('COMPLETED');
    const cases: Request[] = [
      await signed(body, 'someone-elses-key'),
      new Request(URL_, {
        method: 'POST',
        headers: { 'OpenPayu-Signature': (await signed(body)).headers.get('OpenPayu-Signature')! },
        body: body.replace('4297', '4298'),
      }),
      new Request(URL_, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body }),
      new Request(URL_, {
        method: 'POST',
        headers: { 'OpenPayu-Signature': `sender=checkout;signature=${'0'.repeat(40)};algorithm=SHA-1` },
        body,
      }),
    ];
    for (const request of cases) {
      const { handler, ledger, payu } = setup();
      const response = await handler(request);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: 'invalid_signature', message: 'Invalid notification signature' });
      expect(payu.calls).toEqual([]);
      expect(ledger.payments).toEqual([]);
    }
  });

  it('accepts the X-OpenPayU-Signature spelling the PHP SDK also reads', async () => {
    const { handler } = setup();
    expect((await handler(await signed(orderNotification('COMPLETED'), SECOND_KEY, 'X-OpenPayU-Signature'))).status).toBe(200);
  });

  it('answers 502 when PayU cannot be asked or does not know the order, so PayU sends it again', async () => {
    for (const order of [() => jsonAnswer(503, {}), () => jsonAnswer(404, { status: { statusCode: 'DATA_NOT_FOUND' } })]) {
      const { handler, ledger } = setup({ order });
      const response = await handler(await signed(orderNotification('COMPLETED')));
      expect(response.status).toBe(502);
      expect(Object.keys((await response.json()) as object).sort()).toEqual(['error', 'message']);
      expect(ledger.payments).toEqual([]);
    }
  });

  it('answers 200 once handled even when the ledger refuses (logged), and when the order is not the shop’s', async () => {
    const refused = setup({ outcome: 'amount_mismatch' });
    const response = await refused.handler(await signed(orderNotification('COMPLETED')));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', outcome: 'amount_mismatch' });
    expect(errors.mock.calls.flat().join(' ')).toContain('amount_mismatch');

    const stranger = setup({
      order: () =>
        jsonAnswer(200, { orders: [payuOrder('COMPLETED', { extOrderId: 'KT999999999-1' })], status: { statusCode: 'SUCCESS' } }),
    });
    expect(await (await stranger.handler(await signed(orderNotification('COMPLETED')))).json()).toEqual({
      status: 'ok',
      outcome: 'order_not_found',
    });
    expect(stranger.ledger.payments).toEqual([]);
  });

  it('records a refund by PayU’s refund answer, under the shop’s extRefundId', async () => {
    const refund = {
      refundId: '912128',
      extRefundId: 'f1c1a4b2-2d7e-4f55-9f0e-7e0c1f2b3a4d',
      amount: '1000',
      currencyCode: 'PLN',
      description: 'Zwrot',
      creationDateTime: '2025-11-21T06:00:00.000+01:00',
      status: 'FINALIZED',
      statusDateTime: '2025-11-21T06:00:05.000+01:00',
    };
    const { handler, ledger, payu } = setup({ refund: () => jsonAnswer(200, refund) });
    const body = JSON.stringify({
      orderId: PAYU_ORDER_ID,
      extOrderId: 'KT123456042-1763700123456',
      refund: {
        refundId: '912128',
        amount: '1000',
        currencyCode: 'PLN',
        status: 'FINALIZED',
        statusDateTime: refund.statusDateTime,
        reason: 'refund',
      },
    });
    expect((await handler(await signed(body))).status).toBe(200);
    expect(payu.calls.at(-1)!.url).toBe(`https://secure.snd.payu.com/api/v2_1/orders/${PAYU_ORDER_ID}/refunds/912128`);
    expect(ledger.refunds).toEqual([
      {
        provider: 'payu-rest',
        eventId: `${PAYU_ORDER_ID}:refund:912128:FINALIZED`,
        refundId: refund.extRefundId,
        providerRefundId: '912128',
        amount: 1000,
        currency: 'PLN',
        state: 'completed',
        content: expect.objectContaining({ refundId: '912128' }),
      },
    ]);

    const panel = setup({ refund: () => jsonAnswer(200, { ...refund, extRefundId: undefined }) });
    expect(await (await panel.handler(await signed(body))).json()).toEqual({ status: 'ok', outcome: 'ignored' });
    expect(panel.ledger.refunds).toEqual([]);
  });

  it('refuses what is not a notification: too large, not JSON, wrong method, and without settings', async () => {
    const { handler } = setup();
    const big = 'x'.repeat(MAX_NOTIFICATION_BYTES + 1);
    expect((await handler(await signed(big))).status).toBe(413);
    const notJson = await handler(await signed('not json'));
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ error: 'invalid_json', message: 'The notification is not JSON' });
    expect((await handler(new Request(URL_, { method: 'GET' }))).status).toBe(405);
    expect(await (await handler(await signed('{"hello":1}'))).json()).toEqual({ status: 'ok', outcome: 'ignored' });

    const unconfigured = setup({ settings: restSettings({ payu_rest_second_key: '' }) });
    expect((await unconfigured.handler(await signed(orderNotification('COMPLETED')))).status).toBe(503);
  });

  it('hides an unexpected failure (the database) behind a JSON 500, so PayU retries', async () => {
    const { handler, ledger } = setup();
    ledger.ledger.applyPaymentEvent = async () => {
      throw new Error('connection refused at 10.0.0.5');
    };
    const response = await handler(await signed(orderNotification('COMPLETED')));
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain('10.0.0.5');
    expect(JSON.parse(text)).toMatchObject({ error: 'internal_error' });
  });
});
