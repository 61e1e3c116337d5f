/**
 * server/local-backend/payments/payu-rest-simulator.ts, called directly, and the shop's
 * client and payu-notify run against it end to end. The simulator follows PayU's
 * documented behaviour (developers.payu.com/europe/docs: OAuth, order create 302 +
 * JSON, retrieve, refunds; BLIK sandbox codes from …/payment-solutions/blik/testing:
 * 777xxx approve, 500500 declines). Its signatures are checked with node:crypto, not
 * with the shop's own code, so the two cannot agree on a mistake; payu-rest-client.test.ts
 * checks the client against the documented answers.
 */
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearPayuTokenCache,
  createPayuRestClient,
  resolvePayuRestSettings,
  startPayuRestPayment,
} from '../../functions/_shared/payu-rest-client.ts';
import { createPayuNotifyHandler } from '../../functions/payu-notify/handler.ts';
import { createPayuRestSimulatorHandler, blikOutcomeOfCode } from '../../server/local-backend/payments/payu-rest-simulator.ts';
import type { PaymentOrder } from '../../functions/_shared/payments.ts';
import { NOW, ORDER_ID, storedOrder } from './payment-fixtures.ts';
import { CLIENT_SECRET, ENV, SECOND_KEY, fakeRestStore, recordingLedger, restSettings } from './payu-rest-fixtures.ts';

const BASE = `${ENV.supabaseUrl}/functions/v1/payu-rest-simulator`;
const NOTIFY_URL = `${ENV.supabaseUrl}/functions/v1/payu-notify`;

function world(order: PaymentOrder = storedOrder(), settings = restSettings({ payu_rest_api_url: '' })) {
  const store = fakeRestStore(settings, order);
  const ledger = recordingLedger();
  const tasks: (() => Promise<void>)[] = [];
  const notifications: { body: string; signature: string | null; status: number }[] = [];
  let simulator: (request: Request) => Promise<Response> = async () => new Response(null, { status: 500 });
  const toSimulator = (url: string, init: RequestInit) => simulator(new Request(url, init));
  const notify = createPayuNotifyHandler({ store, ledger: ledger.ledger, env: ENV, fetch: toSimulator, now: () => NOW });
  simulator = createPayuRestSimulatorHandler({
    store,
    baseUrl: BASE,
    now: () => NOW,
    later: (task) => void tasks.push(task),
    fetch: async (url, init) => {
      expect(url).toBe(NOTIFY_URL);
      const request = new Request(url, init);
      const body = await request.clone().text();
      const response = await notify(request);
      notifications.push({ body, signature: request.headers.get('OpenPayu-Signature'), status: response.status });
      return response;
    },
  });
  /** Runs what PayU does "later", including what that schedules. */
  async function runLater(): Promise<void> {
    while (tasks.length > 0) await tasks.shift()!();
  }
  const deps = { store, ledger: ledger.ledger, env: ENV, fetch: toSimulator, now: () => NOW };
  return { simulator: (request: Request) => simulator(request), deps, ledger, notifications, runLater };
}

const form = (fields: Record<string, string>) =>
  ({
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  }) as const;

async function token(simulator: (request: Request) => Promise<Response>): Promise<string> {
  const response = await simulator(
    new Request(
      `${BASE}/pl/standard/user/oauth/authorize`,
      form({ grant_type: 'client_credentials', client_id: '300746', client_secret: CLIENT_SECRET }),
    ),
  );
  return ((await response.json()) as { access_token: string }).access_token;
}

beforeEach(() => {
  clearPayuTokenCache();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('the PayU REST simulator’s API', () => {
  it('issues client_credentials tokens only for the POS’s client id and secret', async () => {
    const { simulator } = world();
    const ok = await simulator(
      new Request(
        `${BASE}/pl/standard/user/oauth/authorize`,
        form({ grant_type: 'client_credentials', client_id: '300746', client_secret: CLIENT_SECRET }),
      ),
    );
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ token_type: 'bearer', expires_in: 43199, grant_type: 'client_credentials' });
    const wrong = await simulator(
      new Request(
        `${BASE}/pl/standard/user/oauth/authorize`,
        form({ grant_type: 'client_credentials', client_id: '300746', client_secret: 'guess' }),
      ),
    );
    expect(wrong.status).toBe(401);
    expect((await simulator(new Request(`${BASE}/pl/standard/user/oauth/authorize`, form({ grant_type: 'password' })))).status).toBe(400);
  });

  it('refuses orders without a valid token, for another POS, whose products do not add up, or repeated', async () => {
    const { simulator } = world();
    const bearer = await token(simulator);
    const body = {
      notifyUrl: NOTIFY_URL,
      continueUrl: 'http://localhost:4173/checkout/success',
      customerIp: '127.0.0.1',
      merchantPosId: '300746',
      description: 'Zamówienie KT123456042',
      currencyCode: 'PLN',
      totalAmount: '3000',
      extOrderId: 'KT123456042-1',
      buyer: { email: 'anna@example.pl' },
      products: [{ name: 'Róża', unitPrice: '1000', quantity: '3' }],
    };
    const create = (payload: unknown, auth = `Bearer ${bearer}`) =>
      simulator(
        new Request(`${BASE}/api/v2_1/orders`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: auth },
          body: JSON.stringify(payload),
        }),
      );
    expect((await create(body, 'Bearer nope')).status).toBe(401);
    const otherPos = await create({ ...body, merchantPosId: '145227' });
    expect(otherPos.status).toBe(400);
    const sum = await create({ ...body, totalAmount: '3001' });
    expect(sum.status).toBe(400);
    expect(await sum.json()).toMatchObject({ status: { statusCode: 'ERROR_VALUE_INVALID' } });
    const created = await create(body);
    expect(created.status).toBe(302);
    const answer = (await created.json()) as { redirectUri: string; orderId: string; status: { statusCode: string } };
    expect(answer.status.statusCode).toBe('SUCCESS');
    expect(created.headers.get('location')).toBe(answer.redirectUri);
    expect(answer.redirectUri).toBe(`${BASE}/pay/${answer.orderId}`);
    expect(await (await create(body)).json()).toMatchObject({ status: { statusCode: 'ERROR_ORDER_NOT_UNIQUE' } });

    const retrieved = await simulator(
      new Request(`${BASE}/api/v2_1/orders/${answer.orderId}`, { headers: { Authorization: `Bearer ${bearer}` } }),
    );
    expect(await retrieved.json()).toMatchObject({
      orders: [{ orderId: answer.orderId, totalAmount: '3000', status: 'NEW' }],
      status: { statusCode: 'SUCCESS' },
    });
  });

  it('knows PayU sandbox’s BLIK codes', () => {
    expect(['777000', '777123', '200201'].map(blikOutcomeOfCode)).toEqual(['COMPLETED', 'COMPLETED', 'COMPLETED']);
    expect(['500500', '700701', '700702', '700703'].map(blikOutcomeOfCode)).toEqual(['CANCELED', 'CANCELED', 'CANCELED', 'CANCELED']);
  });
});

describe('a payment through the simulator, end to end', () => {
  it('redirect: the page, ‘Zapłać’, signed notifications, the ledger by PayU’s answer, back to continueUrl', async () => {
    const { simulator, deps, ledger, notifications } = world();
    const started = await startPayuRestPayment(deps, storedOrder());
    expect('url' in started).toBe(true);
    const url = (started as { url: string }).url;
    expect(url.startsWith(`${BASE}/pay/`)).toBe(true);
    expect(ledger.started).toEqual([expect.objectContaining({ orderId: ORDER_ID, provider: 'payu-rest', amount: 4297 })]);

    const page = await (await simulator(new Request(url))).text();
    expect(page).toContain('Zapłać');
    expect(page).toContain('Odrzuć');
    expect(page).toContain('42,97');
    expect(page).not.toContain('Kod BLIK');
    expect(page).not.toContain('<script');

    const paid = await simulator(new Request(url, form({ action: 'pay' })));
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe('http://localhost:4173/checkout/success?payment=payu&orderId=KT123456042');
    expect(notifications.map((sent) => sent.status)).toEqual([200, 200]);
    for (const sent of notifications) {
      const expected = createHash('md5')
        .update(sent.body + SECOND_KEY)
        .digest('hex');
      expect(sent.signature).toBe(`sender=checkout;signature=${expected};algorithm=MD5;content=DOCUMENT`);
    }
    expect(ledger.payments.map((event) => [event.state, event.amount, event.currency, event.providerPaymentId])).toEqual([
      ['pending', 4297, 'PLN', ledger.started[0]!.providerPaymentId],
      ['completed', 4297, 'PLN', ledger.started[0]!.providerPaymentId],
    ]);
    // Paid stays paid: the page now only sends the buyer back.
    expect((await simulator(new Request(url))).status).toBe(303);
  });

  it('‘Odrzuć’ cancels and returns with error=501', async () => {
    const { simulator, deps, ledger } = world();
    const { url } = (await startPayuRestPayment(deps, storedOrder())) as { url: string };
    const rejected = await simulator(new Request(url, form({ action: 'reject' })));
    expect(rejected.headers.get('location')).toBe('http://localhost:4173/checkout/success?payment=payu&orderId=KT123456042&error=501');
    expect(ledger.payments.map((event) => event.state)).toEqual(['canceled']);
  });

  it('BLIK preselected: the page asks for the code; 500500 is declined', async () => {
    const { simulator, deps, ledger } = world(storedOrder({ paymentMethod: 'blik' }));
    const { url } = (await startPayuRestPayment(deps, storedOrder({ paymentMethod: 'blik' }))) as { url: string };
    expect(await (await simulator(new Request(url))).text()).toContain('Kod BLIK');
    const noCode = await simulator(new Request(url, form({ action: 'pay' })));
    expect(noCode.status).toBe(400);
    expect(await noCode.text()).toContain('Kod BLIK składa się z 6 cyfr.');
    const declined = await simulator(new Request(url, form({ action: 'pay', blikCode: '500500' })));
    expect(declined.headers.get('location')).toContain('error=501');
    expect(ledger.payments.map((event) => event.state)).toEqual(['pending', 'canceled']);
  });

  it('BLIK code on the shop’s page: accepted at once, settled by the later notifications', async () => {
    for (const [code, final] of [
      ['777123', 'completed'],
      ['500500', 'canceled'],
    ] as const) {
      const order = storedOrder({ paymentMethod: 'blik' });
      const { deps, ledger, runLater } = world(order);
      expect(await startPayuRestPayment(deps, order, { blikCode: code })).toEqual({ blik: 'pending' });
      expect(ledger.payments).toEqual([]);
      await runLater();
      expect(ledger.payments.map((event) => [event.state, event.method])).toEqual([
        ['pending', 'blik'],
        [final, 'blik'],
      ]);
    }
  });

  it('refund: queued, then FINALIZED with a signed notification the shop checks with PayU', async () => {
    const { simulator, deps, ledger, runLater } = world();
    const { url } = (await startPayuRestPayment(deps, storedOrder())) as { url: string };
    await simulator(new Request(url, form({ action: 'pay' })));
    const payuOrderId = ledger.started[0]!.providerPaymentId;
    const settings = resolvePayuRestSettings(restSettings({ payu_rest_api_url: '' }), ENV)!;
    const client = createPayuRestClient(settings, deps.fetch, () => NOW);

    const refund = await client.refund(payuOrderId, { amount: 1000, extRefundId: 'refund-1', description: 'Zwrot' });
    expect(refund).toMatchObject({ extRefundId: 'refund-1', amount: '1000', status: 'PENDING' });
    // The same extRefundId again is the same refund, not a second one.
    expect((await client.refund(payuOrderId, { amount: 1000, extRefundId: 'refund-1', description: 'Zwrot' })).refundId).toBe(
      refund.refundId,
    );
    await expect(client.refund(payuOrderId, { amount: 4000, extRefundId: 'refund-2', description: 'Zwrot' })).rejects.toMatchObject({
      kind: 'refused',
    });

    await runLater();
    expect(ledger.refunds).toEqual([
      expect.objectContaining({
        refundId: 'refund-1',
        providerRefundId: refund.refundId,
        amount: 1000,
        currency: 'PLN',
        state: 'completed',
      }),
    ]);
    expect(await client.retrieveRefund(payuOrderId, refund.refundId)).toMatchObject({ status: 'FINALIZED' });
  });
});
