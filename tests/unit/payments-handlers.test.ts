import { describe, expect, it } from 'vitest';
import { createCreatePaymentHandler, chooseGateway, type CreatePaymentDeps } from '../../functions/create-payment/handler.ts';
import { createPayuClassicPaymentHandler } from '../../functions/create-payu-classic-payment/handler.ts';
import type { PaymentStore } from '../../functions/_shared/payments.ts';
import { grosz } from '../../src/domain/money.ts';
import { checkRedirectUrl } from '../../src/domain/payu-classic-checks.ts';
import { verifyPaymentStart } from '../../src/domain/payu-classic-validation.ts';
import {
  ACCESS_KEY,
  LINK_TOKEN,
  AUTH_KEY,
  ENV,
  NOW,
  ORDER_ID,
  authenticate,
  OWNER_TOKEN,
  SHOP_OWNER_TOKEN,
  STRANGER_TOKEN,
  classicRedirect,
  fakeStore,
  paymentBody,
  postJson,
  queryOf,
  storedOrder,
} from './payment-fixtures.ts';
import { GUEST_HEADERS } from './caller-fixtures.ts';

describe('create-payu-classic-payment', () => {
  it('signs a redirect to the local simulator built from the stored order, ignoring the body prices and buyer', async () => {
    const { store } = fakeStore();
    const { response, json } = await classicRedirect(store);
    expect(response.status).toBe(200);
    expect(json.success).toBe(true);
    const url = json.redirectUrl!;
    expect(url.startsWith('http://127.0.0.1:54321/functions/v1/payment-simulator?')).toBe(true);
    expect(url.length).toBeLessThanOrEqual(2048);
    expect(checkRedirectUrl(url).valid).toBe(true);
    const query = queryOf(url);
    expect(verifyPaymentStart(query, AUTH_KEY)).toBe(true);
    expect(query).toMatchObject({
      pos_id: '145227',
      amount: '4297',
      order_id: 'KT123456042',
      session_id: `KT123456042-${NOW}`,
      ts: String(NOW),
      client_email: 'anna.nowak@example.pl',
      first_name: 'Anna Maria',
      last_name: 'Nowak',
      phone: '+48600100200',
      desc: 'Zamówienie KT123456042',
      pow_url: 'http://localhost:4173/checkout/success?payment=payu&orderId=KT123456042',
      pow_url_blad: 'http://localhost:4173/checkout/cancel?orderId=KT123456042',
      order_1_name: 'Róża czerwona',
      order_1_price: '999',
      order_1_quantity: '2',
      order_3_name: 'Dostawa',
      order_3_price: '1299',
    });
    expect(query.pos_auth_key).toBeUndefined();
  });

  it('uses the configured gateway and return addresses when they are set', async () => {
    const { store } = fakeStore(storedOrder(), {
      payu_classic_gateway_url: 'https://secure.payu.test/paygw/UTF/NewPayment',
      payu_classic_success_url: 'https://kwiaciarnia.test/checkout/success',
      payu_classic_failure_url: 'https://kwiaciarnia.test/checkout/cancel',
    });
    const { json } = await classicRedirect(store, { ...paymentBody, description: '' });
    expect(json.redirectUrl!.startsWith('https://secure.payu.test/paygw/UTF/NewPayment?')).toBe(true);
    expect(queryOf(json.redirectUrl!)).toMatchObject({
      desc: 'Zamówienie KT123456042',
      pow_url: 'https://kwiaciarnia.test/checkout/success?payment=payu&orderId=KT123456042',
    });
  });

  it('signs nothing the caller chose: a description sent in the body never reaches the gateway', async () => {
    const { store } = fakeStore();
    const { json } = await classicRedirect(store, { ...paymentBody, description: '4297KT999999999145227sCOMPLETED1' });
    expect(json.redirectUrl).not.toContain('COMPLETED');
    expect(queryOf(json.redirectUrl!).desc).toBe('Zamówienie KT123456042');
  });

  it.each([
    ['the device key from place-order', { accessKey: ACCESS_KEY }, undefined, 200],
    ['the buyer signed in on another device', { accessKey: undefined }, OWNER_TOKEN, 200],
    ['the shop owner (payment tests)', { accessKey: undefined }, SHOP_OWNER_TOKEN, 200],
    ['a guest with only the order id', { accessKey: undefined }, undefined, 403],
    ['a wrong device key', { accessKey: 'x'.repeat(43) }, undefined, 403],
    ["the order page's link token from a mail", { accessKey: undefined, linkToken: LINK_TOKEN }, undefined, 200],
    ['a link token of no link (or expired, revoked)', { accessKey: undefined, linkToken: 'y'.repeat(43) }, undefined, 403],
    ['another signed-in customer', { accessKey: undefined }, STRANGER_TOKEN, 403],
    ['an expired session', { accessKey: undefined }, 'expired-token', 401],
  ])('%s → %s', async (_label, change, token, status) => {
    const { store, updates } = fakeStore();
    const { response, json } = await classicRedirect(store, { ...paymentBody, ...change }, token);
    expect(response.status).toBe(status);
    if (status !== 200) {
      expect(json.success).toBe(false);
      expect(JSON.stringify(json)).not.toContain('anna.nowak');
      expect(updates).toEqual([]);
    }
  });

  it('applies the docs/spec.md §5 checks to the stored order it would send', async () => {
    const { store } = fakeStore(storedOrder({ customerEmail: 'x@y' }));
    const { response, json } = await classicRedirect(store);
    expect(response.status).toBe(422);
    expect(json).toEqual({ success: false, error: 'Invalid email format' });
  });

  it('refuses the seeded keys outside the local backend, with the configuration message', async () => {
    const { store } = fakeStore(storedOrder(), {
      payu_classic_pos_auth_key: 'local-pos-auth-key-change-me',
      payu_classic_gateway_url: 'https://secure.payu.test/paygw/UTF/NewPayment',
    });
    const original = console.error;
    const logged: unknown[] = [];
    console.error = (...args: unknown[]) => logged.push(args);
    const response = await createPayuClassicPaymentHandler({
      authenticate,
      store,
      env: { ...ENV, localPaymentSimulator: false },
      now: () => NOW,
    })(postJson(paymentBody));
    console.error = original;
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ success: false, error: 'Brak konfiguracji bramki płatności.' });
    expect(JSON.stringify(logged)).toContain('seeded');
  });

  it('without the local variable a blank gateway address is a missing configuration, not the simulator', async () => {
    const { store } = fakeStore();
    const response = await createPayuClassicPaymentHandler({
      authenticate,
      store,
      env: { ...ENV, localPaymentSimulator: false },
      now: () => NOW,
    })(postJson(paymentBody));
    expect(response.status).toBe(503);
  });

  it.each([
    ['not JSON', '{"orderId":'],
    ['an array', []],
    ['a number', 42],
    ['an order id of the wrong type', { ...paymentBody, orderId: 42 }],
  ])('refuses %s with a 4xx JSON error, never a stack', async (_label, body) => {
    const { store } = fakeStore();
    const { response, json } = await classicRedirect(store, body);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(json.success).toBe(false);
    expect(typeof json.error).toBe('string');
    expect(json.error).not.toMatch(/at .*\.ts/);
  });

  it('refuses a body that is not JSON by content type', async () => {
    const { store } = fakeStore();
    const request = new Request('http://functions.test/fn', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', ...GUEST_HEADERS },
      body: 'x',
    });
    const response = await createPayuClassicPaymentHandler({ authenticate, store, env: ENV, now: () => NOW })(request);
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ success: false });
  });

  it('answers 404 for an unknown order', async () => {
    const { store } = fakeStore(null);
    const { response, json } = await classicRedirect(store);
    expect(response.status).toBe(404);
    expect(json).toEqual({ success: false, error: 'Nie znaleziono zamówienia.' });
  });

  it.each([
    ['paid', { payuStatus: 'COMPLETED' }],
    ['processing', { status: 'processing' }],
    ['cancelled', { status: 'cancelled' }],
  ])('answers 409 for an order that is already %s', async (_label, change) => {
    const { store } = fakeStore(storedOrder(change));
    const { response, json } = await classicRedirect(store);
    expect(response.status).toBe(409);
    expect(json).toEqual({ success: false, error: 'To zamówienie jest już opłacone lub zamknięte.' });
  });

  it.each([
    ['no POS id', { payu_classic_pos_id: '' }, ENV],
    ['no auth key', { payu_classic_pos_auth_key: ' ' }, ENV],
    ['no second key', { payu_classic_key2: '' }, ENV],
    ['the same key twice', { payu_classic_key2: AUTH_KEY }, ENV],
    ['no site URL for the return pages', {}, { supabaseUrl: ENV.supabaseUrl, localPaymentSimulator: true }],
    ['a gateway URL that is not http(s)', { payu_classic_gateway_url: 'javascript:alert(1)' }, ENV],
  ])('answers 503 when the configuration has %s', async (_label, settings, env) => {
    const { store } = fakeStore(storedOrder(), settings);
    const response = await createPayuClassicPaymentHandler({ authenticate, store, env, now: () => NOW })(postJson(paymentBody));
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ success: false, error: 'Brak konfiguracji bramki płatności.' });
  });

  it('keeps the URL within 2048 characters for an order with many long item names', async () => {
    const items = Array.from({ length: 15 }, (_, index) => ({
      name: `Wiązanka żółtych róż ${index} `.repeat(6),
      quantity: 1,
      price: grosz(100),
    }));
    const { store } = fakeStore(storedOrder({ items, total: grosz(1500 + 1299) }));
    const { json } = await classicRedirect(store);
    expect(json.redirectUrl!.length).toBeLessThanOrEqual(2048);
    expect(verifyPaymentStart(queryOf(json.redirectUrl!), AUTH_KEY)).toBe(true);
  });

  it('hides an unexpected failure behind a JSON 500', async () => {
    const { store } = fakeStore();
    store.findOrderById = async () => {
      throw new Error('connection refused at /srv/secret/path.ts:12');
    };
    const original = console.error;
    console.error = () => undefined;
    const { response, json } = await classicRedirect(store);
    console.error = original;
    expect(response.status).toBe(500);
    expect(JSON.stringify(json)).not.toContain('secret');
  });

  it('answers the CORS preflight and refuses GET', async () => {
    const handler = createPayuClassicPaymentHandler({ authenticate, store: fakeStore().store, env: ENV, now: () => NOW });
    expect((await handler(new Request('http://functions.test/fn', { method: 'OPTIONS' }))).status).toBe(200);
    expect((await handler(new Request('http://functions.test/fn'))).status).toBe(405);
  });
});

describe('create-payment', () => {
  function deps(store: PaymentStore, fetchImpl: CreatePaymentDeps['fetch'] = async () => new Response('{}', { status: 500 })) {
    return { authenticate, store, env: ENV, fetch: fetchImpl, now: () => NOW } satisfies CreatePaymentDeps;
  }

  it('without a Stripe key sends a BLIK order to the signed local simulator', async () => {
    const { store } = fakeStore(storedOrder({ paymentMethod: 'blik' }));
    const response = await createCreatePaymentHandler(deps(store))(
      postJson({ orderId: ORDER_ID, accessKey: ACCESS_KEY, items: [{ price: 0.01 }] }),
    );
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    const query = queryOf(url);
    expect(url.startsWith('http://127.0.0.1:54321/functions/v1/payment-simulator?')).toBe(true);
    expect(query.amount).toBe('4297');
    expect(query.pow_url).toBe('http://localhost:4173/checkout/success?payment=blik&orderId=KT123456042');
    expect(verifyPaymentStart(query, AUTH_KEY)).toBe(true);
  });

  it('with a Stripe key opens a Checkout Session from the stored order and records it as pending', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const { store, current } = fakeStore(storedOrder({ paymentMethod: 'stripe' }), { stripe_secret_key: 'sk_test_123' });
    const started: unknown[] = [];
    store.startPayment = async (start) => {
      started.push(start);
    };
    const fakeFetch: CreatePaymentDeps['fetch'] = async (url, init) => {
      calls.push({ url, init });
      const session = { id: 'cs_test_1', object: 'checkout.session', url: 'https://checkout.stripe.test/c/cs_test_1', amount_total: 4297 };
      return new Response(JSON.stringify(session), { status: 200, headers: { 'Content-Type': 'application/json' } });
    };
    const response = await createCreatePaymentHandler(deps(store, fakeFetch))(postJson({ orderId: ORDER_ID, accessKey: ACCESS_KEY }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ url: 'https://checkout.stripe.test/c/cs_test_1' });
    expect(calls).toHaveLength(1);
    // Locally a blank stripe_api_url means the simulator; the path is Stripe's own.
    expect(calls[0]!.url).toBe('http://127.0.0.1:54321/functions/v1/stripe-simulator/v1/checkout/sessions');
    expect(new Headers(calls[0]!.init.headers).get('authorization')).toBe('Bearer sk_test_123');
    const form = Object.fromEntries(new URLSearchParams(String(calls[0]!.init.body)));
    expect(form).toMatchObject({
      mode: 'payment',
      currency: 'pln',
      success_url: 'http://localhost:4173/checkout/success?payment=stripe&orderId=KT123456042',
      cancel_url: 'http://localhost:4173/checkout/cancel?orderId=KT123456042',
      'metadata[order_id]': ORDER_ID,
      'line_items[0][price_data][unit_amount]': '999',
      'line_items[0][quantity]': '2',
      'line_items[2][price_data][product_data][name]': 'Dostawa',
      'line_items[2][price_data][unit_amount]': '1299',
    });
    expect(started).toEqual([{ orderId: ORDER_ID, provider: 'stripe', providerPaymentId: 'cs_test_1', method: 'stripe', amount: 4297 }]);
    expect(current.order!.payuStatus).toBeNull();
  });

  it('answers 502 when Stripe refuses or cannot be reached', async () => {
    const original = console.error;
    console.error = () => undefined;
    for (const fakeFetch of [
      async () => new Response(JSON.stringify({ error: { message: 'Invalid API Key provided: sk_test_***123' } }), { status: 401 }),
      async () => {
        throw new TypeError('fetch failed');
      },
    ] satisfies CreatePaymentDeps['fetch'][]) {
      const { store } = fakeStore(storedOrder({ paymentMethod: 'stripe' }), { stripe_secret_key: 'sk_test_123' });
      const response = await createCreatePaymentHandler(deps(store, fakeFetch))(postJson({ orderId: ORDER_ID, accessKey: ACCESS_KEY }));
      expect(response.status).toBe(502);
      expect(await response.json()).toMatchObject({ error: 'Failed to create payment session' });
    }
    console.error = original;
  });

  it.each([
    ['payu', { stripe: true, payuRest: true }, 'payu-rest'],
    ['payu', { stripe: true, payuRest: false }, 'payu-classic'],
    ['blik', { stripe: true, payuRest: true }, 'payu-rest'],
    ['blik', { stripe: true, payuRest: false }, 'stripe'],
    ['blik', { stripe: false, payuRest: false }, 'payu-classic'],
    ['stripe', { stripe: true, payuRest: true }, 'stripe'],
    ['stripe', { stripe: false, payuRest: true }, 'payu-rest'],
    ['card', { stripe: false, payuRest: false }, 'payu-classic'],
  ] as const)('a %s order with %o goes to %s', (method, configured, gateway) => {
    expect(chooseGateway(method, configured)).toBe(gateway);
  });

  it('answers 404 with error and details for an unknown order', async () => {
    const { store } = fakeStore(null);
    const response = await createCreatePaymentHandler(deps(store))(postJson({ orderId: ORDER_ID, accessKey: ACCESS_KEY }));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Order not found', details: 'Nie znaleziono zamówienia.' });
  });

  it.each([
    ['not JSON', '{', 400],
    ['an array', [], 400],
    ['no order id', { items: [] }, 400],
    ['an order id of the wrong type', { orderId: 5 }, 400],
  ])('refuses %s with a JSON error', async (_label, body, status) => {
    const { store } = fakeStore();
    const response = await createCreatePaymentHandler(deps(store))(postJson(body));
    expect(response.status).toBe(status);
    const json = (await response.json()) as { error: string; details: string };
    expect(typeof json.error).toBe('string');
    expect(typeof json.details).toBe('string');
  });

  it('refuses a stranger with 403 and shows them nothing of the buyer', async () => {
    const { store } = fakeStore(storedOrder({ paymentMethod: 'blik' }));
    const response = await createCreatePaymentHandler(deps(store))(postJson({ orderId: ORDER_ID }));
    expect(response.status).toBe(403);
    const json = (await response.json()) as { error: string; details: string };
    expect(json.error).toBe('Access denied');
    expect(JSON.stringify(json)).not.toContain('anna');
  });

  it('refuses an order paid by bank transfer and one already paid', async () => {
    const transfer = await createCreatePaymentHandler(deps(fakeStore(storedOrder({ paymentMethod: 'transfer' })).store))(
      postJson({ orderId: ORDER_ID, accessKey: ACCESS_KEY }),
    );
    const paid = await createCreatePaymentHandler(deps(fakeStore(storedOrder({ payuStatus: 'COMPLETED' })).store))(
      postJson({ orderId: ORDER_ID, accessKey: ACCESS_KEY }),
    );
    expect(transfer.status).toBe(409);
    expect(paid.status).toBe(409);
  });
});
