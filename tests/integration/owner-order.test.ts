import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { CAPACITY_CONFIRM_MESSAGE, PRICE_NOT_EDITABLE_MESSAGE } from '../../functions/owner-order/handler.ts';
import { CUSTOM_LINE_PRODUCT_ID, DISCOUNT_REASON_MESSAGE } from '../../src/domain/owner-order.ts';
import {
  anonClient,
  checkoutFor,
  placedGuestOrder,
  invokeFunction,
  nextDeliveryWindow,
  signedInOwner,
  signedUpCustomer,
  someProducts,
  withDatabase,
  type CatalogRow,
} from '../support/test-backend.ts';

let owner: SupabaseClient;
let product: CatalogRow;

beforeAll(async () => {
  owner = await signedInOwner();
  product = (await someProducts(1))[0]!;
});

/** The order part of a checkout: the buyer goes in `customer`. */
function orderPart(overrides: Record<string, unknown> = {}) {
  const { firstName: _f, lastName: _l, email: _e, phone: _p, paymentMethod: _m, ...rest } = checkoutFor(overrides);
  return rest;
}

function phoneOrder(overrides: Record<string, unknown> = {}) {
  return {
    clientRequestId: randomUUID(),
    source: 'phone',
    customer: { firstName: 'Jan', lastName: 'Nowak', phone: '+48 600 200 300', email: 'jan.nowak@example.test' },
    checkout: orderPart(),
    items: [{ productId: product.id, quantity: 2 }],
    payment: 'transfer',
    ...overrides,
  };
}

const stored = (id: string) =>
  withDatabase(async (db) => {
    const { rows } = await db.query(
      `select source, payment_method, customer_name, customer_email, customer_phone, subtotal::float8, total::float8,
        discount::float8, discount_reason, capacity_override_at, amount_paid::int, status, user_id
        from orders where id = $1`,
      [id],
    );
    return rows[0] as Record<string, unknown>;
  });

async function withWindowCapacity<T>(capacity: string, work: () => Promise<T>): Promise<T> {
  const before = await withDatabase(async (db) => {
    const { rows } = await db.query<{ value: string }>("select value from app_settings where key = 'delivery_window_capacity'");
    return rows[0]?.value ?? null;
  });
  const write = (value: string | null) =>
    withDatabase((db) =>
      value === null
        ? db.query("delete from app_settings where key = 'delivery_window_capacity'")
        : db.query(
            "insert into app_settings (key, value) values ('delivery_window_capacity', $1) on conflict (key) do update set value = excluded.value",
            [value],
          ),
    );
  await write(capacity);
  try {
    return await work();
  } finally {
    await write(before);
  }
}

describe('owner-order', () => {
  it('creates a phone order with source phone, priced from the catalogue as place-order prices it', async () => {
    const answer = await invokeFunction(owner, 'owner-order', phoneOrder());
    expect(answer.status).toBe(201);
    const order = answer.body.order as { id: string; orderNumber: string; total: number; amountPaid: number };
    expect(order.orderNumber).toMatch(/^KT\d{9}$/);
    const expected = Math.round(product.price * 2 * 100);
    expect(order.total).toBe(expected);
    expect(await stored(order.id)).toMatchObject({
      source: 'phone',
      payment_method: 'transfer',
      customer_name: 'Jan Nowak',
      customer_email: 'jan.nowak@example.test',
      subtotal: expected / 100,
      total: expected / 100,
      amount_paid: 0,
      user_id: null,
    });
    // The customer's confirmation goes through the shop's mail queue; the owner, who typed it, gets no 'new order' mail.
    const mails = await withDatabase((db) => db.query('select kind, recipient from mail_jobs where order_id = $1', [order.id]));
    expect(mails.rows).toEqual([{ kind: 'order-confirmation', recipient: 'jan.nowak@example.test' }]);
  });

  it('refuses anonymous callers (401) and signed-in customers (403), in Polish JSON', async () => {
    const anonymous = await invokeFunction(anonClient(), 'owner-order', phoneOrder());
    expect(anonymous).toEqual({ status: 401, body: { error: 'not_signed_in', message: 'Zaloguj się jako właściciel sklepu.' } });
    const customer = await signedUpCustomer('owner-order');
    const refused = await invokeFunction(customer.client, 'owner-order', phoneOrder());
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('not_owner');
  });

  it('refuses a price changed by hand for a catalogue product, and a bad body with a Polish message per field', async () => {
    const tampered = await invokeFunction(
      owner,
      'owner-order',
      phoneOrder({ items: [{ productId: product.id, quantity: 1, price: 0.01 }] }),
    );
    expect(tampered.status).toBe(422);
    expect(tampered.body).toMatchObject({ error: 'price_not_editable', message: PRICE_NOT_EDITABLE_MESSAGE });

    const bad = await invokeFunction(owner, 'owner-order', {
      ...phoneOrder({ items: [] }),
      customer: { firstName: '', lastName: '', phone: '', email: '' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('validation_failed');
    expect(bad.body.fields).toMatchObject({
      items: 'Dodaj produkt lub bukiet na zamówienie',
      'customer.phone': 'Podaj telefon klienta (zamówienie telefoniczne)',
    });
    expect(String(bad.body.message)).not.toMatch(/Error|at /);
  });

  it('prices a custom bouquet line as the owner gave it', async () => {
    const answer = await invokeFunction(
      owner,
      'owner-order',
      phoneOrder({ items: [], customLine: { description: 'Bukiet z piwonii w odcieniach różu', price: 18_550 } }),
    );
    expect(answer.status).toBe(201);
    const order = answer.body.order as { id: string; total: number };
    expect(order.total).toBe(18_550);
    const lines = await withDatabase((db) =>
      db.query('select product_id, product_name, quantity, price::float8 from order_items where order_id = $1', [order.id]),
    );
    expect(lines.rows).toEqual([
      { product_id: CUSTOM_LINE_PRODUCT_ID, product_name: 'Bukiet z piwonii w odcieniach różu', quantity: 1, price: 185.5 },
    ]);
    // The shop never lists or sells it.
    const listed = await anonClient().from('products').select('id').eq('id', CUSTOM_LINE_PRODUCT_ID);
    expect(listed.data).toEqual([]);
  });

  it('takes a discount only with a reason, and records both', async () => {
    const noReason = await invokeFunction(owner, 'owner-order', phoneOrder({ discount: { amount: 500, reason: '' } }));
    expect(noReason.status).toBe(400);
    expect(noReason.body.fields).toMatchObject({ 'discount.reason': DISCOUNT_REASON_MESSAGE });

    const tooMuch = await invokeFunction(owner, 'owner-order', phoneOrder({ discount: { amount: 99_999_00, reason: 'Stała klientka' } }));
    expect(tooMuch.status).toBe(422);

    const answer = await invokeFunction(owner, 'owner-order', phoneOrder({ discount: { amount: 500, reason: 'Stała klientka' } }));
    expect(answer.status).toBe(201);
    const order = answer.body.order as { id: string; total: number };
    expect(order.total).toBe(Math.round(product.price * 2 * 100) - 500);
    expect(await stored(order.id)).toMatchObject({ discount: 5, discount_reason: 'Stała klientka' });
  });

  it('refuses a full window without the confirmation, books it with the confirmation and records the override', async () => {
    const slot = nextDeliveryWindow({ onDay: 33 });
    const home = () => orderPart({ deliveryMethod: 'home', deliveryDate: slot.deliveryDate, deliveryWindow: slot.deliveryWindow });
    await withWindowCapacity('1', async () => {
      const first = await invokeFunction(owner, 'owner-order', phoneOrder({ checkout: home() }));
      expect(first.status).toBe(201);
      const refused = await invokeFunction(owner, 'owner-order', phoneOrder({ checkout: home() }));
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ error: 'capacity_full', message: CAPACITY_CONFIRM_MESSAGE });

      const confirmed = await invokeFunction(owner, 'owner-order', phoneOrder({ checkout: home(), capacityOverride: true }));
      expect(confirmed.status).toBe(201);
      const order = confirmed.body.order as { id: string; capacityOverridden: boolean };
      expect(order.capacityOverridden).toBe(true);
      expect((await stored(order.id)).capacity_override_at).not.toBeNull();
      // The first, booked within the limit, carries no override.
      expect((await stored((first.body.order as { id: string }).id)).capacity_override_at).toBeNull();
    });
  });

  it('enters a walk-in cash payment in the ledger as paid, without a customer', async () => {
    const answer = await invokeFunction(owner, 'owner-order', {
      ...phoneOrder({ source: 'shop', payment: 'cash' }),
      customer: { firstName: '', lastName: '', phone: '', email: '' },
    });
    expect(answer.status).toBe(201);
    const order = answer.body.order as { id: string; total: number; amountPaid: number };
    expect(order.amountPaid).toBe(order.total);
    expect(await stored(order.id)).toMatchObject({
      source: 'shop',
      payment_method: 'cash',
      customer_name: 'Klient w sklepie',
      customer_email: '',
      customer_phone: '',
      status: 'processing',
    });
    const ledger = await withDatabase((db) =>
      db.query('select provider, method, amount_grosz::int, state from payments where order_id = $1', [order.id]),
    );
    expect(ledger.rows).toEqual([{ provider: 'manual', method: 'cash', amount_grosz: order.total, state: 'completed' }]);
    // No email given: no customer mail is queued.
    const mails = await withDatabase((db) => db.query("select 1 from mail_jobs where order_id = $1 and recipient = ''", [order.id]));
    expect(mails.rows).toEqual([]);
  });

  it('answers a retry with the same order, never a second one (and a changed body under the key with 409)', async () => {
    const body = phoneOrder({ payment: 'terminal' });
    const first = await invokeFunction(owner, 'owner-order', body);
    const again = await invokeFunction(owner, 'owner-order', body);
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.replayed).toBe(true);
    expect((again.body.order as { id: string }).id).toBe((first.body.order as { id: string }).id);
    const count = await withDatabase((db) =>
      db.query('select count(*)::int as n from orders where client_request_id = $1', [body.clientRequestId]),
    );
    expect(count.rows[0]).toEqual({ n: 1 });
    const payments = await withDatabase((db) =>
      db.query('select count(*)::int as n from payments where order_id = $1', [(first.body.order as { id: string }).id]),
    );
    expect(payments.rows[0]).toEqual({ n: 1 });
    const changed = await invokeFunction(owner, 'owner-order', { ...body, items: [{ productId: product.id, quantity: 3 }] });
    expect(changed.status).toBe(409);
  });

  it('keeps a payment link order waiting for the customer and offers the order page its online payment', async () => {
    const noEmail = await invokeFunction(owner, 'owner-order', {
      ...phoneOrder({ payment: 'link' }),
      customer: { firstName: 'Jan', lastName: 'Nowak', phone: '+48 600 200 300', email: '' },
    });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.fields).toHaveProperty(['customer.email']);
    const answer = await invokeFunction(owner, 'owner-order', phoneOrder({ payment: 'link' }));
    expect(answer.status).toBe(201);
    expect(await stored((answer.body.order as { id: string }).id)).toMatchObject({ payment_method: 'payu', status: 'pending' });
  });
  it('pushes the shop’s own new order to the owner’s devices, but not one she typed in herself', async () => {
    const browserKey = createECDH('prime256v1');
    browserKey.generateKeys();
    const device = await owner
      .from('push_subscriptions')
      .insert({
        endpoint: `http://127.0.0.1:9/owner-order-${randomUUID()}`,
        p256dh: browserKey.getPublicKey().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
        device_label: 'Telefon właścicielki',
      })
      .select('id')
      .single();
    expect(device.error).toBeNull();
    const deviceId = (device.data as { id: string }).id;
    try {
      const typed = await invokeFunction(owner, 'owner-order', phoneOrder());
      expect(typed.status).toBe(201);
      const online = await placedGuestOrder();
      const pushes = (eventId: string) =>
        withDatabase(async (db) => {
          const { rows } = await db.query<{ count: number }>(
            "select count(*)::int as count from push_jobs where subscription_id = $1 and kind = 'new-order' and event_id = $2",
            [deviceId, eventId],
          );
          return rows[0]!.count;
        });
      expect(await pushes((typed.body.order as { id: string }).id)).toBe(0);
      expect(await pushes(online.id)).toBe(1);
    } finally {
      await withDatabase((db) => db.query('delete from push_subscriptions where id = $1', [deviceId]));
    }
  });
});
