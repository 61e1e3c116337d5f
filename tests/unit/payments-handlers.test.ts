import { describe, expect, it } from 'vitest';
import { createCreatePaymentHandler, STRIPE_CHECKOUT_SESSIONS_URL, type CreatePaymentDeps } from '../../functions/create-payment/handler.ts';
import { createPayuClassicPaymentHandler } from '../../functions/create-payu-classic-payment/handler.ts';
import { createPaymentNotificationHandler, signNotification } from '../../functions/payment-notification/handler.ts';
import { createPaymentSimulatorHandler } from '../../functions/payment-simulator/handler.ts';
import type { PaymentOrder, PaymentStore, PayuStatus } from '../../functions/_shared/payments.ts';
import { grosz } from '../../src/domain/money.ts';
import { checkRedirectUrl, verifyGatewaySignature } from '../../src/domain/payu-classic.ts';

const AUTH_KEY = 'test-auth-key';
const ORDER_ID = '0b7c7d0e-8f7a-4a53-9a51-4b7e2d1f0c11';
const NOW = 1_763_700_123_456;
const ENV = { supabaseUrl: 'http://127.0.0.1:54321', siteUrl: 'http://localhost:4173' };

function storedOrder(overrides: Partial<PaymentOrder> = {}): PaymentOrder {
  return {
    id: ORDER_ID,
    orderNumber: 'KT123456042',
    status: 'pending',
    payuStatus: null,
    paymentMethod: 'payu',
    deliveryMethod: 'inpost',
    total: grosz(4297),
    shippingCost: grosz(1299),
    customerName: 'Anna Maria Nowak',
    customerEmail: 'anna.nowak@example.pl',
    customerPhone: '+48 600 100 200',
    items: [
      { name: 'Róża czerwona', quantity: 2, price: grosz(999) },
      { name: 'Znicz', quantity: 1, price: grosz(1000) },
    ],
    ...overrides,
  };
}

function fakeStore(order: PaymentOrder | null = storedOrder(), settings: Record<string, string> = {}) {
  const updates: { orderId: string; payuStatus: PayuStatus; markProcessing: boolean }[] = [];
  const allSettings: Record<string, string> = {
    payu_classic_pos_id: '145227',
    payu_classic_pos_auth_key: AUTH_KEY,
    payu_classic_gateway_url: '',
    payu_classic_success_url: '',
    payu_classic_failure_url: '',
    stripe_secret_key: '',
    ...settings,
  };
  const current = { order };
  const store: PaymentStore = {
    findOrderById: async (id) => (current.order && id === current.order.id ? { ...current.order } : null),
    findOrderByNumber: async (number) => (current.order && number === current.order.orderNumber ? { ...current.order } : null),
    loadSettings: async (keys) => Object.fromEntries(keys.filter((key) => key in allSettings).map((key) => [key, allSettings[key]!])),
    updatePaymentStatus: async (orderId, payuStatus, markProcessing) => {
      updates.push({ orderId, payuStatus, markProcessing });
      if (!current.order) return;
      if (current.order.payuStatus !== 'COMPLETED') current.order.payuStatus = payuStatus;
      if (markProcessing && current.order.status === 'pending') current.order.status = 'processing';
    },
  };
  return { store, updates, current };
}

function postJson(body: unknown, url = 'http://functions.test/fn') {
  return new Request(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

function postForm(params: Record<string, string>, url = 'http://functions.test/functions/v1/payment-simulator') {
  return new Request(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
  });
}

const paymentBody = {
  orderId: ORDER_ID,
  description: 'Zamówienie KT123456042',
  totalAmount: 0.01,
  buyer: { email: 'intruder@example.pl', phone: '+48 700 000 000', firstName: 'Jan', lastName: 'Kowalski' },
  products: [{ name: 'Róża', unitPrice: 0.01, quantity: 1 }],
};

async function classicRedirect(store: PaymentStore, body: unknown = paymentBody) {
  const response = await createPayuClassicPaymentHandler({ store, env: ENV, now: () => NOW })(postJson(body));
  return { response, json: (await response.json()) as { success: boolean; redirectUrl?: string; error?: string } };
}

function queryOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url).searchParams);
}

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
    expect(verifyGatewaySignature(query, AUTH_KEY)).toBe(true);
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

  it('answers the §5 messages joined with commas and 400', async () => {
    const { store } = fakeStore();
    const { response, json } = await classicRedirect(store, { ...paymentBody, totalAmount: 0, buyer: { ...paymentBody.buyer, email: 'x@y' } });
    expect(response.status).toBe(400);
    expect(json).toEqual({ success: false, error: 'Invalid total amount, Invalid email format' });
  });

  it.each([
    ['not JSON', '{"orderId":'],
    ['an array', []],
    ['a number', 42],
    ['wrong types', { ...paymentBody, buyer: 'Anna', products: {}, totalAmount: '19.99' }],
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
    const request = new Request('http://functions.test/fn', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'x' });
    const response = await createPayuClassicPaymentHandler({ store, env: ENV, now: () => NOW })(request);
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ success: false });
  });

  it('answers 404 for an unknown order', async () => {
    const { store } = fakeStore(null);
    const { response, json } = await classicRedirect(store);
    expect(response.status).toBe(404);
    expect(json).toEqual({ success: false, error: 'Order not found' });
  });

  it.each([
    ['paid', { payuStatus: 'COMPLETED' }],
    ['processing', { status: 'processing' }],
    ['cancelled', { status: 'cancelled' }],
  ])('answers 409 for an order that is already %s', async (_label, change) => {
    const { store } = fakeStore(storedOrder(change));
    const { response, json } = await classicRedirect(store);
    expect(response.status).toBe(409);
    expect(json).toEqual({ success: false, error: 'Order is already paid or closed' });
  });

  it.each([
    ['no POS id', { payu_classic_pos_id: '' }, ENV],
    ['no auth key', { payu_classic_pos_auth_key: ' ' }, ENV],
    ['no site URL for the return pages', {}, { supabaseUrl: ENV.supabaseUrl }],
    ['a gateway URL that is not http(s)', { payu_classic_gateway_url: 'javascript:alert(1)' }, ENV],
  ])('answers 503 when the configuration has %s', async (_label, settings, env) => {
    const { store } = fakeStore(storedOrder(), settings);
    const response = await createPayuClassicPaymentHandler({ store, env, now: () => NOW })(postJson(paymentBody));
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ success: false, error: 'Payment gateway configuration is missing' });
  });

  it('keeps the URL within 2048 characters for an order with many long item names', async () => {
    const items = Array.from({ length: 15 }, (_, index) => ({ name: `Wiązanka żółtych róż ${index} `.repeat(6), quantity: 1, price: grosz(100) }));
    const { store } = fakeStore(storedOrder({ items, total: grosz(1500 + 1299) }));
    const { json } = await classicRedirect(store);
    expect(json.redirectUrl!.length).toBeLessThanOrEqual(2048);
    expect(verifyGatewaySignature(queryOf(json.redirectUrl!), AUTH_KEY)).toBe(true);
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
    const handler = createPayuClassicPaymentHandler({ store: fakeStore().store, env: ENV, now: () => NOW });
    expect((await handler(new Request('http://functions.test/fn', { method: 'OPTIONS' }))).status).toBe(200);
    expect((await handler(new Request('http://functions.test/fn'))).status).toBe(405);
  });
});

describe('create-payment', () => {
  function deps(store: PaymentStore, fetchImpl: CreatePaymentDeps['fetch'] = async () => new Response('{}', { status: 500 })) {
    return { store, env: ENV, fetch: fetchImpl, now: () => NOW } satisfies CreatePaymentDeps;
  }

  it('without a Stripe key sends a BLIK order to the signed local simulator', async () => {
    const { store } = fakeStore(storedOrder({ paymentMethod: 'blik' }));
    const response = await createCreatePaymentHandler(deps(store))(postJson({ orderId: ORDER_ID, items: [{ price: 0.01 }] }));
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    const query = queryOf(url);
    expect(url.startsWith('http://127.0.0.1:54321/functions/v1/payment-simulator?')).toBe(true);
    expect(query.amount).toBe('4297');
    expect(query.pow_url).toBe('http://localhost:4173/checkout/success?payment=blik&orderId=KT123456042');
    expect(verifyGatewaySignature(query, AUTH_KEY)).toBe(true);
  });

  it('with a Stripe key creates a Checkout Session from the stored order', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const { store } = fakeStore(storedOrder({ paymentMethod: 'stripe' }), { stripe_secret_key: 'sk_test_123' });
    const fakeFetch: CreatePaymentDeps['fetch'] = async (url, init) => {
      calls.push({ url, init });
      return new Response(JSON.stringify({ id: 'cs_test_1', url: 'https://checkout.stripe.test/c/cs_test_1' }), { status: 200 });
    };
    const response = await createCreatePaymentHandler(deps(store, fakeFetch))(postJson({ orderId: ORDER_ID }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ url: 'https://checkout.stripe.test/c/cs_test_1' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe(STRIPE_CHECKOUT_SESSIONS_URL);
    const headers = new Headers(calls[0]!.init.headers);
    expect(headers.get('authorization')).toBe('Bearer sk_test_123');
    expect(headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    const form = Object.fromEntries(new URLSearchParams(String(calls[0]!.init.body)));
    expect(form).toMatchObject({
      mode: 'payment',
      currency: 'pln',
      'payment_method_types[0]': 'card',
      'payment_method_types[1]': 'blik',
      success_url: 'http://localhost:4173/checkout/success?payment=stripe&orderId=KT123456042',
      cancel_url: 'http://localhost:4173/checkout/cancel?orderId=KT123456042',
      'metadata[order_id]': ORDER_ID,
      'line_items[0][price_data][unit_amount]': '999',
      'line_items[0][quantity]': '2',
      'line_items[2][price_data][product_data][name]': 'Dostawa',
      'line_items[2][price_data][unit_amount]': '1299',
    });
  });

  it('answers 502 with the Stripe message when Stripe refuses', async () => {
    const { store } = fakeStore(storedOrder({ paymentMethod: 'stripe' }), { stripe_secret_key: 'sk_test_123' });
    const fakeFetch: CreatePaymentDeps['fetch'] = async () =>
      new Response(JSON.stringify({ error: { message: 'Invalid API Key provided: sk_test_***123' } }), { status: 401 });
    const response = await createCreatePaymentHandler(deps(store, fakeFetch))(postJson({ orderId: ORDER_ID }));
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ error: 'Failed to create payment session', details: 'Invalid API Key provided: sk_test_***123' });
  });

  it('answers 502 when Stripe cannot be reached', async () => {
    const { store } = fakeStore(storedOrder({ paymentMethod: 'stripe' }), { stripe_secret_key: 'sk_test_123' });
    const original = console.error;
    console.error = () => undefined;
    const response = await createCreatePaymentHandler(
      deps(store, async () => {
        throw new TypeError('fetch failed');
      }),
    )(postJson({ orderId: ORDER_ID }));
    console.error = original;
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ error: 'Failed to create payment session' });
  });

  it('answers 404 with error and details for an unknown order', async () => {
    const { store } = fakeStore(null);
    const response = await createCreatePaymentHandler(deps(store))(postJson({ orderId: ORDER_ID }));
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

  it('refuses an order paid by bank transfer and one already paid', async () => {
    const transfer = await createCreatePaymentHandler(deps(fakeStore(storedOrder({ paymentMethod: 'transfer' })).store))(postJson({ orderId: ORDER_ID }));
    const paid = await createCreatePaymentHandler(deps(fakeStore(storedOrder({ payuStatus: 'COMPLETED' })).store))(postJson({ orderId: ORDER_ID }));
    expect(transfer.status).toBe(409);
    expect(paid.status).toBe(409);
  });
});

async function simulatorUrl(store: PaymentStore): Promise<string> {
  const { json } = await classicRedirect(store);
  return json.redirectUrl!;
}

describe('payment-simulator', () => {
  it('shows a Polish page with the order number, amount and email, and Pay/Cancel buttons', async () => {
    const { store } = fakeStore();
    const response = await createPaymentSimulatorHandler({ store })(new Request(await simulatorUrl(store)));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await response.text();
    expect(html).toContain('<html lang="pl">');
    expect(html).toContain('<title>Symulator płatności (lokalny)</title>');
    expect(html).toContain('KT123456042');
    expect(html).toMatch(/42,97\s*zł/);
    expect(html).toContain('anna.nowak@example.pl');
    expect(html).toContain('value="pay">Zapłać</button>');
    expect(html).toContain('value="cancel">Anuluj</button>');
    expect(html).not.toContain('<script');
    expect(html).not.toMatch(/(src|href)=/);
    expect(html).not.toContain(AUTH_KEY);
  });

  it('escapes what it shows', async () => {
    const { store } = fakeStore();
    const { json } = await classicRedirect(store, { ...paymentBody, description: '<img src=x onerror=alert(1)>' });
    const html = await (await createPaymentSimulatorHandler({ store })(new Request(json.redirectUrl!))).text();
    expect(html).not.toContain('<img');
    expect(html).toContain('&#60;img');
  });

  it.each([
    ['a changed amount', (url: URL) => url.searchParams.set('amount', '1')],
    ['no signature', (url: URL) => url.searchParams.delete('sig')],
    ['another POS', (url: URL) => url.searchParams.set('pos_id', '999')],
    ['a duplicated parameter', (url: URL) => url.searchParams.append('amount', '4297')],
  ])('refuses %s with a 400 page without buttons', async (_label, tamper) => {
    const { store } = fakeStore();
    const url = new URL(await simulatorUrl(store));
    tamper(url);
    const response = await createPaymentSimulatorHandler({ store })(new Request(url));
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('Nieprawidłowy podpis płatności');
    expect(html).not.toContain('<button');
  });

  it('pay records COMPLETED, moves the order to processing and redirects 303 to pow_url', async () => {
    const { store, current } = fakeStore();
    const params = queryOf(await simulatorUrl(store));
    const response = await createPaymentSimulatorHandler({ store })(postForm({ ...params, action: 'pay' }));
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('http://localhost:4173/checkout/success?payment=payu&orderId=KT123456042');
    expect(current.order).toMatchObject({ payuStatus: 'COMPLETED', status: 'processing' });
  });

  it('cancel records CANCELED, keeps the status and redirects 303 to pow_url_blad', async () => {
    const { store, current } = fakeStore();
    const params = queryOf(await simulatorUrl(store));
    const response = await createPaymentSimulatorHandler({ store })(postForm({ ...params, action: 'cancel' }));
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('http://localhost:4173/checkout/cancel?orderId=KT123456042');
    expect(current.order).toMatchObject({ payuStatus: 'CANCELED', status: 'pending' });
  });

  it.each([
    ['a tampered amount', { amount: '1' }],
    ['an unknown action', { action: 'refund' }],
    ['no action', { action: '' }],
  ])('refuses %s with 400 and records nothing', async (_label, change) => {
    const { store, updates } = fakeStore();
    const params = queryOf(await simulatorUrl(store));
    const response = await createPaymentSimulatorHandler({ store })(postForm({ ...params, action: 'pay', ...change }));
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(updates).toHaveLength(0);
  });

  it('refuses a signed javascript: return address', async () => {
    const { store, updates } = fakeStore(storedOrder(), { payu_classic_success_url: 'http://localhost:4173/checkout/success' });
    const params = queryOf(await simulatorUrl(store));
    // Signed correctly with the key, but the target is not http(s).
    const { signGatewayParams } = await import('../../src/domain/payu-classic.ts');
    const evil: Record<string, string> = { ...params, pow_url: 'javascript:alert(1)' };
    evil.sig = signGatewayParams(evil, AUTH_KEY);
    const response = await createPaymentSimulatorHandler({ store })(postForm({ ...evil, action: 'pay' }));
    expect(response.status).toBe(400);
    expect(updates).toHaveLength(0);
  });

  it('answers other methods with 405 HTML', async () => {
    const response = await createPaymentSimulatorHandler({ store: fakeStore().store })(new Request('http://functions.test/x', { method: 'PUT', body: 'x' }));
    expect(response.status).toBe(405);
    expect(response.headers.get('content-type')).toContain('text/html');
  });
});

function notification(overrides: Record<string, string> = {}, key = AUTH_KEY) {
  const fields: Record<string, string> = {
    pos_id: '145227',
    session_id: `KT123456042-${NOW}`,
    order_id: 'KT123456042',
    status: 'COMPLETED',
    amount: '4297',
    ts: String(NOW),
    ...overrides,
  };
  return { ...fields, sig: signNotification(fields, key) };
}

describe('payment-notification', () => {
  it('records a completed payment and answers { ok: true }, also when repeated', async () => {
    const { store, current, updates } = fakeStore();
    const handler = createPaymentNotificationHandler({ store });
    const first = await handler(postJson(notification()));
    const again = await handler(postJson(notification()));
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ ok: true });
    expect(again.status).toBe(200);
    expect(current.order).toMatchObject({ payuStatus: 'COMPLETED', status: 'processing' });
    expect(updates.map((update) => update.markProcessing)).toEqual([true, false]);
  });

  it('accepts a form-encoded report', async () => {
    const { store, current } = fakeStore();
    const response = await createPaymentNotificationHandler({ store })(postForm(notification({ status: 'CANCELED' })));
    expect(response.status).toBe(200);
    expect(current.order).toMatchObject({ payuStatus: 'CANCELED', status: 'pending' });
  });

  it('never turns a completed payment back into CANCELED', async () => {
    const { store, current, updates } = fakeStore(storedOrder({ payuStatus: 'COMPLETED', status: 'processing' }));
    const response = await createPaymentNotificationHandler({ store })(postJson(notification({ status: 'CANCELED' })));
    expect(response.status).toBe(200);
    expect(updates).toHaveLength(0);
    expect(current.order?.payuStatus).toBe('COMPLETED');
  });

  it.each([
    ['a bad signature', { ...notification(), sig: 'a'.repeat(32) }, 401],
    ['a signature with another key', notification({}, 'other-key'), 401],
    ['another POS id', notification({ pos_id: '1' }), 401],
    ['an unknown order', notification({ order_id: 'KT999999999' }), 404],
    ['another amount', notification({ amount: '1' }), 409],
    ['an unknown status', notification({ status: 'PAID' }), 400],
    ['missing fields', { pos_id: '145227' }, 400],
  ])('refuses %s', async (_label, body, status) => {
    const { store, updates } = fakeStore();
    const response = await createPaymentNotificationHandler({ store })(postJson(body));
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(updates).toHaveLength(0);
  });

  it.each([
    ['not JSON', '{'],
    ['an array', '[]'],
    ['a nested object', JSON.stringify({ ...notification(), amount: { value: 1 } })],
  ])('refuses %s with 400 JSON', async (_label, body) => {
    const { store } = fakeStore();
    const response = await createPaymentNotificationHandler({ store })(postJson(body));
    expect(response.status).toBe(400);
    expect(await response.json()).toHaveProperty('error');
  });
});
