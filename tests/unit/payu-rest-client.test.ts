/**
 * functions/_shared/payu-rest-client.ts against the answers PayU documents
 * (developers.payu.com/europe/docs: Authorizing requests — OAuth
 * client_credentials at /pl/standard/user/oauth/authorize, answer
 * { access_token, token_type, expires_in, grant_type }; Creating a new order —
 * HTTP 302 with { status: { statusCode: 'SUCCESS' }, redirectUri, orderId, extOrderId };
 * Order retrieve — { orders: [...], status }; Refunds — POST …/orders/{orderId}/refunds with
 * { refund: { description, amount, extRefundId } }; BLIK — a code order answers without a redirect).
 * The same client is run against the local simulator in payu-rest-simulator.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../functions/_shared/http.ts';
import {
  clearPayuTokenCache,
  createPayuRestClient,
  PayuRestError,
  resolvePayuRestSettings,
  startPayuRestPayment,
  usesPayuRest,
  type PayuRestSettings,
} from '../../functions/_shared/payu-rest-client.ts';
import type { PayuOrderCreateRequest } from '../../src/domain/payu-rest.ts';
import { NOW, storedOrder } from './payment-fixtures.ts';
import {
  API_URL,
  CLIENT_SECRET,
  ENV,
  OAUTH_ANSWER,
  SECOND_KEY,
  fakeRestStore,
  jsonAnswer,
  recordingLedger,
  restSettings,
  scriptedFetch,
  type FetchCall,
} from './payu-rest-fixtures.ts';

const SETTINGS: PayuRestSettings = {
  apiUrl: API_URL,
  posId: '300746',
  clientId: '300746',
  clientSecret: CLIENT_SECRET,
  secondKey: SECOND_KEY,
  blikCode: true,
};
const PAYU_ORDER_ID = 'WZHF5FFDRJ140731GUEST000P01';
const REDIRECT = `https://merch-prod.snd.payu.com/pl/standard/co/summary?orderId=${PAYU_ORDER_ID}`;
const CREATE_ANSWER = { status: { statusCode: 'SUCCESS' }, redirectUri: REDIRECT, orderId: PAYU_ORDER_ID, extOrderId: 'KT123456042-1' };

function payu(create: (call: FetchCall) => Response | Promise<Response> = () => jsonAnswer(302, CREATE_ANSWER, { Location: REDIRECT })) {
  return scriptedFetch((call) => {
    if (call.url.endsWith('/pl/standard/user/oauth/authorize')) return jsonAnswer(200, OAUTH_ANSWER);
    return create(call);
  });
}

const BODY = { totalAmount: '4297' } as PayuOrderCreateRequest;

beforeEach(() => {
  clearPayuTokenCache();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('the PayU REST client', () => {
  it('gets a client_credentials token, then creates the order with it without following PayU’s 302', async () => {
    const { calls, fetch } = payu();
    const result = await createPayuRestClient(SETTINGS, fetch, () => NOW).createOrder(BODY);
    expect(result).toEqual({ kind: 'redirect', orderId: PAYU_ORDER_ID, redirectUri: REDIRECT });
    const [oauth, create] = calls;
    expect(oauth!.url).toBe('https://secure.snd.payu.com/pl/standard/user/oauth/authorize');
    expect(oauth!.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(oauth!.body))).toEqual({
      grant_type: 'client_credentials',
      client_id: '300746',
      client_secret: CLIENT_SECRET,
    });
    expect(create!.url).toBe('https://secure.snd.payu.com/api/v2_1/orders');
    expect(create!.method).toBe('POST');
    expect(create!.redirect).toBe('manual');
    expect(create!.headers.get('authorization')).toBe(`Bearer ${OAUTH_ANSWER.access_token}`);
    expect(JSON.parse(create!.body)).toEqual(BODY);
    expect(calls.every((call) => call.hasSignal)).toBe(true);
  });

  it('keeps the token until shortly before expires_in, then gets a new one', async () => {
    let now = NOW;
    const { calls, fetch } = payu();
    const client = createPayuRestClient(SETTINGS, fetch, () => now);
    await client.createOrder(BODY);
    await client.createOrder(BODY);
    expect(calls.filter((call) => call.url.endsWith('/authorize'))).toHaveLength(1);
    now += (OAUTH_ANSWER.expires_in - 30) * 1000;
    await client.createOrder(BODY);
    expect(calls.filter((call) => call.url.endsWith('/authorize'))).toHaveLength(2);
  });

  it('drops a token PayU no longer takes and tries once more', async () => {
    let refused = false;
    const { calls, fetch } = payu(() => {
      if (!refused) {
        refused = true;
        return jsonAnswer(401, { error: 'invalid_token' });
      }
      return jsonAnswer(302, CREATE_ANSWER);
    });
    expect((await createPayuRestClient(SETTINGS, fetch, () => NOW).createOrder(BODY)).kind).toBe('redirect');
    expect(calls.map((call) => call.url.split('/').pop())).toEqual(['authorize', 'orders', 'authorize', 'orders']);
  });

  it('reads a BLIK code order’s answer (no redirect) as pending', async () => {
    const { fetch } = payu(() => jsonAnswer(201, { status: { statusCode: 'SUCCESS' }, orderId: PAYU_ORDER_ID, extOrderId: 'KT1' }));
    const body = { ...BODY, payMethods: { payMethod: { type: 'BLIK_AUTHORIZATION_CODE', value: '777123' } } } as PayuOrderCreateRequest;
    expect(await createPayuRestClient(SETTINGS, fetch, () => NOW).createOrder(body)).toEqual({
      kind: 'blik-pending',
      orderId: PAYU_ORDER_ID,
    });
  });

  it('turns PayU’s refusals, 5xx, bad credentials and network failures into typed errors', async () => {
    const refusal = {
      status: { statusCode: 'ERROR_VALUE_INVALID', codeLiteral: 'INVALID_TOTAL_AMOUNT', statusDesc: 'Invalid totalAmount' },
    };
    const attempt = (answer: () => Response | Promise<Response>) =>
      createPayuRestClient(SETTINGS, payu(answer).fetch, () => NOW)
        .createOrder(BODY)
        .then(
          () => null,
          (error: unknown) => error,
        );
    const refused = (await attempt(() => jsonAnswer(400, refusal))) as PayuRestError;
    expect(refused).toBeInstanceOf(PayuRestError);
    expect(refused.kind).toBe('refused');
    expect(refused.status?.codeLiteral).toBe('INVALID_TOTAL_AMOUNT');
    expect(((await attempt(() => jsonAnswer(503, {}))) as PayuRestError).kind).toBe('unreachable');
    expect(((await attempt(() => Promise.reject(new TypeError('fetch failed')))) as PayuRestError).kind).toBe('unreachable');
    expect(((await attempt(() => jsonAnswer(302, { status: { statusCode: 'SUCCESS' } }))) as PayuRestError).kind).toBe('malformed');

    const badClient = scriptedFetch(() => jsonAnswer(401, { error: 'invalid_client' }));
    const error = await createPayuRestClient(SETTINGS, badClient.fetch, () => NOW)
      .createOrder(BODY)
      .catch((caught: unknown) => caught);
    expect((error as PayuRestError).kind).toBe('unauthorized');
    expect((error as PayuRestError).message).not.toContain(CLIENT_SECRET);
  });

  it('retrieves an order (documented answer) and says null for DATA_NOT_FOUND', async () => {
    const documented = {
      orders: [
        {
          orderId: PAYU_ORDER_ID,
          extOrderId: 'KT123456042-1763700123456',
          orderCreateDate: '2014-10-27T14:58:17.443+01:00',
          notifyUrl: 'http://localhost/OrderNotify/',
          customerIp: '127.0.0.1',
          merchantPosId: '300746',
          description: 'New order',
          currencyCode: 'PLN',
          totalAmount: '3200',
          status: 'COMPLETED',
          products: [{ name: 'Product1', unitPrice: '1000', quantity: '1' }],
        },
      ],
      status: { statusCode: 'SUCCESS', statusDesc: 'Request processing successful' },
    };
    const { calls, fetch } = payu((call) =>
      call.url.endsWith(PAYU_ORDER_ID) ? jsonAnswer(200, documented) : jsonAnswer(404, { status: { statusCode: 'DATA_NOT_FOUND' } }),
    );
    const client = createPayuRestClient(SETTINGS, fetch, () => NOW);
    expect(await client.retrieveOrder(PAYU_ORDER_ID)).toMatchObject({ orderId: PAYU_ORDER_ID, totalAmount: '3200', status: 'COMPLETED' });
    expect(calls.at(-1)!.method).toBe('GET');
    expect(await client.retrieveOrder('OTHER')).toBeNull();
    await expect(client.retrieveOrder('../../admin')).rejects.toBeInstanceOf(PayuRestError);
  });

  it('asks for a refund with the shop’s extRefundId and reads PayU’s answer', async () => {
    const { calls, fetch } = payu(() =>
      jsonAnswer(200, {
        orderId: PAYU_ORDER_ID,
        refund: {
          refundId: '5000009987',
          extRefundId: 'refund-1',
          amount: '1000',
          currencyCode: 'PLN',
          description: 'Zwrot',
          creationDateTime: '2020-07-02T09:19:03.896+02:00',
          status: 'PENDING',
          statusDateTime: '2020-07-02T09:19:04.013+02:00',
        },
        status: { statusCode: 'SUCCESS', statusDesc: 'Refund queued for processing' },
      }),
    );
    const refund = await createPayuRestClient(SETTINGS, fetch, () => NOW).refund(PAYU_ORDER_ID, {
      amount: 1000,
      extRefundId: 'refund-1',
      description: 'Zwrot',
    });
    expect(refund).toMatchObject({ refundId: '5000009987', extRefundId: 'refund-1', amount: '1000', status: 'PENDING' });
    expect(calls.at(-1)!.url).toBe(`https://secure.snd.payu.com/api/v2_1/orders/${PAYU_ORDER_ID}/refunds`);
    expect(JSON.parse(calls.at(-1)!.body)).toEqual({ refund: { description: 'Zwrot', amount: '1000', extRefundId: 'refund-1' } });
  });
});

describe('PayU REST settings', () => {
  it('a blank address means the local simulator only where it runs; elsewhere it must be set', () => {
    const local = resolvePayuRestSettings(restSettings({ payu_rest_api_url: '' }), ENV);
    expect(local?.apiUrl).toBe('http://127.0.0.1:54321/functions/v1/payu-rest-simulator');
    expect(resolvePayuRestSettings(restSettings({ payu_rest_api_url: '' }), { ...ENV, localPaymentSimulator: false })).toBeNull();
    expect(
      resolvePayuRestSettings(restSettings({ payu_rest_api_url: 'https://secure.payu.com/' }), { ...ENV, localPaymentSimulator: false })
        ?.apiUrl,
    ).toBe('https://secure.payu.com');
  });

  it('refuses the seeded secrets outside the local backend, and logs no secret', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const seeded = restSettings({ payu_rest_client_secret: 'local-payu-rest-client-secret-change-me' });
    expect(resolvePayuRestSettings(seeded, ENV)).not.toBeNull();
    expect(resolvePayuRestSettings(seeded, { ...ENV, localPaymentSimulator: false })).toBeNull();
    expect(resolvePayuRestSettings(restSettings({ payu_rest_second_key: '' }), ENV)).toBeNull();
    expect(JSON.stringify(errors.mock.calls)).not.toContain('change-me');
    expect(JSON.stringify(errors.mock.calls)).not.toContain(SECOND_KEY);
  });

  it('says whether the shop uses REST', () => {
    expect(usesPayuRest({ payu_api: 'rest' })).toBe(true);
    expect(usesPayuRest({ payu_api: 'classic' })).toBe(false);
    expect(usesPayuRest({})).toBe(false);
  });
});

describe('startPayuRestPayment', () => {
  function deps(settings = restSettings(), answer?: (call: FetchCall) => Response | Promise<Response>) {
    const ledger = recordingLedger();
    const fetch = payu(answer);
    return { ledger, fetch, deps: { store: fakeRestStore(settings), ledger: ledger.ledger, env: ENV, fetch: fetch.fetch, now: () => NOW } };
  }

  it('creates PayU’s order from the stored order and records the pending attempt under PayU’s orderId', async () => {
    const { ledger, fetch, deps: d } = deps();
    const order = storedOrder();
    expect(await startPayuRestPayment(d, order, { customerIp: '203.0.113.7' })).toEqual({ url: REDIRECT });
    const body = JSON.parse(fetch.calls.at(-1)!.body) as PayuOrderCreateRequest;
    expect(body).toMatchObject({
      notifyUrl: 'http://127.0.0.1:54321/functions/v1/payu-notify',
      continueUrl: 'http://localhost:4173/checkout/success?payment=payu&orderId=KT123456042',
      customerIp: '203.0.113.7',
      merchantPosId: '300746',
      totalAmount: '4297',
      extOrderId: `KT123456042-${NOW}`,
    });
    expect(ledger.started).toEqual([
      { orderId: order.id, provider: 'payu-rest', providerPaymentId: PAYU_ORDER_ID, method: 'payu', amount: 4297 },
    ]);
  });

  it('sends a BLIK code when the POS takes codes, else preselects BLIK on PayU’s page', async () => {
    const pending = deps(restSettings(), () => jsonAnswer(201, { status: { statusCode: 'SUCCESS' }, orderId: PAYU_ORDER_ID }));
    const blikOrder = storedOrder({ paymentMethod: 'blik' });
    expect(await startPayuRestPayment(pending.deps, blikOrder, { blikCode: '777 123' })).toEqual({ blik: 'pending' });
    expect(JSON.parse(pending.fetch.calls.at(-1)!.body).payMethods).toEqual({
      payMethod: { type: 'BLIK_AUTHORIZATION_CODE', value: '777123' },
    });
    expect(pending.ledger.started[0]?.method).toBe('blik');

    const redirect = deps(restSettings({ payu_blik_code: 'false' }));
    expect(await startPayuRestPayment(redirect.deps, blikOrder, { blikCode: '777123' })).toEqual({ url: REDIRECT });
    expect(JSON.parse(redirect.fetch.calls.at(-1)!.body).payMethods).toEqual({ payMethod: { type: 'PBL', value: 'blik' } });

    await expect(startPayuRestPayment(deps().deps, blikOrder, { blikCode: '12345' })).rejects.toMatchObject({ status: 400 });
  });

  it('maps PayU’s answers to create-payment’s errors, and records nothing that did not start', async () => {
    const refusedBlik = deps(restSettings(), () => jsonAnswer(400, { status: { statusCode: 'ERROR_VALUE_INVALID' } }));
    await expect(
      startPayuRestPayment(refusedBlik.deps, storedOrder({ paymentMethod: 'blik' }), { blikCode: '500500' }),
    ).rejects.toMatchObject({
      status: 422,
      code: 'BLIK code rejected',
    });
    const down = deps(restSettings(), () => jsonAnswer(503, {}));
    const error = await startPayuRestPayment(down.deps, storedOrder()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 502, code: 'Failed to create payment session' });
    expect(refusedBlik.ledger.started).toEqual([]);
    expect(down.ledger.started).toEqual([]);
  });

  it('answers the configuration error for unusable settings or a missing SITE_URL', async () => {
    const hosted = deps(restSettings({ payu_rest_api_url: '' }));
    await expect(
      startPayuRestPayment({ ...hosted.deps, env: { ...ENV, localPaymentSimulator: false } }, storedOrder()),
    ).rejects.toMatchObject({
      status: 503,
      code: 'Payment gateway configuration is missing',
    });
    const noSite = deps();
    await expect(startPayuRestPayment({ ...noSite.deps, env: { ...ENV, siteUrl: undefined } }, storedOrder())).rejects.toMatchObject({
      status: 503,
    });
    expect(hosted.fetch.calls).toEqual([]);
  });
});
