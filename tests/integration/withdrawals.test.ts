import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WITHDRAWAL_ORDER_NOT_FOUND } from '../../src/domain/withdrawal-request.ts';
import { WITHDRAWAL_EXEMPTION_REASONS } from '../../src/domain/withdrawal-right.ts';
import { postFrom } from '../support/from-address.ts';
import { waitForMailTo } from '../support/maildev.ts';
import {
  anonClient,
  checkoutFor,
  invokeFunction,
  serviceClient,
  signedInOwner,
  signedUpCustomer,
  testBackend,
  uniqueEmail,
  withDatabase,
} from '../support/test-backend.ts';

/**
 * The withdrawal function on the shared backend (issue 19): lines without the
 * right are refused with the art. 38 reason, returnable ones are stored with
 * their mails queued (a second request for one order too), a wrong number
 * and a wrong email read the same, bad input is a flat JSON error, and only
 * the owner reads the requests.
 */

interface Answer {
  status: number;
  body: Record<string, unknown>;
  retryAfter: string | null;
}

async function withdrawal(body: unknown, init: { contentType?: string } = {}): Promise<Answer> {
  const response = await fetch(`${testBackend().url}/functions/v1/withdrawal-request`, {
    method: 'POST',
    headers: { apikey: testBackend().publishableKey, 'Content-Type': init.contentType ?? 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    retryAfter: response.headers.get('retry-after'),
  };
}

/** Products the suite can keep ordering: one live-flower bouquet and one returnable candle. */
async function productsFor(): Promise<{ bouquet: { id: string; name: string }; candle: { id: string; name: string } }> {
  return withDatabase(async (db) => {
    const pick = async (category: string) => {
      const { rows } = await db.query<{ id: string; name: string }>(
        `select id, name from products where category = $1 and active and price > 0 and withdrawal_rule = 'category'
           and (made_to_order or stock >= 100) order by name limit 1`,
        [category],
      );
      if (!rows[0]) throw new Error(`no orderable ${category} product`);
      return rows[0];
    };
    return { bouquet: await pick('live-flowers'), candle: await pick('candles') };
  });
}

let products: Awaited<ReturnType<typeof productsFor>>;

async function placeOrder(email: string, candleQuantity = 2): Promise<{ id: string; number: string }> {
  const answer = await invokeFunction(anonClient(), 'place-order', {
    clientRequestId: randomUUID(),
    checkout: checkoutFor({ email }),
    items: [
      { productId: products.bouquet.id, quantity: 1 },
      { productId: products.candle.id, quantity: candleQuantity },
    ],
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  const order = answer.body.order as { id: string; orderNumber: string };
  return { id: order.id, number: order.orderNumber };
}

beforeAll(async () => {
  products = await productsFor();
});

// Every request comes from 127.0.0.1: each test starts with clean withdrawal counters.
beforeEach(async () => {
  await withDatabase((db) => db.query("delete from private.rate_limit_hits where key like 'withdrawal-%'"));
});

describe('withdrawal-request', () => {
  it('looks the order up by number and email (any case) and marks the live-flower bouquet not returnable with the art. 38 reason', async () => {
    const email = uniqueEmail('withdrawal-lookup');
    const order = await placeOrder(email);
    const answer = await withdrawal({ action: 'lookup', number: order.number.toLowerCase(), email: email.toUpperCase() });
    expect(answer.status).toBe(200);
    expect(answer.body.number).toBe(order.number);
    expect(answer.body.periodNote).toContain('nie ma zapisanej daty odbioru');
    const lines = answer.body.lines as { productId: string; returnable: number; refusal: string | null }[];
    expect(lines.find((line) => line.productId === products.bouquet.id)).toMatchObject({
      returnable: 0,
      refusal: WITHDRAWAL_EXEMPTION_REASONS.perishable,
    });
    expect(lines.find((line) => line.productId === products.candle.id)).toMatchObject({ returnable: 2, refusal: null });
  });

  it('stores a request for the returnable line, refuses the bouquet with its reason, and queues both mails; the customer’s arrives', async () => {
    const email = uniqueEmail('withdrawal-submit');
    const order = await placeOrder(email);
    const answer = await withdrawal({
      action: 'submit',
      number: order.number,
      email,
      lines: [
        { productId: products.candle.id, quantity: 1 },
        { productId: products.bouquet.id, quantity: 1 },
      ],
      reason: 'Zmieniłam zdanie',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toMatchObject({
      requestNumber: expect.stringMatching(/^ODS-\d+$/),
      orderNumber: order.number,
      reason: 'Zmieniłam zdanie',
      accepted: [{ productId: products.candle.id, name: products.candle.name, quantity: 1 }],
      refused: [{ productId: products.bouquet.id, quantity: 1, reason: WITHDRAWAL_EXEMPTION_REASONS.perishable }],
    });

    const stored = await withDatabase(async (db) => {
      const requests = await db.query<{ number: string; state: string; accepted_lines: unknown; refused_lines: unknown }>(
        'select number, state, accepted_lines, refused_lines from withdrawal_requests where order_id = $1',
        [order.id],
      );
      const mails = await db.query<{ kind: string; recipient: string }>(
        "select kind, recipient from mail_jobs where order_id = $1 and kind in ('withdrawal-received', 'owner-withdrawal') order by kind",
        [order.id],
      );
      return { requests: requests.rows, mails: mails.rows };
    });
    expect(stored.requests).toEqual([
      {
        number: answer.body.requestNumber,
        state: 'received',
        accepted_lines: answer.body.accepted,
        refused_lines: answer.body.refused,
      },
    ]);
    expect(stored.mails.map((mail) => mail.kind)).toEqual(['owner-withdrawal', 'withdrawal-received']);
    expect(stored.mails.find((mail) => mail.kind === 'withdrawal-received')?.recipient).toBe(email);

    // The order's confirmation and the withdrawal's.
    const mails = await waitForMailTo(testBackend().mailUrl, email, 2, 30_000);
    const mail = mails.find((candidate) => candidate.subject.includes('odstąpienie'));
    expect(mail?.subject).toContain(String(answer.body.requestNumber));
    expect(mail?.text).toContain(`${products.candle.name}: 1 szt.`);
    expect(mail?.text).toContain(WITHDRAWAL_EXEMPTION_REASONS.perishable);
  });

  it('takes a second request for the same order with its own mail, and refuses pieces already requested', async () => {
    const email = uniqueEmail('withdrawal-twice');
    const order = await placeOrder(email, 2);
    const first = await withdrawal({
      action: 'submit',
      number: order.number,
      email,
      lines: [{ productId: products.candle.id, quantity: 1 }],
    });
    const second = await withdrawal({
      action: 'submit',
      number: order.number,
      email,
      lines: [{ productId: products.candle.id, quantity: 1 }],
    });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.requestNumber).not.toBe(first.body.requestNumber);
    const third = await withdrawal({
      action: 'submit',
      number: order.number,
      email,
      lines: [{ productId: products.candle.id, quantity: 1 }],
    });
    expect(third.status).toBe(422);
    expect(third.body).toMatchObject({
      error: 'nothing_returnable',
      fields: { lines: expect.stringContaining('wcześniejszym zgłoszeniu') },
    });

    const kinds = await withDatabase(async (db) => {
      const { rows } = await db.query<{ kind: string }>("select kind from mail_jobs where order_id = $1 and kind = 'withdrawal-received'", [
        order.id,
      ]);
      return rows.map((row) => row.kind);
    });
    expect(kinds).toEqual(['withdrawal-received', 'withdrawal-received']);
  });

  it('lets only one of several requests sent at once take the same pieces (the others get 409 or 422)', async () => {
    const email = uniqueEmail('withdrawal-race');
    const order = await placeOrder(email, 2);
    const submit = { action: 'submit', number: order.number, email, lines: [{ productId: products.candle.id, quantity: 2 }] };
    const answers = await Promise.all(Array.from({ length: 5 }, () => withdrawal(submit)));
    // One wins; each other one either waited on the lock (409) or looked after the winner was stored (422, already requested).
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 201).every((status) => status === 409 || status === 422)).toBe(true);
    for (const answer of answers.filter((candidate) => candidate.status === 409)) expect(answer.body.error).toBe('already_requested');
    const stored = await withDatabase(async (db) => {
      const { rows } = await db.query<{ count: string }>('select count(*) from withdrawal_requests where order_id = $1', [order.id]);
      return Number(rows[0]!.count);
    });
    expect(stored).toBe(1);
  });

  it('takes two sizes of one product as two lines: each size returned up to its own pieces, the database checking each', async () => {
    const service = serviceClient();
    const created = await service
      .from('products')
      .insert({ name: `Znicz w rozmiarach ${randomUUID().slice(0, 6)}`, price: 20, category: 'candles', stock: 0 })
      .select('id, name')
      .single();
    expect(created.error).toBeNull();
    const candle = created.data as { id: string; name: string };
    const sizes = await service
      .from('product_sizes')
      .insert([
        { product_id: candle.id, label: 'Mały', position: 0, price: 20, stock: 10 },
        { product_id: candle.id, label: 'Duży', position: 1, price: 35, stock: 10 },
      ])
      .select('id, label');
    expect(sizes.error).toBeNull();
    const sizeId = Object.fromEntries((sizes.data as { id: string; label: string }[]).map((row) => [row.label, row.id]));
    const email = uniqueEmail('withdrawal-sizes');
    const placed = await invokeFunction(anonClient(), 'place-order', {
      clientRequestId: randomUUID(),
      checkout: checkoutFor({ email, deliveryMethod: 'store', paymentMethod: 'transfer' }),
      items: [
        { productId: candle.id, sizeId: sizeId.Mały, quantity: 1 },
        { productId: candle.id, sizeId: sizeId.Duży, quantity: 2 },
      ],
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const number = (placed.body.order as { orderNumber: string }).orderNumber;

    const lookup = await withdrawal({ action: 'lookup', number, email });
    const lines = [...(lookup.body.lines as { sizeLabel: string }[])].sort((a, b) => a.sizeLabel.localeCompare(b.sizeLabel, 'pl'));
    expect(lines).toEqual([
      { productId: candle.id, sizeLabel: 'Duży', name: `${candle.name} (Duży)`, quantity: 2, returnable: 2, refusal: null },
      { productId: candle.id, sizeLabel: 'Mały', name: `${candle.name} (Mały)`, quantity: 1, returnable: 1, refusal: null },
    ]);

    const first = await withdrawal({ action: 'submit', number, email, lines: [{ productId: candle.id, sizeLabel: 'Duży', quantity: 2 }] });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.accepted).toEqual([{ productId: candle.id, sizeLabel: 'Duży', name: `${candle.name} (Duży)`, quantity: 2 }]);

    // The big size is all requested; the small one is still there.
    const second = await withdrawal({
      action: 'submit',
      number,
      email,
      lines: [
        { productId: candle.id, sizeLabel: 'Mały', quantity: 1 },
        { productId: candle.id, sizeLabel: 'Duży', quantity: 1 },
      ],
    });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body.accepted).toEqual([{ productId: candle.id, sizeLabel: 'Mały', name: `${candle.name} (Mały)`, quantity: 1 }]);
    expect(second.body.refused).toMatchObject([{ sizeLabel: 'Duży', quantity: 1 }]);

    // The database counts by line too: a size the order lacks, or more pieces of a size than it has, are refused.
    const orderId = (placed.body.order as { id: string }).id;
    const record = (accepted: unknown[]) =>
      service.rpc('record_withdrawal_request', {
        p_order_id: orderId,
        p_accepted: accepted,
        p_refused: [],
        p_reason: '',
        p_period_note: '',
      });
    expect((await record([{ productId: candle.id, sizeLabel: 'Średni', quantity: 1 }])).error?.message).toBe('withdrawal_exceeds_order');
    expect((await record([{ productId: candle.id, sizeLabel: 'Duży', quantity: 1 }])).error?.message).toBe('withdrawal_exceeds_order');
    expect((await record([{ productId: candle.id, quantity: 1 }])).error?.message).toBe('withdrawal_exceeds_order');
  });

  it('refuses a request of the bouquet alone with the reason and stores nothing', async () => {
    const email = uniqueEmail('withdrawal-bouquet');
    const order = await placeOrder(email);
    const answer = await withdrawal({
      action: 'submit',
      number: order.number,
      email,
      lines: [{ productId: products.bouquet.id, quantity: 1 }],
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ error: 'nothing_returnable', fields: { lines: expect.stringContaining('art. 38 ust. 1 pkt 4') } });
    const count = await withDatabase(async (db) => {
      const { rows } = await db.query<{ count: string }>('select count(*) from withdrawal_requests where order_id = $1', [order.id]);
      return Number(rows[0]!.count);
    });
    expect(count).toBe(0);
  });

  it('answers a wrong email and a wrong number alike', async () => {
    const email = uniqueEmail('withdrawal-enum');
    const order = await placeOrder(email);
    const wrongEmail = await withdrawal({ action: 'lookup', number: order.number, email: uniqueEmail('someone-else') });
    const wrongNumber = await withdrawal({ action: 'lookup', number: 'KT000000000', email });
    expect(wrongEmail.status).toBe(404);
    expect(wrongNumber.status).toBe(404);
    expect(wrongEmail.body).toEqual({ error: 'order_not_found', message: WITHDRAWAL_ORDER_NOT_FOUND });
    expect(wrongNumber.body).toEqual(wrongEmail.body);
  });

  it('answers bad input with a flat JSON error naming the fields', async () => {
    const missing = await withdrawal({ action: 'submit', number: '', email: 'nie-email', lines: [] });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      error: 'validation_failed',
      message: expect.any(String),
      fields: {
        number: expect.any(String),
        email: 'Nieprawidłowy format adresu e-mail.',
        lines: 'Wybierz co najmniej jeden produkt do zwrotu.',
      },
    });
    const notJson = await withdrawal('{"action":', {});
    expect(notJson).toMatchObject({ status: 400, body: { error: 'invalid_json' } });

    const email = uniqueEmail('withdrawal-foreign');
    const order = await placeOrder(email);
    const foreign = await withdrawal({ action: 'submit', number: order.number, email, lines: [{ productId: randomUUID(), quantity: 1 }] });
    expect(foreign).toMatchObject({ status: 400, body: { error: 'validation_failed', fields: { lines: expect.any(String) } } });
  });

  it("a stranger's wrong numbers for the customer's email, from elsewhere, never block the customer's right pair", async () => {
    const email = uniqueEmail('withdrawal-lockout');
    const order = await placeOrder(email);
    const url = `${testBackend().url}/functions/v1/withdrawal-request`;
    const stranger = [];
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const number = `KT${String(attempt).padStart(9, '0')}`;
      stranger.push(
        (await postFrom('127.0.0.2', url, { apikey: testBackend().publishableKey }, { action: 'lookup', number, email })).status,
      );
    }
    expect(stranger).toEqual(Array(12).fill(404));
    const customer = await withdrawal({ action: 'lookup', number: order.number, email });
    expect(customer.status).toBe(200);
    expect(customer.body).toMatchObject({ number: order.number });
  });

  it('limits one number + email to 10 requests per 15 minutes (429 with Retry-After), from any address', async () => {
    const email = uniqueEmail('withdrawal-flood');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 10; attempt += 1) {
      statuses.push((await withdrawal({ action: 'lookup', number: 'KT000000001', email })).status);
    }
    expect(statuses).toEqual(Array(10).fill(404));
    const limited = await withdrawal({ action: 'lookup', number: 'KT000000001', email });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe('rate_limited');
    expect(Number(limited.retryAfter)).toBeGreaterThan(0);
    const elsewhere = await postFrom(
      '127.0.0.3',
      `${testBackend().url}/functions/v1/withdrawal-request`,
      { apikey: testBackend().publishableKey },
      { action: 'lookup', number: 'KT000000001', email },
    );
    expect(elsewhere.status).toBe(429);
  });

  it('lets only the owner read the requests and change their state; customers and visitors see none', async () => {
    const email = uniqueEmail('withdrawal-rls');
    const order = await placeOrder(email);
    const stored = await withdrawal({
      action: 'submit',
      number: order.number,
      email,
      lines: [{ productId: products.candle.id, quantity: 1 }],
    });
    expect(stored.status).toBe(201);

    const customer = await signedUpCustomer('withdrawal-reader');
    for (const client of [anonClient(), customer.client]) {
      const read = await client.from('withdrawal_requests').select('id');
      expect(read.error !== null || read.data?.length === 0).toBe(true);
      const changed = await client.from('withdrawal_requests').update({ state: 'accepted' }).eq('order_id', order.id).select('id');
      expect(changed.error !== null || changed.data?.length === 0).toBe(true);
    }

    const owner = await signedInOwner();
    const ownerRead = await owner.from('withdrawal_requests').select('number, state').eq('order_id', order.id);
    expect(ownerRead.data).toEqual([{ number: stored.body.requestNumber, state: 'received' }]);
    const accepted = await owner.from('withdrawal_requests').update({ state: 'accepted' }).eq('order_id', order.id).select('state');
    expect(accepted.data).toEqual([{ state: 'accepted' }]);
    // Only the state is the owner's to change: the lines stay as the customer was told.
    const rewritten = await owner.from('withdrawal_requests').update({ accepted_lines: [] }).eq('order_id', order.id).select('id');
    expect(rewritten.error).not.toBeNull();
  });
});
