import { describe, expect, it } from 'vitest';
import { hashOrderLinkToken, newOrderLinkToken } from '../../functions/_shared/mail/order-link-token.ts';
import { hashAccessKey } from '../../functions/_shared/order-access.ts';
import { createOrderPageHandler, type OrderPageDeps } from '../../functions/order-page/handler.ts';
import { canPayNow, type OrderPageRow, type PaymentAttempt } from '../../functions/order-page/view.ts';
import { GUEST_HEADERS, PUBLISHABLE_KEY, fakeAuthenticate } from './caller-fixtures.ts';

const ORDER: OrderPageRow = {
  id: 'order-1',
  payu_order_id: 'KT2611240001',
  customer_name: 'Anna Kowalska',
  customer_email: 'anna@example.pl',
  customer_phone: '600100200',
  subtotal: '120.00',
  shipping_cost: '15.00',
  services: [],
  total: '135.00',
  delivery_method: 'home',
  delivery_address: { street: 'Słowackiego', houseNumber: '1', apartment: '', city: 'Przemyśl', postalCode: '37-700' },
  delivery_date: '2026-11-28',
  delivery_window_label: '9:00–12:00',
  pickup_time: null,
  recipient_kind: 'other',
  recipient_name: 'Jan Nowak',
  recipient_phone: '600200300',
  payment_method: 'payu',
  created_at: '2026-11-24T10:00:00Z',
  order_items: [{ product_name: 'Bukiet róż', quantity: 2, price: '60.00' }],
  status: 'pending',
  payu_status: null,
  fulfilment_state: 'to-do',
  user_id: 'user-1',
  amount_paid: 0,
};

// Friday 27 November 2026, 13:00 in Warsaw: the server's clock in these tests.
const NOW = Date.parse('2026-11-27T12:00:00Z');
const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

/** The key place-order gave the device that placed ORDER. */
const DEVICE_KEY = 'd'.repeat(43);

async function setup(order: Partial<OrderPageRow> = {}, attempt: PaymentAttempt | null = null) {
  const token = newOrderLinkToken();
  const hashes = new Set([await hashOrderLinkToken(token)]);
  const deviceKeyHash = await hashAccessKey(DEVICE_KEY);
  const minted: string[] = [];
  const row = { ...ORDER, ...order };
  const deps: OrderPageDeps = {
    authenticate: fakeAuthenticate({ 'user-token': 'user-1', 'other-token': 'user-2' }),
    findOrder: async (number) => (number === row.payu_order_id ? row : null),
    hasLinkToken: async (orderId, hash) => orderId === row.id && hashes.has(hash),
    mintAccessKey: async (orderId) => {
      minted.push(orderId);
      return 'k'.repeat(43);
    },
    hasAccessKey: async (orderId, hash) => orderId === row.id && hash === deviceKeyHash,
    latestAttempt: async () => attempt,
    now: () => NOW,
  };
  return { handler: createOrderPageHandler(deps), token, minted };
}

const post = (body: unknown, headers: Record<string, string> = GUEST_HEADERS) =>
  new Request('http://functions.test/order-page', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('order-page', () => {
  it('shows the order to whoever holds the link token, with the pay-now key for an unpaid PayU order', async () => {
    const { handler, token, minted } = await setup();
    const response = await handler(post({ number: 'KT2611240001', token }));
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      number: 'KT2611240001',
      status: 'pending',
      paid: false,
      total: 13500,
      items: [{ name: 'Bukiet róż', quantity: 2, price: 6000 }],
      deliveryDate: '2026-11-28',
      recipient: { name: 'Jan Nowak', phone: '600200300' },
      payment: { orderId: 'order-1', accessKey: 'k'.repeat(43) },
    });
    expect(minted).toEqual(['order-1']);
  });

  it('answers a wrong token, a malformed token, no token and an unknown number with the same 404', async () => {
    const { handler, token } = await setup();
    const answers = await Promise.all(
      [
        { number: 'KT2611240001', token: newOrderLinkToken() },
        { number: 'KT2611240001', token: 'not-a-token' },
        { number: 'KT2611240001' },
        { number: 'KT0000000000', token },
      ].map(async (body) => {
        const response = await handler(post(body));
        return { status: response.status, body: await response.text() };
      }),
    );
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]!.status).toBe(404);
    expect(JSON.parse(answers[0]!.body)).toEqual({ error: 'order_not_found', message: 'Nie znaleźliśmy takiego zamówienia.' });
  });

  it("opens the signed-in buyer's own order without a token, and nobody else's", async () => {
    const { handler } = await setup();
    const own = await handler(post({ number: 'KT2611240001' }, { apikey: PUBLISHABLE_KEY, Authorization: 'Bearer user-token' }));
    const other = await handler(post({ number: 'KT2611240001' }, { apikey: PUBLISHABLE_KEY, Authorization: 'Bearer other-token' }));
    expect(own.status).toBe(200);
    expect(other.status).toBe(404);
  });

  it("opens the order for the device that placed it (its access key), giving that key back, with the newest attempt's state", async () => {
    const { handler, minted } = await setup(
      { payment_method: 'blik', payu_status: 'CANCELED' },
      { state: 'canceled', startedAt: minutesAgo(1) },
    );
    const response = await handler(post({ number: 'KT2611240001', accessKey: DEVICE_KEY }));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      paid: false,
      paymentState: 'canceled',
      payment: { orderId: 'order-1', accessKey: DEVICE_KEY },
    });
    expect(minted).toEqual([]);
    const wrong = await handler(post({ number: 'KT2611240001', accessKey: 'e'.repeat(43) }));
    const malformed = await handler(post({ number: 'KT2611240001', accessKey: 'short' }));
    expect([wrong.status, malformed.status]).toEqual([404, 404]);
  });

  it('refuses a missing number (400), callers without a key (401) and other methods, always as JSON', async () => {
    const { handler } = await setup();
    const missing = await handler(post({ token: 'x' }));
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: 'validation_failed' });
    expect((await handler(post({ number: 'KT2611240001' }, {}))).status).toBe(401);
    const get = await handler(new Request('http://functions.test/order-page', { headers: GUEST_HEADERS }));
    expect(get.status).toBe(405);
  });

  it('offers no payment for a paid, cancelled or transfer order', async () => {
    for (const change of [{ amount_paid: 13500 }, { status: 'cancelled' }, { payment_method: 'transfer' }]) {
      const { handler, token, minted } = await setup(change);
      const body = (await (await handler(post({ number: 'KT2611240001', token }))).json()) as { payment: unknown };
      expect(body.payment).toBeNull();
      expect(minted).toEqual([]);
    }
    expect(canPayNow({ status: 'pending', amount_paid: 0, total: '135.00', payment_method: 'stripe' })).toBe(true);
    // A part payment (a transfer short of the total) still leaves the rest to pay.
    expect(canPayNow({ status: 'pending', amount_paid: 13499, total: '135.00', payment_method: 'stripe' })).toBe(true);
  });

  it('offers no second payment while one started minutes ago is open at its gateway, and again after that', async () => {
    const young = await setup({}, { state: 'pending', startedAt: minutesAgo(2) });
    const first = (await (await young.handler(post({ number: 'KT2611240001', token: young.token }))).json()) as Record<string, unknown>;
    expect(first).toMatchObject({ payment: null, paymentInProgress: true, paymentState: 'pending' });
    const old = await setup({}, { state: 'pending', startedAt: minutesAgo(20) });
    const later = (await (await old.handler(post({ number: 'KT2611240001', token: old.token }))).json()) as Record<string, unknown>;
    expect(later).toMatchObject({ paymentInProgress: false, payment: { orderId: 'order-1' } });
  });
});
