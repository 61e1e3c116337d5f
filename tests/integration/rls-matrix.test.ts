import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { warsawDate } from '../../src/domain/calendar/warsaw-clock.ts';
import {
  anonClient,
  checkoutFor,
  invokeFunction,
  serviceClient,
  signedInOwner,
  signedUpCustomer,
  someProducts,
} from '../support/test-backend.ts';

/**
 * The whole access matrix, through supabase-js as the app calls it:
 * anon, customer A, customer B and the owner × every table × select,
 * insert, update, delete.
 */

type Actor = 'anon' | 'customerA' | 'customerB' | 'owner';
const ACTORS: Actor[] = ['anon', 'customerA', 'customerB', 'owner'];
const SECRET_KEYS = [
  'payu_classic_pos_auth_key',
  'payu_classic_key2',
  'payu_rest_client_secret',
  'payu_rest_second_key',
  'stripe_secret_key',
  'stripe_webhook_secret',
  'google_maps_api_key',
  'payu_classic_pos_id',
];

const clients = {} as Record<Actor, SupabaseClient>;
const userIds = {} as Record<'customerA' | 'customerB', string>;
const orderIds = {} as Record<'customerA' | 'customerB' | 'guest', string>;
let hiddenProductId = '';
let contactMessageId = '';

async function placeOrderAs(client: SupabaseClient, email: string): Promise<string> {
  const [product] = await someProducts(1);
  const answer = await invokeFunction(client, 'place-order', {
    clientRequestId: randomUUID(),
    checkout: checkoutFor({ email }),
    items: [{ productId: product!.id, quantity: 1 }],
  });
  if (answer.status !== 201) throw new Error(`place-order answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return (answer.body.order as { id: string }).id;
}

/** True when the write was refused: an error, or no row touched. */
function refused(result: { error: unknown; data: unknown }): boolean {
  return result.error !== null || (Array.isArray(result.data) && result.data.length === 0);
}

beforeAll(async () => {
  const customerA = await signedUpCustomer('customer-a');
  const customerB = await signedUpCustomer('customer-b');
  clients.anon = anonClient();
  clients.customerA = customerA.client;
  clients.customerB = customerB.client;
  clients.owner = await signedInOwner();
  userIds.customerA = customerA.userId;
  userIds.customerB = customerB.userId;
  orderIds.customerA = await placeOrderAs(customerA.client, customerA.email);
  orderIds.customerB = await placeOrderAs(customerB.client, customerB.email);
  orderIds.guest = await placeOrderAs(anonClient(), 'gosc@example.test');

  const service = serviceClient();
  const hidden = await service
    .from('products')
    .insert({ name: 'Produkt wycofany (RLS)', price: 10, category: 'candles', active: false })
    .select('id')
    .single();
  hiddenProductId = (hidden.data as { id: string }).id;
  const message = await service
    .from('contact_messages')
    .insert({ name: 'Jan', email: 'jan@example.test', subject: 'info', message: 'Czy macie tulipany?' })
    .select('id')
    .single();
  contactMessageId = (message.data as { id: string }).id;
});

describe('products', () => {
  it.each(ACTORS)('%s reads the active catalog; only the owner sees a deactivated product', async (actor) => {
    const { data, error } = await clients[actor].from('products').select('id, active');
    expect(error).toBeNull();
    expect(data!.length).toBeGreaterThanOrEqual(30);
    const seesHidden = data!.some((row) => row.id === hiddenProductId);
    expect(seesHidden).toBe(actor === 'owner');
  });

  it.each(ACTORS)('%s reads the price in force through the product_current_price computed column', async (actor) => {
    const { data, error } = await clients[actor].from('products').select('price, current_price:product_current_price').limit(1).single();
    expect(error).toBeNull();
    expect(data?.current_price).toBe(data?.price);
  });

  it.each(ACTORS)('%s reads a size’s price in force through the product_size_current_price computed column', async (actor) => {
    const { data, error } = await clients[actor]
      .from('product_sizes')
      .select('price, current_price:product_size_current_price')
      .limit(1)
      .single();
    expect(error).toBeNull();
    expect(data?.current_price).toBe(data?.price);
  });

  it.each(ACTORS)('%s may insert, update and delete a product only as the owner', async (actor) => {
    const client = clients[actor];
    const inserted = await client
      .from('products')
      .insert({ name: `Test ${actor}`, price: 12.5, category: 'souvenirs' })
      .select('id');
    const target = (
      await serviceClient()
        .from('products')
        .insert({ name: `Cel ${actor}`, price: 1, category: 'souvenirs' })
        .select('id')
        .single()
    ).data as { id: string };
    const updated = await client.from('products').update({ price: 999 }).eq('id', target.id).select('id');
    const deleted = await client.from('products').delete().eq('id', target.id).select('id');

    const allowed = actor === 'owner';
    expect(refused(inserted)).toBe(!allowed);
    expect(refused(updated)).toBe(!allowed);
    expect(refused(deleted)).toBe(!allowed);
  });

  it.each(ACTORS)('%s may attach a photo to a product only as the owner (attach_product_photo)', async (actor) => {
    const target = (
      await serviceClient()
        .from('products')
        .insert({ name: `Zdjęcie ${actor}`, price: 1, category: 'souvenirs' })
        .select('id')
        .single()
    ).data as { id: string };
    const photo = { id: randomUUID(), width: 800, height: 600 };
    const { data, error } = await clients[actor].rpc('attach_product_photo', { p_product_id: target.id, p_photo: photo });
    if (actor === 'owner') expect(data).toEqual([photo]);
    else expect(error?.code).toBe('42501');
    await serviceClient().from('products').delete().eq('id', target.id);
  });
});

describe('orders and order_items', () => {
  it('anon can read no order and no item', async () => {
    const orders = await clients.anon.from('orders').select('id');
    const items = await clients.anon.from('order_items').select('id');
    expect(orders.error?.code).toBe('42501');
    expect(items.error?.code).toBe('42501');
  });

  it.each(['customerA', 'customerB'] as const)('%s reads exactly their own orders and items', async (actor) => {
    const orders = await clients[actor].from('orders').select('id, user_id');
    const items = await clients[actor].from('order_items').select('order_id');
    expect(orders.error).toBeNull();
    expect(orders.data).toEqual([{ id: orderIds[actor], user_id: userIds[actor] }]);
    expect(new Set(items.data!.map((item) => item.order_id))).toEqual(new Set([orderIds[actor]]));
  });

  it('the owner reads every order, guests’ included, with their items', async () => {
    const { data, error } = await clients.owner.from('orders').select('id, order_items(id)').in('id', Object.values(orderIds));
    expect(error).toBeNull();
    expect(data).toHaveLength(3);
    expect(data!.every((order) => order.order_items.length === 1)).toBe(true);
  });

  it.each(ACTORS)('%s cannot insert an order or an item directly', async (actor) => {
    const [product] = await someProducts(1);
    const order = await clients[actor].from('orders').insert({
      client_request_id: randomUUID(),
      subtotal: 1,
      shipping_cost: 0,
      total: 1,
      delivery_method: 'store',
      customer_name: 'Ktoś Obcy',
      customer_email: 'x@example.test',
      customer_phone: '600100200',
      payment_method: 'transfer',
      payu_order_id: `KT${Date.now()}`,
    });
    const item = await clients[actor]
      .from('order_items')
      .insert({ order_id: orderIds.customerA, product_id: product!.id, quantity: 1, price: 0, product_name: 'x' });
    expect(order.error?.code).toBe('42501');
    expect(item.error?.code).toBe('42501');
  });

  it.each(ACTORS)('%s may change an order status only as the owner', async (actor) => {
    const result = await clients[actor].from('orders').update({ status: 'processing' }).eq('id', orderIds.customerA).select('id, status');
    expect(refused(result)).toBe(actor !== 'owner');
  });

  it.each(ACTORS)('%s may move a delivery along (fulfilment state) only as the owner', async (actor) => {
    const result = await clients[actor].from('orders').update({ fulfilment_state: 'ready' }).eq('id', orderIds.customerA).select('id');
    expect(refused(result)).toBe(actor !== 'owner');
  });

  it('not even the owner can rewrite the florist details an order was placed with', async () => {
    for (const change of [{ delivery_date: '2030-01-01' }, { card_message: 'zmiana' }, { services_cost: 0 }, { recipient_name: 'Ktoś' }]) {
      const result = await clients.owner.from('orders').update(change).eq('id', orderIds.customerB).select('id');
      expect(result.error?.code, JSON.stringify(change)).toBe('42501');
    }
  });

  it('not even the owner can rewrite an order’s total or delete an order', async () => {
    const total = await clients.owner.from('orders').update({ total: 0 }).eq('id', orderIds.customerB).select('id');
    const removed = await clients.owner.from('orders').delete().eq('id', orderIds.customerB).select('id');
    expect(total.error?.code).toBe('42501');
    expect(removed.error?.code).toBe('42501');
  });

  it.each(ACTORS)('%s cannot change or delete order items', async (actor) => {
    const updated = await clients[actor].from('order_items').update({ price: 0 }).eq('order_id', orderIds.customerA).select('id');
    const deleted = await clients[actor].from('order_items').delete().eq('order_id', orderIds.customerA).select('id');
    expect(refused(updated)).toBe(true);
    expect(refused(deleted)).toBe(true);
  });

  it.each(['anon', 'customerA'] as const)('%s cannot call the place_order SQL function directly', async (actor) => {
    const { error } = await clients[actor].rpc('place_order', {
      p_client_request_id: randomUUID(),
      p_user_id: null,
      p_order_number: 'KT000000001',
      p_customer_name: 'Ktoś',
      p_customer_email: 'k@example.test',
      p_customer_phone: '600100200',
      p_delivery_method: 'store',
      p_delivery_address: null,
      p_payment_method: 'transfer',
      p_subtotal: 0,
      p_shipping_cost: 0,
      p_items: [],
      p_access_key_hash: null,
      p_details: {},
      p_services_cost: 0,
      p_capacity: null,
      p_request_hash: null,
    });
    expect(error?.code).toBe('42501');
  });

  it.each(['anon', 'customerA'] as const)('%s cannot read the booked delivery places through the SQL function', async (actor) => {
    const { error } = await clients[actor].rpc('delivery_booked_counts', { p_from: '2026-01-01', p_to: '2026-12-31' });
    expect(error?.code).toBe('42501');
  });

  it.each(ACTORS)('%s can neither read nor add order access keys', async (actor) => {
    const read = await clients[actor].from('order_access_keys').select('order_id');
    const added = await clients[actor]
      .from('order_access_keys')
      .insert({ order_id: orderIds.customerA, key_hash: '0'.repeat(64) })
      .select('order_id');
    expect(refused(read)).toBe(true);
    expect(refused(added)).toBe(true);
  });
});

describe('order_link_tokens', () => {
  it.each(ACTORS)('%s can neither read nor add order link tokens', async (actor) => {
    const read = await clients[actor].from('order_link_tokens').select('order_id');
    const added = await clients[actor]
      .from('order_link_tokens')
      .insert({ order_id: orderIds.customerA, token_hash: '0'.repeat(64) })
      .select('order_id');
    expect(refused(read)).toBe(true);
    expect(refused(added)).toBe(true);
  });
});

describe('revoke_order_links() and the revoke-order-links function', () => {
  it.each(ACTORS)('%s cannot call the SQL function itself (the service role only)', async (actor) => {
    const { error } = await clients[actor].rpc('revoke_order_links', { p_order_id: orderIds.guest });
    expect(error?.code).toBe('42501');
  });

  it("only the owner revokes an order's links through the function; a customer not even their own order's", async () => {
    expect((await invokeFunction(clients.anon, 'revoke-order-links', { orderId: orderIds.customerA })).status).toBe(401);
    expect((await invokeFunction(clients.customerA, 'revoke-order-links', { orderId: orderIds.customerA })).status).toBe(403);
    expect((await invokeFunction(clients.customerB, 'revoke-order-links', { orderId: orderIds.customerA })).status).toBe(403);
    const revoked = await invokeFunction(clients.owner, 'revoke-order-links', { orderId: orderIds.guest });
    expect(revoked).toMatchObject({ status: 200, body: { links: expect.any(Number), keys: 0 } });
    const left = await serviceClient().from('order_link_tokens').select('order_id').eq('order_id', orderIds.guest);
    expect(left.data).toEqual([]);
    expect((await invokeFunction(clients.owner, 'revoke-order-links', { orderId: randomUUID() })).status).toBe(404);
  });
});

describe('mail_jobs', () => {
  it.each(ACTORS)('%s reads the mail jobs only as the owner, and nobody adds, changes or removes one through the API', async (actor) => {
    const read = await clients[actor].from('mail_jobs').select('order_id, kind');
    const added = await clients[actor]
      .from('mail_jobs')
      .insert({ order_id: orderIds.customerA, kind: 'status-processing', recipient: 'a@example.test' })
      .select('id');
    const changed = await clients[actor].from('mail_jobs').update({ state: 'sent' }).eq('order_id', orderIds.customerA).select('id');
    const removed = await clients[actor].from('mail_jobs').delete().eq('order_id', orderIds.customerA).select('id');

    if (actor === 'owner') {
      expect(read.error).toBeNull();
      const kinds = read.data!.filter((row) => row.order_id === orderIds.customerA).map((row) => row.kind);
      expect(kinds).toContain('order-confirmation');
    } else {
      expect(refused(read)).toBe(true);
    }
    expect(refused(added)).toBe(true);
    expect(refused(changed)).toBe(true);
    expect(refused(removed)).toBe(true);
  });

  it.each(ACTORS)('%s cannot claim or finish mail jobs through the SQL functions', async (actor) => {
    const claimed = await clients[actor].rpc('claim_mail_jobs', { p_limit: 10 });
    const finished = await clients[actor].rpc('finish_mail_job', { p_id: randomUUID(), p_error: null });
    expect(claimed.error?.code).toBe('42501');
    expect(finished.error?.code).toBe('42501');
  });
});

describe('invoices, invoice_jobs and invoice_counters', () => {
  it.each(ACTORS)(
    '%s reads invoices and their jobs only as the owner, and nobody writes them or the counters through the API',
    async (actor) => {
      const reads = await Promise.all([
        clients[actor].from('invoices').select('id'),
        clients[actor].from('invoice_jobs').select('order_id'),
        clients[actor].from('invoice_counters').select('series_key'),
      ]);
      const writes = await Promise.all([
        clients[actor]
          .from('invoices')
          .insert({
            order_id: orderIds.customerA,
            number: `X/${randomUUID()}`,
            kind: 'VAT',
            xml: 'x'.repeat(200),
            summary: {},
            issue_date: '2027-01-01',
          })
          .select('id'),
        clients[actor].from('invoices').update({ state: 'accepted' }).eq('order_id', orderIds.customerA).select('id'),
        clients[actor].from('invoice_jobs').insert({ order_id: orderIds.customerA }).select('order_id'),
        clients[actor].from('invoice_counters').insert({ series_key: 'FV/2027/{n}', last_number: 1 }).select('series_key'),
      ]);
      const [invoices, jobs, counters] = reads;
      if (actor === 'owner') {
        expect(invoices.error).toBeNull();
        expect(jobs.error).toBeNull();
      } else {
        expect(refused(invoices)).toBe(true);
        expect(refused(jobs)).toBe(true);
      }
      expect(refused(counters)).toBe(true);
      for (const write of writes) expect(refused(write)).toBe(true);
    },
  );

  it.each(ACTORS)('%s cannot issue invoices or claim their jobs through the SQL functions', async (actor) => {
    const claimed = await clients[actor].rpc('claim_invoice_jobs', { p_limit: 10 });
    const claimedForKsef = await clients[actor].rpc('claim_ksef_invoices', { p_limit: 10 });
    const issued = await clients[actor].rpc('invoice_issue', {
      p_order_id: orderIds.customerA,
      p_kind: 'VAT',
      p_corrects: null,
      p_series: 'FV/{n}',
      p_issue_date: '2027-01-01',
      p_xml: '<P_2>{{numer}}</P_2>',
      p_summary: {},
    });
    expect(claimed.error?.code).toBe('42501');
    expect(claimedForKsef.error?.code).toBe('42501');
    expect(issued.error?.code).toBe('42501');
  });
});

describe('order_photos and order_photo_skips', () => {
  it.each(ACTORS)('%s reads, adds or removes order photos and skip reasons only as the owner', async (actor) => {
    const id = randomUUID();
    const path = `orders/${orderIds.customerA}/${id}-1600.webp`;
    const added = await clients[actor]
      .from('order_photos')
      .insert({ id, order_id: orderIds.customerA, path, kind: 'before_dispatch', width: 1600, height: 1200 })
      .select('id');
    const read = await clients[actor].from('order_photos').select('id').eq('id', id);
    const changed = await clients[actor].from('order_photos').update({ kind: 'after_delivery' }).eq('id', id).select('id');
    const skipped = await clients[actor]
      .from('order_photo_skips')
      .upsert({ order_id: orderIds.customerB, reason: 'Deszcz, zdjęcie nieczytelne' })
      .select('order_id');
    const skips = await clients[actor].from('order_photo_skips').select('reason').eq('order_id', orderIds.customerB);
    const removed = await clients[actor].from('order_photos').delete().eq('id', id).select('id');

    if (actor === 'owner') {
      expect(added.error).toBeNull();
      expect(read.data).toEqual([{ id }]);
      expect(skipped.error).toBeNull();
      expect(skips.data).toEqual([{ reason: 'Deszcz, zdjęcie nieczytelne' }]);
      expect(removed.data).toEqual([{ id }]);
    } else {
      expect(refused(added)).toBe(true);
      expect(refused(read)).toBe(true);
      expect(refused(skipped)).toBe(true);
      expect(refused(skips)).toBe(true);
      expect(refused(removed)).toBe(true);
    }
    // A photo row never changes, not even for the owner.
    expect(refused(changed)).toBe(true);
  });
});

describe('push_subscriptions and push_jobs', () => {
  it.each(ACTORS)('%s sees, adds, renews and removes push devices only as the owner; nobody writes the push queue', async (actor) => {
    const endpoint = `https://push.example.test/${actor}-${randomUUID()}`;
    const keys = {
      p256dh: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
      auth: 'BTBZMqHH6r4Tts7J_aSIgg',
    };
    const added = await clients[actor]
      .from('push_subscriptions')
      .insert({ endpoint, ...keys, device_label: 'Test' })
      .select('id');
    const read = await clients[actor].from('push_subscriptions').select('id').eq('endpoint', endpoint);
    const changed = await clients[actor].from('push_subscriptions').update({ device_label: 'Inny' }).eq('endpoint', endpoint).select('id');
    const jobs = await clients[actor].from('push_jobs').insert({ subscription_id: randomUUID(), kind: 'test' }).select('id');
    const queue = await clients[actor].from('push_jobs').select('id');
    const claimed = await clients[actor].rpc('claim_push_jobs', { p_limit: 10 });
    const removed = await clients[actor].from('push_subscriptions').delete().eq('endpoint', endpoint).select('id');

    if (actor === 'owner') {
      expect(added.error).toBeNull();
      expect(read.data).toHaveLength(1);
      expect(changed.data).toHaveLength(1);
      expect(queue.error).toBeNull();
      expect(removed.data).toHaveLength(1);
    } else {
      expect(refused(added)).toBe(true);
      expect(refused(read)).toBe(true);
      expect(refused(changed)).toBe(true);
      expect(refused(queue)).toBe(true);
      expect(refused(removed)).toBe(true);
    }
    expect(refused(jobs)).toBe(true);
    expect(claimed.error?.code).toBe('42501');
  });
});

describe('product_price_history', () => {
  it.each(ACTORS)('%s reads the price history only as the owner, and nobody writes it through the API', async (actor) => {
    const [product] = await someProducts(1);
    const read = await clients[actor].from('product_price_history').select('product_id, price');
    const added = await clients[actor].from('product_price_history').insert({ product_id: product!.id, price: 1 }).select('id');
    const changed = await clients[actor].from('product_price_history').update({ price: 1 }).eq('product_id', product!.id).select('id');
    const removed = await clients[actor].from('product_price_history').delete().eq('product_id', product!.id).select('id');

    if (actor === 'owner') {
      expect(read.error).toBeNull();
      expect(read.data!.some((row) => row.product_id === product!.id)).toBe(true);
    } else {
      expect(refused(read)).toBe(true);
    }
    expect(refused(added)).toBe(true);
    expect(refused(changed)).toBe(true);
    expect(refused(removed)).toBe(true);
  });
});

describe('withdrawal_requests', () => {
  let requestId = '';
  beforeAll(async () => {
    const stored = await serviceClient()
      .from('withdrawal_requests')
      .insert({ order_id: orderIds.customerA, accepted_lines: [{ productId: randomUUID(), name: 'Znicz', quantity: 1 }], period_note: '—' })
      .select('id')
      .single();
    requestId = (stored.data as { id: string }).id;
  });

  it.each(ACTORS)('%s reads withdrawal requests and changes their state only as the owner; nobody adds or removes one', async (actor) => {
    const read = await clients[actor].from('withdrawal_requests').select('id, state');
    const added = await clients[actor]
      .from('withdrawal_requests')
      .insert({ order_id: orderIds.customerA, accepted_lines: [{ productId: randomUUID(), name: 'X', quantity: 1 }], period_note: '—' })
      .select('id');
    const changed = await clients[actor].from('withdrawal_requests').update({ state: 'accepted' }).eq('id', requestId).select('state');
    const removed = await clients[actor].from('withdrawal_requests').delete().eq('id', requestId).select('id');

    if (actor === 'owner') {
      expect(read.data!.some((row) => row.id === requestId)).toBe(true);
      expect(changed.data).toEqual([{ state: 'accepted' }]);
      await clients.owner.from('withdrawal_requests').update({ state: 'received' }).eq('id', requestId);
    } else {
      expect(refused(read)).toBe(true);
      expect(refused(changed)).toBe(true);
    }
    expect(refused(added)).toBe(true);
    expect(refused(removed)).toBe(true);
  });

  it.each(['anon', 'customerA'] as const)('%s cannot store a withdrawal request through the SQL function', async (actor) => {
    const { error } = await clients[actor].rpc('record_withdrawal_request', {
      p_order_id: orderIds.customerA,
      p_accepted: [],
      p_refused: [],
      p_reason: '',
      p_period_note: '',
    });
    expect(error?.code).toBe('42501');
  });
});

describe('the payments ledger: payments, refunds, payment_events', () => {
  let paymentId = '';
  beforeAll(async () => {
    const service = serviceClient();
    const total = await service.from('orders').select('total').eq('id', orderIds.customerA).single();
    const amount = Math.round(Number((total.data as { total: number }).total) * 100);
    const paid = await service.rpc('ledger_record_manual_payment', {
      p_order_id: orderIds.customerA,
      p_method: 'transfer',
      p_amount: amount,
      p_received_on: '2026-11-20',
      p_note: null,
      p_recorded_by: null,
    });
    if (paid.error) throw new Error(paid.error.message);
    paymentId = paid.data as string;
    const refund = await service.rpc('ledger_record_manual_refund', {
      p_order_id: orderIds.customerA,
      p_amount: 100,
      p_refunded_on: '2026-11-21',
      p_reason: 'RLS',
      p_withdrawal_id: null,
      p_recorded_by: null,
    });
    if (refund.error) throw new Error(refund.error.message);
  });

  it.each(ACTORS)('%s reads payments and refunds of their own orders (the owner: all), events only as the owner', async (actor) => {
    const payments = await clients[actor].from('payments').select('id, order_id').eq('id', paymentId);
    const refunds = await clients[actor].from('refunds').select('id').eq('order_id', orderIds.customerA);
    const events = await clients[actor].from('payment_events').select('id').eq('order_id', orderIds.customerA);
    const mayRead = actor === 'owner' || actor === 'customerA';
    expect(payments.data?.length ?? 0).toBe(mayRead ? 1 : 0);
    expect(refunds.data?.length ?? 0).toBe(mayRead ? 1 : 0);
    expect(events.data?.length ?? 0).toBe(actor === 'owner' ? 2 : 0);
  });

  it.each(ACTORS)('%s cannot add, change or remove a payment, a refund or an event through the API', async (actor) => {
    const client = clients[actor];
    const writes = [
      await client
        .from('payments')
        .insert({
          order_id: orderIds.customerB,
          provider: 'manual',
          provider_payment_id: 'x',
          method: 'cash',
          amount_grosz: 1,
          state: 'completed',
          received_on: '2026-11-20',
        })
        .select('id'),
      await client.from('payments').update({ state: 'completed', amount_grosz: 1 }).eq('id', paymentId).select('id'),
      await client.from('payments').delete().eq('id', paymentId).select('id'),
      await client.from('refunds').insert({ payment_id: paymentId, order_id: orderIds.customerA, amount_grosz: 1 }).select('id'),
      await client.from('refunds').update({ state: 'failed' }).eq('order_id', orderIds.customerA).select('id'),
      await client.from('refunds').delete().eq('order_id', orderIds.customerA).select('id'),
      await client.from('payment_events').insert({ provider: 'stripe', event_id: 'evt_x', outcome: 'applied' }).select('id'),
      await client.from('payment_events').delete().eq('order_id', orderIds.customerA).select('id'),
    ];
    for (const write of writes) expect(refused(write)).toBe(true);
  });

  it.each(ACTORS)('%s cannot set an order paid through the API (amount_paid, payu_status)', async (actor) => {
    const paid = await clients[actor].from('orders').update({ amount_paid: 999999 }).eq('id', orderIds.customerB).select('id');
    const status = await clients[actor].from('orders').update({ payu_status: 'COMPLETED' }).eq('id', orderIds.customerB).select('id');
    expect(refused(paid)).toBe(true);
    expect(refused(status)).toBe(true);
  });

  it.each(ACTORS)('%s cannot call the ledger SQL functions', async (actor) => {
    const calls = [
      await clients[actor].rpc('ledger_start_payment', {
        p_order_id: orderIds.customerB,
        p_provider: 'stripe',
        p_provider_payment_id: 'cs_x',
        p_method: 'card',
        p_amount: 1,
      }),
      await clients[actor].rpc('ledger_apply_payment_event', {
        p_provider: 'stripe',
        p_event_id: 'evt_rls',
        p_order_id: orderIds.customerB,
        p_provider_payment_id: 'cs_x',
        p_method: 'card',
        p_amount: 1,
        p_currency: 'PLN',
        p_state: 'completed',
        p_charge_id: null,
        p_content: null,
      }),
      await clients[actor].rpc('ledger_apply_refund_event', {
        p_provider: 'stripe',
        p_event_id: 'evt_rls2',
        p_refund_id: randomUUID(),
        p_provider_refund_id: null,
        p_amount: 1,
        p_currency: 'PLN',
        p_state: 'completed',
        p_content: null,
      }),
      await clients[actor].rpc('ledger_open_refund', {
        p_payment_id: paymentId,
        p_amount: 1,
        p_reason: null,
        p_withdrawal_id: null,
        p_recorded_by: null,
      }),
      await clients[actor].rpc('ledger_record_manual_payment', {
        p_order_id: orderIds.customerB,
        p_method: 'cash',
        p_amount: 1,
        p_received_on: '2026-11-20',
        p_note: null,
        p_recorded_by: null,
      }),
      await clients[actor].rpc('ledger_record_manual_refund', {
        p_order_id: orderIds.customerA,
        p_amount: 1,
        p_refunded_on: '2026-11-20',
        p_reason: null,
        p_withdrawal_id: null,
        p_recorded_by: null,
      }),
    ];
    for (const call of calls) expect(call.error?.code).toBe('42501');
  });
});

describe('app_settings', () => {
  it.each(['anon', 'customerA'] as const)('%s reads only the public settings, never a secret', async (actor) => {
    const table = await clients[actor].from('app_settings').select('key, value');
    const view = await clients[actor].from('public_settings').select('key, value');
    expect(table.error).toBeNull();
    expect(view.error).toBeNull();
    const keys = table.data!.map((row) => row.key).sort();
    expect(keys).toEqual(
      [
        'bank_account_holder',
        'bank_account_number',
        'bank_address',
        'bank_name',
        'bank_swift',
        'company_address',
        'company_email',
        'company_name',
        'company_phone',
        'company_website',
        'delivery_rate_per_km',
        'free_shipping_threshold',
        'payu_api',
        'payu_blik_code',
        'store_hours',
      ].sort(),
    );
    expect(view.data!.map((row) => row.key).sort()).toEqual(keys);
    for (const secret of SECRET_KEYS) expect(JSON.stringify([table.data, view.data])).not.toContain(secret);
  });

  it.each(ACTORS)("%s may ask shop_today(): Warsaw's date on the server's clock", async (actor) => {
    const { data, error } = await clients[actor].rpc('shop_today');
    expect(error).toBeNull();
    expect(data).toBe(warsawDate(Date.now()));
  });

  it.each(ACTORS)('%s may ask is_public_setting(), which says yes only for the public keys', async (actor) => {
    const open = await clients[actor].rpc('is_public_setting', { setting_key: 'company_name' });
    const secret = await clients[actor].rpc('is_public_setting', { setting_key: 'payu_classic_pos_auth_key' });
    // The home page's seasonal prompts read the delivery calendar's peak days; its capacities stay the owner's.
    const peakDays = await clients[actor].rpc('is_public_setting', { setting_key: 'delivery_peak_days' });
    const capacity = await clients[actor].rpc('is_public_setting', { setting_key: 'delivery_peak_capacity' });
    expect([open.error, secret.error, peakDays.error, capacity.error]).toEqual([null, null, null, null]);
    expect([open.data, secret.data, peakDays.data, capacity.data]).toEqual([true, false, true, false]);
  });

  it('the owner reads every setting, secrets included', async () => {
    const { data } = await clients.owner.from('app_settings').select('key');
    const keys = data!.map((row) => row.key);
    for (const secret of SECRET_KEYS) expect(keys).toContain(secret);
  });

  it.each(ACTORS)('%s may write settings only as the owner', async (actor) => {
    const key = `test_${actor.toLowerCase()}_${Date.now()}`;
    const inserted = await clients[actor].from('app_settings').insert({ key, value: 'x' }).select('key');
    const updated = await clients[actor].from('app_settings').update({ value: 'Nowa nazwa' }).eq('key', 'company_name').select('key');
    const deleted = await clients[actor].from('app_settings').delete().eq('key', 'payu_classic_pos_auth_key').select('key');
    const allowed = actor === 'owner';
    expect(refused(inserted)).toBe(!allowed);
    expect(refused(updated)).toBe(!allowed);
    if (allowed) {
      // Put the secret back for the other tests.
      await serviceClient().from('app_settings').upsert({ key: 'payu_classic_pos_auth_key', value: 'local-pos-auth-key-change-me' });
    }
    expect(refused(deleted)).toBe(!allowed);
  });
});

describe('contact_messages', () => {
  it.each(ACTORS)('%s reads contact messages only as the owner', async (actor) => {
    const { data, error } = await clients[actor].from('contact_messages').select('id');
    if (actor === 'anon') {
      expect(error?.code).toBe('42501');
    } else {
      expect(error).toBeNull();
      expect(data!.some((row) => row.id === contactMessageId)).toBe(actor === 'owner');
    }
  });

  it.each(ACTORS)('%s cannot write contact messages through the Data API', async (actor) => {
    const inserted = await clients[actor]
      .from('contact_messages')
      .insert({ name: 'X', email: 'x@example.test', subject: 'info', message: 'spam' });
    const updated = await clients[actor].from('contact_messages').update({ message: 'zmienione' }).eq('id', contactMessageId).select('id');
    const deleted = await clients[actor].from('contact_messages').delete().eq('id', contactMessageId).select('id');
    expect(inserted.error?.code).toBe('42501');
    expect(refused(updated)).toBe(true);
    expect(refused(deleted)).toBe(true);
  });
});

describe('shop_owners and is_admin()', () => {
  it.each(ACTORS)('%s is admin only as the configured owner', async (actor) => {
    const { data, error } = await clients[actor].rpc('is_admin');
    expect(error).toBeNull();
    expect(data).toBe(actor === 'owner');
  });

  it.each(ACTORS)('%s cannot add, change or remove shop owners', async (actor) => {
    const target = actor === 'anon' || actor === 'owner' ? userIds.customerA : userIds[actor];
    const inserted = await clients[actor].from('shop_owners').insert({ user_id: target });
    const updated = await clients[actor].from('shop_owners').update({ user_id: target }).neq('user_id', target).select('user_id');
    const deleted = await clients[actor].from('shop_owners').delete().neq('user_id', randomUUID()).select('user_id');
    expect(inserted.error?.code).toBe('42501');
    expect(refused(updated)).toBe(true);
    expect(refused(deleted)).toBe(true);
    expect((await clients.customerA.rpc('is_admin')).data).toBe(false);
  });

  it('a customer who signs up claiming to be admin is not one', async () => {
    const client = anonClient();
    const { data } = await client.auth.signUp({
      email: `sprytny-${randomUUID().slice(0, 6)}@example.test`,
      password: 'haslo-123456',
      options: { data: { is_admin: true, role: 'service_role', app_metadata: { role: 'admin' } } },
    });
    expect(data.session?.user.app_metadata).not.toHaveProperty('role');
    expect((await client.rpc('is_admin')).data).toBe(false);
    const orders = await client.from('orders').select('id');
    expect(orders.data).toEqual([]);
  });
});
