import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStripeWebhookHandler, MAX_WEBHOOK_BYTES } from '../../functions/stripe-webhook/handler.ts';
import { ORDER_ID } from './payment-fixtures.ts';
import {
  NOW_MS,
  NOW_S,
  REFUND_ID,
  WEBHOOK_SECRET,
  checkoutSession,
  fakeStripeDeps,
  hmacHex,
  signatureHeader,
  stripeEvent,
  webhookRequest,
} from './stripe-fixtures.ts';

function setup(options: { settings?: Record<string, string>; local?: boolean } = {}) {
  const fakes = fakeStripeDeps(options.settings);
  const handler = createStripeWebhookHandler({
    store: fakes.store,
    ledger: fakes.ledger,
    env: { localPaymentSimulator: options.local ?? false },
    now: () => NOW_MS,
  });
  return { ...fakes, handler };
}

/** Stripe sends its events pretty-printed; the signature covers those exact bytes. */
function payloadOf(event: Record<string, unknown>): string {
  return JSON.stringify(event, null, 2);
}

async function send(handler: (request: Request) => Promise<Response>, payload: string, header?: string | null) {
  const response = await handler(webhookRequest(payload, header === undefined ? signatureHeader(payload) : header));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

afterEach(() => vi.restoreAllMocks());

describe('the Stripe signature scheme the tests sign with', () => {
  // stripe-node's own vectors for its crypto providers: test/crypto/helpers.ts
  // (github.com/stripe/stripe-node, createCryptoProviderTestSuite, secret 'test_secret').
  it.each([
    ['', 'f7f9bd47fb987337b5796fdc1fdb9ba221d0d5396814bfcaf9521f43fd8927fd'],
    [JSON.stringify({ obj1: 'hello', obj2: 'world' }), 'bebb1a643997f419b315ddba19e6f5411e1ce7f810ba6d3617ce72823092f363'],
    ['\ud83d\ude00', '837da296d05c4fe31f61d5d7ead035099d9585a5bcde87de952012a78f0b0c43'],
  ])('HMAC-SHA256 hex of %j matches stripe-node’s vector', (payload, expected) => {
    expect(hmacHex('test_secret', payload)).toBe(expected);
  });

  it('a header built by hand (t=…,v1=HMAC of "t.body") is what the handler accepts, so neither side can drift alone', async () => {
    const { handler, payments } = setup();
    const payload = payloadOf(stripeEvent('checkout.session.completed', checkoutSession()));
    const header = `t=${NOW_S},v1=${hmacHex(WEBHOOK_SECRET, `${NOW_S}.${payload}`)}`;
    expect((await send(handler, payload, header)).status).toBe(200);
    expect(payments).toHaveLength(1);
  });
});

describe('stripe-webhook', () => {
  it('applies a verified, paid checkout.session.completed once, with the session’s own fields', async () => {
    const { handler, ledger, payments } = setup();
    const event = stripeEvent('checkout.session.completed', checkoutSession());
    const result = await send(handler, payloadOf(event));
    expect(result).toEqual({ status: 200, body: { received: true, outcome: 'applied' } });
    expect(ledger.applyPaymentEvent).toHaveBeenCalledTimes(1);
    expect(payments[0]).toEqual({
      provider: 'stripe',
      eventId: 'evt_1NG8Du2eZvKYlo2CUI79vXWy',
      orderId: ORDER_ID,
      providerPaymentId: 'cs_test_a1b2c3',
      method: 'card',
      amount: 4297,
      currency: 'PLN',
      state: 'completed',
      chargeId: 'pi_3MtwBwLkdIwHu7ix28a3tqPa',
      content: event,
    });
  });

  it('records a completed but unpaid session (a delayed method) as pending', async () => {
    const { handler, payments } = setup();
    const session = checkoutSession({ payment_status: 'unpaid', payment_intent: null });
    await send(handler, payloadOf(stripeEvent('checkout.session.completed', session)));
    expect(payments.map((event) => [event.state, event.chargeId])).toEqual([['pending', null]]);
  });

  it.each([
    ['checkout.session.async_payment_succeeded', 'completed'],
    ['checkout.session.async_payment_failed', 'rejected'],
    ['checkout.session.expired', 'canceled'],
  ])('%s → %s', async (type, state) => {
    const { handler, payments } = setup();
    await send(handler, payloadOf(stripeEvent(type, checkoutSession({ payment_status: type.endsWith('succeeded') ? 'paid' : 'unpaid' }))));
    expect(payments.map((event) => event.state)).toEqual([state]);
  });

  it('finds the order by metadata.order_id when client_reference_id is missing, and refuses a session naming two orders', async () => {
    const { handler, payments } = setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await send(handler, payloadOf(stripeEvent('checkout.session.completed', checkoutSession({ client_reference_id: null }))));
    expect(payments.map((event) => event.orderId)).toEqual([ORDER_ID]);
    const twoOrders = checkoutSession({ client_reference_id: '11111111-2222-4333-8444-555555555555' });
    const result = await send(handler, payloadOf(stripeEvent('checkout.session.completed', twoOrders, 'evt_two')));
    expect(result.body).toEqual({ received: true, ignored: 'no_order' });
    expect(payments).toHaveLength(1);
  });

  it('acknowledges a session without an order id and changes nothing', async () => {
    const { handler, store, ledger } = setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const session = checkoutSession({ client_reference_id: null, metadata: {} });
    const result = await send(handler, payloadOf(stripeEvent('checkout.session.completed', session)));
    expect(result).toEqual({ status: 200, body: { received: true, ignored: 'no_order' } });
    expect(store.findOrderById).not.toHaveBeenCalled();
    expect(ledger.applyPaymentEvent).not.toHaveBeenCalled();
  });

  it('acknowledges and ignores an event type it does not act on', async () => {
    const { handler, ledger } = setup();
    const result = await send(handler, payloadOf(stripeEvent('payment_intent.succeeded', { id: 'pi_1', object: 'payment_intent' })));
    expect(result).toEqual({ status: 200, body: { received: true, ignored: 'event_type' } });
    expect(ledger.applyPaymentEvent).not.toHaveBeenCalled();
    expect(ledger.applyRefundEvent).not.toHaveBeenCalled();
  });

  it('refuses a signature made with another secret, before reading anything of the event', async () => {
    const { handler, store, ledger } = setup();
    const payload = payloadOf(stripeEvent('checkout.session.completed', checkoutSession()));
    const result = await send(handler, payload, signatureHeader(payload, 'whsec_someone_else'));
    expect(result).toEqual({ status: 401, body: { error: 'invalid_signature', message: 'Invalid webhook signature' } });
    expect(store.findOrderById).not.toHaveBeenCalled();
    expect(ledger.applyPaymentEvent).not.toHaveBeenCalled();
  });

  it('refuses a body changed after signing (the amount raised)', async () => {
    const { handler, ledger } = setup();
    const signed = payloadOf(stripeEvent('checkout.session.completed', checkoutSession({ amount_total: 1 })));
    const sent = signed.replace('"amount_total": 1,', '"amount_total": 4297,');
    expect(sent).not.toBe(signed);
    expect((await send(handler, sent, signatureHeader(signed))).status).toBe(401);
    expect(ledger.applyPaymentEvent).not.toHaveBeenCalled();
  });

  it('refuses a webhook signed more than 300 s ago and takes one signed 300 s ago', async () => {
    const { handler, payments } = setup();
    const payload = payloadOf(stripeEvent('checkout.session.completed', checkoutSession()));
    const stale = await send(handler, payload, signatureHeader(payload, WEBHOOK_SECRET, NOW_S - 301));
    expect(stale).toEqual({ status: 401, body: { error: 'signature_expired', message: 'The webhook signature is too old' } });
    expect(payments).toHaveLength(0);
    expect((await send(handler, payload, signatureHeader(payload, WEBHOOK_SECRET, NOW_S - 300))).status).toBe(200);
    expect(payments).toHaveLength(1);
  });

  it('answers 400 without a Stripe-Signature header, 401 for one without t= and v1=', async () => {
    const { handler, ledger } = setup();
    const payload = payloadOf(stripeEvent('checkout.session.completed', checkoutSession()));
    expect(await send(handler, payload, null)).toEqual({
      status: 400,
      body: { error: 'missing_signature', message: 'The Stripe-Signature header is missing' },
    });
    expect((await send(handler, payload, 'garbage')).status).toBe(401);
    expect(ledger.applyPaymentEvent).not.toHaveBeenCalled();
  });

  it('answers 503 without a webhook secret, and refuses the seeded local one outside the local backend', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const payload = payloadOf(stripeEvent('checkout.session.completed', checkoutSession()));
    const blank = setup({ settings: { stripe_webhook_secret: '' } });
    expect((await send(blank.handler, payload)).status).toBe(503);
    const seeded = setup({ settings: { stripe_webhook_secret: 'whsec_local_change_me' } });
    const signedWithSeed = signatureHeader(payload, 'whsec_local_change_me');
    expect(await send(seeded.handler, payload, signedWithSeed)).toEqual({
      status: 503,
      body: { error: 'configuration_missing', message: 'Stripe webhook configuration is missing' },
    });
    expect(seeded.ledger.applyPaymentEvent).not.toHaveBeenCalled();
    const local = setup({ settings: { stripe_webhook_secret: 'whsec_local_change_me' }, local: true });
    expect((await send(local.handler, payload, signedWithSeed)).status).toBe(200);
  });

  it('refuses a body over the limit with 413, and anything but POST with 405', async () => {
    const { handler, ledger } = setup();
    const huge = JSON.stringify({ padding: 'x'.repeat(MAX_WEBHOOK_BYTES) });
    expect((await send(handler, huge)).status).toBe(413);
    const get = await handler(new Request('http://functions.test/stripe-webhook'));
    expect(get.status).toBe(405);
    expect(ledger.applyPaymentEvent).not.toHaveBeenCalled();
  });

  it('answers a signed body that is not JSON, or not an event, with 400', async () => {
    const { handler } = setup();
    expect((await send(handler, 'not json')).body).toEqual({ error: 'invalid_json', message: 'The webhook body is not JSON' });
    expect((await send(handler, '{"hello":"world"}')).status).toBe(400);
  });

  it('still acknowledges an event the ledger refuses (a wrong amount), and logs it for the owner', async () => {
    const { handler, ledger } = setup();
    ledger.applyPaymentEvent.mockResolvedValueOnce('amount_mismatch');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const result = await send(handler, payloadOf(stripeEvent('checkout.session.completed', checkoutSession())));
    expect(result).toEqual({ status: 200, body: { received: true, outcome: 'amount_mismatch' } });
    expect(String(errors.mock.calls[0]?.[0])).toContain('amount_mismatch');
  });

  it('answers 500 without a stack trace when the ledger fails, so Stripe retries', async () => {
    const { handler, ledger } = setup();
    ledger.applyPaymentEvent.mockRejectedValueOnce(new Error('ledger_apply_payment_event failed: connection refused'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const result = await send(handler, payloadOf(stripeEvent('checkout.session.completed', checkoutSession())));
    expect(result).toEqual({ status: 500, body: { error: 'internal_error', message: 'The event could not be handled; retry later' } });
  });

  it('applies a refund’s outcome by the shop’s metadata.refund_id, and skips a refund made outside the shop', async () => {
    const { handler, refunds } = setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const refund = {
      id: 're_1Nispe2eZvKYlo2Cd31jOCgZ',
      object: 'refund',
      amount: 1000,
      charge: 'ch_1',
      currency: 'pln',
      metadata: { refund_id: REFUND_ID },
      payment_intent: 'pi_3MtwBwLkdIwHu7ix28a3tqPa',
      status: 'succeeded',
    };
    const event = stripeEvent('refund.updated', refund, 'evt_refund');
    const result = await send(handler, payloadOf(event));
    expect(result).toEqual({ status: 200, body: { received: true, outcomes: { re_1Nispe2eZvKYlo2Cd31jOCgZ: 'applied' } } });
    expect(refunds).toEqual([
      {
        provider: 'stripe',
        eventId: 'evt_refund/re_1Nispe2eZvKYlo2Cd31jOCgZ',
        refundId: REFUND_ID,
        providerRefundId: 're_1Nispe2eZvKYlo2Cd31jOCgZ',
        amount: 1000,
        currency: 'PLN',
        state: 'completed',
        content: event,
      },
    ]);
    const foreign = await send(handler, payloadOf(stripeEvent('refund.created', { ...refund, id: 're_2', metadata: {} }, 'evt_foreign')));
    expect(foreign.body).toEqual({ received: true, outcomes: { re_2: 'not_the_shops' } });
    // The shop's refund ids are uuids (public.refunds.id); anything else is not one of its refunds.
    const notUuid = { ...refund, id: 're_4', metadata: { refund_id: 'rf-1' } };
    expect((await send(handler, payloadOf(stripeEvent('refund.updated', notUuid, 'evt_not_uuid')))).body).toEqual({
      received: true,
      outcomes: { re_4: 'not_the_shops' },
    });
    expect(refunds).toHaveLength(1);
  });

  it.each([
    ['pending', 'pending'],
    ['failed', 'failed'],
    ['canceled', 'failed'],
  ])('a refund %s is %s in the ledger', async (status, state) => {
    const { handler, refunds } = setup();
    const refund = { id: 're_3', object: 'refund', amount: 500, currency: 'pln', metadata: { refund_id: REFUND_ID }, status };
    await send(handler, payloadOf(stripeEvent('refund.updated', refund)));
    expect(refunds.map((event) => event.state)).toEqual([state]);
  });
});
