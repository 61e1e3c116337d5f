import Stripe from 'stripe';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refundStripePayment, startStripeCheckout } from '../../functions/_shared/stripe-checkout.ts';
import { createStripeWebhookHandler } from '../../functions/stripe-webhook/handler.ts';
import { grosz } from '../../src/domain/money.ts';
import { createStripeSimulator } from '../../server/local-backend/payments/stripe-simulator.ts';
import { ORDER_ID, storedOrder } from './payment-fixtures.ts';
import {
  NOW_MS,
  NOW_S,
  REFUND_ID,
  SECRET_KEY,
  SIMULATOR_URL,
  WEBHOOK_SECRET,
  WEBHOOK_URL,
  fakeStripeDeps,
  hmacHex,
} from './stripe-fixtures.ts';

const SITE = 'http://localhost:4173';
const SETTINGS = { stripe_secret_key: SECRET_KEY, stripe_webhook_secret: WEBHOOK_SECRET };

interface Delivery {
  payload: string;
  signature: string;
  type: string;
}

/** The simulator with the shop's webhook answered by a recorder (or the real handler, for the round trip). */
function setup(options: { webhook?: (request: Request) => Promise<Response>; now?: () => number } = {}) {
  const fakes = fakeStripeDeps(SETTINGS);
  const deliveries: Delivery[] = [];
  const simulator = createStripeSimulator({
    store: fakes.store,
    baseUrl: SIMULATOR_URL,
    webhookUrl: WEBHOOK_URL,
    now: options.now ?? (() => NOW_MS),
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const payload = await request.clone().text();
      deliveries.push({
        payload,
        signature: request.headers.get('stripe-signature') ?? '',
        type: (JSON.parse(payload) as { type: string }).type,
      });
      return options.webhook ? options.webhook(request) : Response.json({ received: true });
    },
  });
  return { ...fakes, simulator, deliveries };
}

type Simulator = ReturnType<typeof createStripeSimulator>;

function sessionForm(overrides: Record<string, string> = {}): URLSearchParams {
  return new URLSearchParams({
    mode: 'payment',
    currency: 'pln',
    'allowed_payment_method_types[0]': 'card',
    'allowed_payment_method_types[1]': 'blik',
    success_url: `${SITE}/checkout/success?payment=card&orderId=KT123456042`,
    cancel_url: `${SITE}/checkout/cancel?orderId=KT123456042`,
    client_reference_id: ORDER_ID,
    'metadata[order_id]': ORDER_ID,
    'metadata[order_number]': 'KT123456042',
    expires_at: String(NOW_S + 31 * 60),
    'line_items[0][quantity]': '2',
    'line_items[0][price_data][currency]': 'pln',
    'line_items[0][price_data][unit_amount]': '999',
    'line_items[0][price_data][product_data][name]': 'Róża czerwona',
    'line_items[1][quantity]': '1',
    'line_items[1][price_data][currency]': 'pln',
    'line_items[1][price_data][unit_amount]': '2299',
    'line_items[1][price_data][product_data][name]': 'Dostawa',
    ...overrides,
  });
}

async function api(simulator: Simulator, method: string, path: string, form?: URLSearchParams, headers: Record<string, string> = {}) {
  const response = await simulator.handle(
    new Request(`${SIMULATOR_URL}${path}`, {
      method,
      headers: { Authorization: `Bearer ${SECRET_KEY}`, 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
      ...(form ? { body: form.toString() } : {}),
    }),
  );
  return { response, body: (await response.json()) as Record<string, unknown> & { error?: { code?: string; message: string } } };
}

async function openSession(simulator: Simulator, form = sessionForm()) {
  const { response, body } = await api(simulator, 'POST', '/v1/checkout/sessions', form);
  expect(response.status).toBe(200);
  return body;
}

function pay(simulator: Simulator, url: string, action: string) {
  return simulator.handle(
    new Request(url, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: `action=${action}` }),
  );
}

afterEach(() => vi.restoreAllMocks());

describe('Stripe simulator: the API', () => {
  it('opens a Checkout Session shaped as Stripe documents it, its total the sum of the lines', async () => {
    const { simulator } = setup();
    const session = await openSession(simulator);
    expect(session).toMatchObject({
      object: 'checkout.session',
      amount_subtotal: 4297,
      amount_total: 4297,
      currency: 'pln',
      client_reference_id: ORDER_ID,
      metadata: { order_id: ORDER_ID, order_number: 'KT123456042' },
      expires_at: NOW_S + 31 * 60,
      mode: 'payment',
      payment_intent: null,
      payment_method_types: ['card', 'blik'],
      payment_status: 'unpaid',
      status: 'open',
      livemode: false,
    });
    expect(session.id).toMatch(/^cs_test_[a-f0-9]+$/);
    expect(session.url).toBe(`${SIMULATOR_URL}/pay/${String(session.id)}`);
    const fetched = await api(simulator, 'GET', `/v1/checkout/sessions/${String(session.id)}`);
    expect(fetched.body).toEqual(session);
  });

  it('refuses a call without the secret key, and never echoes the key it got', async () => {
    const { simulator } = setup();
    for (const key of ['', 'sk_test_wrong_key']) {
      const { response, body } = await api(simulator, 'POST', '/v1/checkout/sessions', sessionForm(), {
        Authorization: key && `Bearer ${key}`,
      });
      expect(response.status).toBe(401);
      expect(JSON.stringify(body)).not.toContain('sk_test_');
    }
  });

  it.each([
    ['a line in another currency', { 'line_items[1][price_data][currency]': 'eur' }, 'line_items[1][price_data][currency]'],
    [
      'a unit amount that is not whole grosz',
      { 'line_items[0][price_data][unit_amount]': '9.99' },
      'line_items[0][price_data][unit_amount]',
    ],
    ['a quantity of zero', { 'line_items[0][quantity]': '0' }, 'line_items[0][quantity]'],
    ['a session expiring in under 30 minutes', { expires_at: String(NOW_S + 29 * 60) }, 'expires_at'],
    [
      'lines adding up to less than 2 zł',
      { 'line_items[0][price_data][unit_amount]': '50', 'line_items[1][price_data][unit_amount]': '50' },
      'line_items',
    ],
    ['a method it does not offer', { 'allowed_payment_method_types[1]': 'paypal' }, 'allowed_payment_method_types'],
    ['a return address that is not http(s)', { success_url: 'javascript:alert(1)' }, 'success_url'],
  ])('refuses %s with 400 naming the parameter', async (_label, overrides, param) => {
    const { simulator } = setup();
    const { response, body } = await api(simulator, 'POST', '/v1/checkout/sessions', sessionForm(overrides));
    expect(response.status).toBe(400);
    expect(body.error).toMatchObject({ type: 'invalid_request_error', param });
  });

  it('answers a repeated Idempotency-Key with the same session, and refuses it with other parameters', async () => {
    const { simulator } = setup();
    const headers = { 'Idempotency-Key': 'checkout-1' };
    const first = await api(simulator, 'POST', '/v1/checkout/sessions', sessionForm(), headers);
    const again = await api(simulator, 'POST', '/v1/checkout/sessions', sessionForm(), headers);
    expect(again.body.id).toBe(first.body.id);
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    const other = await api(simulator, 'POST', '/v1/checkout/sessions', sessionForm({ client_reference_id: 'other' }), headers);
    expect(other.response.status).toBe(400);
    expect(other.body.error?.code).toBe('idempotency_key_in_use');
  });

  it('answers an unknown session with 404 resource_missing', async () => {
    const { simulator } = setup();
    const { response, body } = await api(simulator, 'GET', '/v1/checkout/sessions/cs_test_00');
    expect(response.status).toBe(404);
    expect(body.error?.code).toBe('resource_missing');
  });
});

describe('Stripe simulator: the hosted page and webhooks', () => {
  it('shows the session in Polish with the three choices, without script', async () => {
    const { simulator } = setup();
    const session = await openSession(simulator);
    const page = await simulator.handle(new Request(String(session.url)));
    const html = await page.text();
    expect(page.status).toBe(200);
    for (const text of ['Zapłać kartą', 'Zapłać BLIK-iem', 'Anuluj', 'KT123456042', '42,97']) expect(html).toContain(text);
    expect(html).not.toMatch(/<script/i);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('a payment completes the session, signs checkout.session.completed as Stripe does, and returns the browser to success_url', async () => {
    const { simulator, deliveries } = setup();
    const session = await openSession(simulator);
    const answer = await pay(simulator, String(session.url), 'blik');
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`${SITE}/checkout/success?payment=card&orderId=KT123456042`);
    expect(deliveries.map((delivery) => delivery.type)).toEqual(['checkout.session.completed']);
    const { payload, signature } = deliveries[0]!;
    // The same header, computed independently of the stripe package (see stripe-fixtures.ts).
    expect(signature).toBe(`t=${NOW_S},v1=${hmacHex(WEBHOOK_SECRET, `${NOW_S}.${payload}`)}`);
    const event = await Stripe.webhooks.constructEventAsync(payload, signature, WEBHOOK_SECRET, 300, undefined, NOW_MS);
    expect(event.data.object).toMatchObject({ id: session.id, payment_status: 'paid', status: 'complete', amount_total: 4297 });
    const stored = await api(simulator, 'GET', `/v1/checkout/sessions/${String(session.id)}`);
    expect(stored.body).toMatchObject({ status: 'complete', payment_status: 'paid', url: null });
    expect(stored.body.payment_intent).toMatch(/^pi_/);
    // A second payment of the same session is not possible.
    expect((await pay(simulator, String(session.url), 'card')).status).toBe(409);
  });

  it('Anuluj returns the browser to cancel_url and leaves the session open, as Stripe does', async () => {
    const { simulator, deliveries } = setup();
    const session = await openSession(simulator);
    const answer = await pay(simulator, String(session.url), 'cancel');
    expect(answer.headers.get('location')).toBe(`${SITE}/checkout/cancel?orderId=KT123456042`);
    expect(deliveries).toHaveLength(0);
    expect((await api(simulator, 'GET', `/v1/checkout/sessions/${String(session.id)}`)).body.status).toBe('open');
  });

  it('a session past expires_at expires and says so with checkout.session.expired', async () => {
    let now = NOW_MS;
    const { simulator, deliveries } = setup({ now: () => now });
    const session = await openSession(simulator);
    now += 32 * 60 * 1000;
    const page = await simulator.handle(new Request(String(session.url)));
    expect(page.status).toBe(410);
    await simulator.idle();
    expect(deliveries.map((delivery) => delivery.type)).toEqual(['checkout.session.expired']);
  });

  it('refunds part of a paid session: pending at first, then refund.updated succeeded, never more than was paid', async () => {
    const { simulator, deliveries } = setup();
    const session = await openSession(simulator);
    await pay(simulator, String(session.url), 'card');
    const paymentIntent = String((await api(simulator, 'GET', `/v1/checkout/sessions/${String(session.id)}`)).body.payment_intent);
    const refund = await api(
      simulator,
      'POST',
      '/v1/refunds',
      new URLSearchParams({ payment_intent: paymentIntent, amount: '1000', 'metadata[refund_id]': REFUND_ID }),
    );
    expect(refund.body).toMatchObject({
      object: 'refund',
      amount: 1000,
      currency: 'pln',
      status: 'pending',
      metadata: { refund_id: REFUND_ID },
    });
    const tooMuch = await api(simulator, 'POST', '/v1/refunds', new URLSearchParams({ payment_intent: paymentIntent, amount: '3298' }));
    expect(tooMuch.body.error?.code).toBe('amount_too_large');
    await simulator.idle();
    expect(deliveries.map((delivery) => delivery.type)).toEqual([
      'checkout.session.completed',
      'refund.created',
      'refund.updated',
      'charge.refunded',
    ]);
  });
});

describe('the shop against the simulator (stripe package, simulator and webhook together)', () => {
  it('startStripeCheckout opens the session for the stored order, the payment reaches the ledger through the signed webhook, and a refund follows', async () => {
    const order = storedOrder({ paymentMethod: 'card' });
    const shop = fakeStripeDeps(SETTINGS, order);
    const webhook = createStripeWebhookHandler({
      store: shop.store,
      ledger: shop.ledger,
      env: { localPaymentSimulator: true },
      now: () => NOW_MS,
    });
    const { simulator } = setup({ webhook });
    const toSimulator = (input: string, init: RequestInit) => simulator.handle(new Request(input, init));
    const settings = { secretKey: SECRET_KEY, apiUrl: SIMULATOR_URL, siteUrl: SITE };

    const started = await startStripeCheckout({ ledger: shop.ledger, fetch: toSimulator, now: () => NOW_MS }, order, settings);
    expect(started.url).toBe(`${SIMULATOR_URL}/pay/${started.sessionId}`);
    expect(shop.starts).toEqual([
      { orderId: ORDER_ID, provider: 'stripe', providerPaymentId: started.sessionId, method: 'card', amount: 4297 },
    ]);
    // A double click within the same minute gets the same session (same parameters, same idempotency key).
    const again = await startStripeCheckout({ ledger: shop.ledger, fetch: toSimulator, now: () => NOW_MS + 1000 }, order, settings);
    expect(again.sessionId).toBe(started.sessionId);

    await pay(simulator, started.url, 'card');
    expect(shop.payments).toHaveLength(1);
    expect(shop.payments[0]).toMatchObject({
      provider: 'stripe',
      orderId: ORDER_ID,
      providerPaymentId: started.sessionId,
      amount: order.total,
      currency: 'PLN',
      state: 'completed',
    });
    const paymentIntent = shop.payments[0]!.chargeId!;
    expect(paymentIntent).toMatch(/^pi_/);

    const refund = await refundStripePayment(settings, toSimulator, { paymentIntent, amount: grosz(1299), refundId: REFUND_ID });
    expect(refund).toMatchObject({ state: 'pending', amount: 1299, currency: 'PLN' });
    await simulator.idle();
    expect(shop.refunds.map((event) => [event.refundId, event.providerRefundId, event.amount, event.state])).toEqual([
      [REFUND_ID, refund.providerRefundId, 1299, 'pending'],
      [REFUND_ID, refund.providerRefundId, 1299, 'completed'],
    ]);
  });

  it('the session’s lines are the stored order’s, with shipping, and services as a line so they add up to the total', async () => {
    // 2 × 9,99 + 10,00 + shipping 12,99 = 42,97; a total of 52,97 holds 10,00 of services (orders.services_cost).
    const order = storedOrder({ paymentMethod: 'blik', total: grosz(5297) });
    const shop = fakeStripeDeps(SETTINGS, order);
    const { simulator } = setup();
    const started = await startStripeCheckout(
      { ledger: shop.ledger, fetch: (input, init) => simulator.handle(new Request(input, init)), now: () => NOW_MS },
      order,
      { secretKey: SECRET_KEY, apiUrl: SIMULATOR_URL, siteUrl: SITE },
    );
    const html = await (await simulator.handle(new Request(started.url))).text();
    for (const text of ['Róża czerwona × 2', 'Znicz × 1', 'Dostawa × 1', 'Usługi dodatkowe × 1', '52,97']) expect(html).toContain(text);
  });
});
