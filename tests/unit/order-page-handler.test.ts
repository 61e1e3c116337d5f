import { describe, expect, it } from 'vitest';
import { hashOrderLinkToken, newOrderLinkToken } from '../../functions/_shared/mail/order-link-token.ts';
import { hashAccessKey } from '../../functions/_shared/order-access.ts';
import { constantTimeEqual } from '../../functions/_shared/constant-time.ts';
import {
  DUMMY_HASH,
  INVOICE_NOT_FOUND_MESSAGE,
  NO_PROOF,
  ORDER_NOT_FOUND_MESSAGE,
  ORDER_PAGE_RATE_LIMITED_MESSAGE,
  createOrderPageHandler,
  type OrderPageDeps,
} from '../../functions/order-page/handler.ts';
import { canPayNow, type OrderPageRow, type PaymentAttempt } from '../../functions/order-page/view.ts';
import { ANONYMOUS_ORDER_TEXT } from '../../src/domain/order-choices.ts';
import { GUEST_HEADERS, PUBLISHABLE_KEY, fakeAuthenticate } from './caller-fixtures.ts';

const ORDER: OrderPageRow = {
  id: 'order-1',
  payu_order_id: 'KT2611240001',
  customer_name: 'Anna Kowalska',
  customer_email: 'anna@example.pl',
  customer_phone: '600100200',
  subtotal: 120,
  shipping_cost: 15,
  services: [],
  total: 135,
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
  order_items: [{ product_name: 'Bukiet róż', quantity: 2, price: 60 }],
  status: 'pending',
  payu_status: null,
  fulfilment_state: 'to-do',
  user_id: 'user-1',
  amount_paid: 0,
};

// Friday 27 November 2026, 13:00 in Warsaw: the server's clock in these tests.
const NOW = Date.parse('2026-11-27T12:00:00Z');
const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

const INVOICE_ID = '5f0c2a52-8a8e-4d3c-9d57-0a4b8f1f2e01';
const OTHER_INVOICE_ID = '5f0c2a52-8a8e-4d3c-9d57-0a4b8f1f2e02';
const PDF_BYTES = new TextEncoder().encode('%PDF-1.7 test');

/** The key place-order gave the device that placed ORDER. */
const DEVICE_KEY = 'd'.repeat(43);

/** Every dependency call, in order, with its arguments: what the unknown-number test compares. */
type Call = [name: string, ...args: unknown[]];

async function setup(order: Partial<OrderPageRow> = {}, attempt: PaymentAttempt | null = null, tokenMintedDaysAgo = 1) {
  const token = newOrderLinkToken();
  const tokens = [{ hash: await hashOrderLinkToken(token), createdAt: NOW - tokenMintedDaysAgo * 86_400_000 }];
  const deviceKeyHash = await hashAccessKey(DEVICE_KEY);
  const calls: Call[] = [];
  const row = { ...ORDER, ...order };
  const deps: OrderPageDeps = {
    authenticate: fakeAuthenticate({ 'user-token': 'user-1', 'other-token': 'user-2', 'owner-token': 'owner-1' }),
    linkDays: async () => {
      calls.push(['linkDays']);
      return 90;
    },
    // As the PostgREST query does: the order by number, its embedded rows filtered to the hashes given.
    findOrder: async (number, tokenHash, keyHash, oldestLink) => {
      calls.push(['findOrder', number, tokenHash, keyHash, oldestLink]);
      if (number !== row.payu_order_id) return null;
      const link = tokens.find((entry) => entry.hash === tokenHash && entry.createdAt >= Date.parse(oldestLink));
      return { order: row, linkTokenHash: link?.hash ?? null, accessKeyHash: keyHash === deviceKeyHash ? keyHash : null };
    },
    latestAttempt: async (orderId) => {
      calls.push(['latestAttempt', orderId]);
      return attempt;
    },
    orderPhotos: async (orderId, orderNumber) => {
      calls.push(['orderPhotos', orderId]);
      return [
        {
          url: 'https://storage.test/signed',
          kind: 'after_delivery',
          width: 1600,
          height: 1200,
          alt: `Zdjęcie zamówienia ${orderNumber} po dostawie`,
          takenAt: minutesAgo(5),
        },
      ];
    },
    acceptedInvoices: async (orderId) => {
      calls.push(['acceptedInvoices', orderId]);
      return [{ id: INVOICE_ID, number: 'FV/2026/11/3', kind: 'VAT', ksefNumber: '5252344078-20261129-0100A1B2C3D4-7F' }];
    },
    // Only this order's one accepted invoice has a file.
    invoicePdf: async (orderId, invoiceId) => {
      calls.push(['invoicePdf', orderId, invoiceId]);
      return orderId === row.id && invoiceId === INVOICE_ID ? { fileName: 'Faktura-FV-2026-11-3.pdf', content: PDF_BYTES } : null;
    },
    isShopOwner: async (userId) => userId === 'owner-1',
    now: () => NOW,
  };
  return { handler: createOrderPageHandler(deps), token, calls };
}

const post = (body: unknown, headers: Record<string, string> = GUEST_HEADERS) =>
  new Request('http://functions.test/order-page', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('order-page', () => {
  it('shows the order to whoever holds the link token, offering pay-now without minting a key (the token is the proof)', async () => {
    const { handler, token } = await setup();
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
      payment: { orderId: 'order-1', accessKey: null },
    });
  });

  it('lists what the buyer chose (card, anonymity, grave) as rows, and none for an order without choices', async () => {
    const { handler, token } = await setup({
      delivery_method: 'cemetery',
      cemetery: { name: 'Cmentarz parafialny', locality: 'Krasiczyn', section: 'B', row: '4', number: '12', description: '' },
      card_message: 'Pamiętamy',
      card_anonymous: true,
    });
    const body = (await (await handler(post({ number: 'KT2611240001', token }))).json()) as { choices: unknown };
    expect(body.choices).toEqual([
      { label: 'Cmentarz', value: 'Cmentarz parafialny, Krasiczyn' },
      { label: 'Grób', value: 'kwatera B, rząd 4, nr 12' },
      { label: 'Treść bileciku', value: 'Pamiętamy' },
      { label: 'Zamówienie anonimowe', value: ANONYMOUS_ORDER_TEXT },
    ]);
    const plain = await setup();
    const none = (await (await plain.handler(post({ number: 'KT2611240001', token: plain.token }))).json()) as { choices: unknown };
    expect(none.choices).toEqual([]);
  });

  it("refuses a link older than the owner's lifetime with the same 404 as a wrong one", async () => {
    const fresh = await setup({}, null, 89);
    expect((await fresh.handler(post({ number: 'KT2611240001', token: fresh.token }))).status).toBe(200);
    const expired = await setup({}, null, 91);
    const answer = await expired.handler(post({ number: 'KT2611240001', token: expired.token }));
    expect(answer.status).toBe(404);
    expect(await answer.json()).toEqual({ error: 'order_not_found', message: 'Nie znaleźliśmy takiego zamówienia.' });
  });

  it('does the same work for an unknown number as for a known one with a wrong proof: the same calls, hashes and comparisons', async () => {
    const { handler, calls } = await setup();
    const wrongToken = newOrderLinkToken();
    const wrongKey = 'e'.repeat(43);
    const known = await handler(post({ number: 'KT2611240001', token: wrongToken, accessKey: wrongKey }));
    const knownCalls = calls.splice(0);
    const unknown = await handler(post({ number: 'KT0000000000', token: wrongToken, accessKey: wrongKey }));
    const unknownCalls = calls.splice(0);
    expect([known.status, unknown.status]).toEqual([404, 404]);
    expect(await known.text()).toBe(await unknown.text());
    // Both hashed the token and the key before the one lookup, and went no further.
    const expected = (number: string): Call[] => [
      ['linkDays'],
      ['findOrder', number, knownCalls[1]![2], knownCalls[1]![3], new Date(NOW - 90 * 86_400_000).toISOString()],
    ];
    expect(knownCalls).toEqual(expected('KT2611240001'));
    expect(unknownCalls).toEqual(expected('KT0000000000'));
    expect(knownCalls[1]![2]).toBe(await hashOrderLinkToken(wrongToken));
    expect(knownCalls[1]![3]).toBe(await hashAccessKey(wrongKey));
    // The comparisons both paths make: a stored hash or the dummy, one constant-time compare each.
    expect(constantTimeEqual(await hashOrderLinkToken(wrongToken), DUMMY_HASH)).toBe(false);
    expect(constantTimeEqual(NO_PROOF, DUMMY_HASH)).toBe(false);
    expect(constantTimeEqual(DUMMY_HASH, '0'.repeat(64))).toBe(true);
    expect(constantTimeEqual('ab', 'abc')).toBe(false);
  });

  it('writes nothing on a view: a hundred views call no dependency beyond the reads', async () => {
    const { handler, token, calls } = await setup();
    for (let i = 0; i < 100; i += 1) expect((await handler(post({ number: 'KT2611240001', token }))).status).toBe(200);
    expect(new Set(calls.map(([name]) => name))).toEqual(
      new Set(['linkDays', 'findOrder', 'latestAttempt', 'orderPhotos', 'acceptedInvoices']),
    );
  });

  it('signs the photos only for a proof that opens the order', async () => {
    const { handler, token, calls } = await setup();
    const opened = await handler(post({ number: 'KT2611240001', token }));
    expect(((await opened.json()) as { photos: { url: string }[] }).photos.map((photo) => photo.url)).toEqual([
      'https://storage.test/signed',
    ]);
    calls.length = 0;
    const wrong = await handler(post({ number: 'KT2611240001', token: 'x'.repeat(43) }));
    expect(wrong.status).toBe(404);
    expect(JSON.stringify(await wrong.json())).not.toContain('storage.test');
    expect(calls.map(([name]) => name)).not.toContain('orderPhotos');
  });

  it('answers 429 in Polish when the address is over its limit, before looking anything up', async () => {
    const { calls } = await setup();
    const handler = createOrderPageHandler({
      authenticate: fakeAuthenticate({}),
      linkDays: async () => 90,
      orderPhotos: async () => [],
      findOrder: async () => {
        calls.push(['findOrder']);
        return null;
      },
      latestAttempt: async () => null,
      acceptedInvoices: async () => [],
      invoicePdf: async () => null,
      isShopOwner: async () => false,
      now: () => NOW,
      countRequest: async () => ({ allowed: false, retryAfterSeconds: 42 }),
    });
    const response = await handler(post({ number: 'KT2611240001' }));
    expect(response.status).toBe(429);
    expect(response.headers.get('Retry-After')).toBe('42');
    expect(await response.json()).toEqual({ error: 'rate_limited', message: ORDER_PAGE_RATE_LIMITED_MESSAGE });
    expect(calls).toEqual([]);
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
    const { handler } = await setup({ payment_method: 'blik', payu_status: 'CANCELED' }, { state: 'canceled', startedAt: minutesAgo(1) });
    const response = await handler(post({ number: 'KT2611240001', accessKey: DEVICE_KEY }));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      paid: false,
      paymentState: 'canceled',
      payment: { orderId: 'order-1', accessKey: DEVICE_KEY },
    });
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
      const { handler, token } = await setup(change);
      const body = (await (await handler(post({ number: 'KT2611240001', token }))).json()) as { payment: unknown };
      expect(body.payment).toBeNull();
    }
    expect(canPayNow({ status: 'pending', amount_paid: 0, total: 135, payment_method: 'stripe' })).toBe(true);
    // A part payment (a transfer short of the total) still leaves the rest to pay.
    expect(canPayNow({ status: 'pending', amount_paid: 13499, total: 135, payment_method: 'stripe' })).toBe(true);
  });

  it('offers no second payment while one started minutes ago is open at its gateway, and again after that', async () => {
    const young = await setup({}, { state: 'pending', startedAt: minutesAgo(2) });
    const first = (await (await young.handler(post({ number: 'KT2611240001', token: young.token }))).json()) as Record<string, unknown>;
    expect(first).toMatchObject({ payment: null, paymentInProgress: true, paymentState: 'pending' });
    const old = await setup({}, { state: 'pending', startedAt: minutesAgo(20) });
    const later = (await (await old.handler(post({ number: 'KT2611240001', token: old.token }))).json()) as Record<string, unknown>;
    expect(later).toMatchObject({ paymentInProgress: false, payment: { orderId: 'order-1' } });
  });

  it('lists the accepted invoices and serves one’s PDF for the same proofs as the page, never without one', async () => {
    const { handler, token } = await setup();
    const page = await handler(post({ number: 'KT2611240001', token }));
    expect((await page.json()).invoices).toEqual([{ id: INVOICE_ID, number: 'FV/2026/11/3', kind: 'VAT' }]);

    for (const proof of [{ token }, { accessKey: DEVICE_KEY }]) {
      const response = await handler(post({ number: 'KT2611240001', invoiceId: INVOICE_ID, ...proof }));
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Type')).toBe('application/pdf');
      expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="Faktura-FV-2026-11-3.pdf"');
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(PDF_BYTES);
    }
    const buyer = await handler(
      post({ number: 'KT2611240001', invoiceId: INVOICE_ID }, { ...GUEST_HEADERS, Authorization: 'Bearer user-token' }),
    );
    expect(buyer.status).toBe(200);
    const owner = await handler(
      post({ number: 'KT2611240001', invoiceId: INVOICE_ID }, { ...GUEST_HEADERS, Authorization: 'Bearer owner-token' }),
    );
    expect(owner.status).toBe(200);

    for (const [body, headers] of [
      [{ number: 'KT2611240001', invoiceId: INVOICE_ID }, GUEST_HEADERS],
      [{ number: 'KT2611240001', invoiceId: INVOICE_ID, token: 'x'.repeat(43) }, GUEST_HEADERS],
      [
        { number: 'KT2611240001', invoiceId: INVOICE_ID },
        { ...GUEST_HEADERS, Authorization: 'Bearer other-token' },
      ],
    ] as const) {
      const refused = await handler(post(body, headers));
      expect(refused.status).toBe(404);
      expect(await refused.json()).toEqual({ error: 'order_not_found', message: ORDER_NOT_FOUND_MESSAGE });
    }
  });

  it('refuses another order’s invoice and a malformed id with a JSON error in Polish', async () => {
    const { handler, token } = await setup();
    const other = await handler(post({ number: 'KT2611240001', token, invoiceId: OTHER_INVOICE_ID }));
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ error: 'invoice_not_found', message: INVOICE_NOT_FOUND_MESSAGE });
    const malformed = await handler(post({ number: 'KT2611240001', token, invoiceId: '../1' }));
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ error: 'validation_failed', message: 'Nieprawidłowy identyfikator faktury.' });
  });
});
