import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPushService, type PushService } from '../support/push-service.ts';
import {
  anonClient,
  invokeFunction,
  placedGuestOrder,
  signedInOwner,
  signedUpCustomer,
  testBackend,
  withDatabase,
} from '../support/test-backend.ts';

/**
 * Web Push on the shared backend (docs/push.md): the owner's device is a
 * subscription of a local push service that checks each message's VAPID
 * JWT and decrypts it (tests/support/push-service.ts); the database queues
 * the pushes, push-dispatch and push-devices send them.
 */

let service: PushService;
let owner: SupabaseClient;
let publicKey: string;

beforeAll(async () => {
  service = await startPushService();
  owner = await signedInOwner();
  const answer = await invokeFunction(owner, 'push-devices', { action: 'key' });
  expect(answer.status).toBe(200);
  publicKey = answer.body.publicKey as string;
});

afterAll(async () => {
  // The devices point at this test's push service: leave none behind for the other suites' orders.
  await withDatabase((db) => db.query('delete from push_subscriptions'));
  await service.stop();
});

/** A device of the owner's, saved as the settings page saves it (the owner's session, under RLS). */
async function ownerDevice(label: string): Promise<{ clientHash: string; id: string }> {
  const subscription = await service.subscribe(publicKey);
  const { data, error } = await owner
    .from('push_subscriptions')
    .upsert({ endpoint: subscription.endpoint, ...subscription.keys, device_label: label }, { onConflict: 'endpoint' })
    .select('id')
    .single();
  expect(error).toBeNull();
  return { clientHash: subscription.clientHash, id: (data as { id: string }).id };
}

async function dispatch(): Promise<void> {
  const response = await fetch(`${testBackend().url}/functions/v1/push-dispatch`, {
    method: 'POST',
    headers: { apikey: testBackend().secretKey, 'Content-Type': 'application/json' },
    body: '{}',
  });
  expect(response.status).toBe(200);
  await response.body?.cancel();
}

const parsed = (clientHash: string) => service.messages(clientHash).map((text) => JSON.parse(text) as Record<string, string>);

async function jobs(subscriptionId: string): Promise<{ kind: string; event_id: string | null; state: string; attempts: number }[]> {
  const { rows } = await withDatabase((db) =>
    db.query<{ kind: string; event_id: string | null; state: string; attempts: number }>(
      'select kind, event_id, state, attempts from push_jobs where subscription_id = $1 order by created_at',
      [subscriptionId],
    ),
  );
  return rows;
}

async function deviceExists(id: string): Promise<boolean> {
  const { rows } = await withDatabase((db) => db.query('select 1 from push_subscriptions where id = $1', [id]));
  return rows.length === 1;
}

describe('pushes to the owner', () => {
  it('a new order reaches the device once, signed and encrypted so that the push service reads it', async () => {
    const device = await ownerDevice('Chrome na Androidzie');
    const order = await placedGuestOrder();

    await dispatch();
    await expect.poll(() => parsed(device.clientHash).length, { timeout: 15_000 }).toBe(1);
    const [message] = parsed(device.clientHash);
    expect(message!.title).toBe(`Nowe zamówienie nr ${order.number}`);
    expect(message!.body).toContain('zł');
    expect(message!.url).toBe(`/admin/orders?id=${order.id}`);
    // No customer data on a lock screen.
    expect(JSON.stringify(message)).not.toMatch(/Kowalsk|@|\+48|ul\./);
    const [request] = service.requests(device.clientHash);
    expect(request).toMatchObject({ status: 201 });
    expect(request!.headers).toMatchObject({ 'content-encoding': 'aes128gcm', urgency: 'high', ttl: String(12 * 3600) });

    // The order changes, dispatch runs again: still one job, one push.
    const { error } = await owner.from('orders').update({ status: 'processing' }).eq('id', order.id);
    expect(error).toBeNull();
    await dispatch();
    expect((await jobs(device.id)).filter((job) => job.event_id === order.id)).toEqual([
      { kind: 'new-order', event_id: order.id, state: 'sent', attempts: 1 },
    ]);
    expect(service.messages(device.clientHash)).toHaveLength(1);
    const { rows } = await withDatabase((db) =>
      db.query<{ last_success_at: Date | null }>('select last_success_at from push_subscriptions where id = $1', [device.id]),
    );
    expect(rows[0]!.last_success_at).not.toBeNull();
  });

  it('a gateway payment and a withdrawal request each push once; a payment the owner records does not', async () => {
    const device = await ownerDevice('Safari na iPhonie');
    const { rows } = await withDatabase((db) =>
      db.query<{ id: string; number: string }>("select id, payu_order_id as number from orders where status <> 'cancelled' limit 1"),
    );
    const order = rows[0]!;
    await withDatabase(async (db) => {
      const paid = await db.query<{ id: string }>(
        `insert into payments (order_id, provider, provider_payment_id, method, amount_grosz, state, completed_at)
           values ($1, 'payu-rest', $2, 'blik', 12345, 'pending', null) returning id`,
        [order.id, `push-${randomUUID()}`],
      );
      await db.query("update payments set state = 'completed', completed_at = now() where id = $1", [paid.rows[0]!.id]);
      await db.query("update payments set state = 'completed' where id = $1", [paid.rows[0]!.id]);
      await db.query(
        `insert into payments (order_id, provider, provider_payment_id, method, amount_grosz, state, received_on, completed_at)
           values ($1, 'manual', $2, 'cash', 500, 'completed', current_date, now())`,
        [order.id, randomUUID()],
      );
      await db.query(
        `insert into withdrawal_requests (order_id, accepted_lines, period_note)
           values ($1, '[{"productId":"x","name":"Znicz","quantity":2}]', 'test')`,
        [order.id],
      );
    });

    expect((await jobs(device.id)).map((job) => job.kind)).toEqual(['payment-received', 'withdrawal-request']);
    await dispatch();
    await expect.poll(() => parsed(device.clientHash).length, { timeout: 15_000 }).toBe(2);
    const byTitle = Object.fromEntries(parsed(device.clientHash).map((message) => [(message.title ?? '').split(' ')[0], message]));
    expect(byTitle['Płatność']).toMatchObject({
      title: 'Płatność otrzymana',
      body: `Wpłynęło 123,45\u00a0zł za zamówienie nr ${order.number}.`,
      url: `/admin/orders?id=${order.id}`,
    });
    expect(byTitle['Odstąpienie']).toMatchObject({ body: `Zamówienie nr ${order.number} · 2 sztuki do zwrotu`, url: '/admin/odstapienia' });
  });

  it('a device the push service answers 410 or 404 is removed; one answering 503 is retried later and then gets its push', async () => {
    await withDatabase((db) => db.query('delete from push_subscriptions'));
    const gone = await ownerDevice('Firefox na komputerze');
    const unknown = await ownerDevice('Chrome na komputerze');
    const busy = await ownerDevice('Edge na komputerze');
    service.expire(gone.clientHash);
    service.answer(unknown.clientHash, 404);
    service.answer(busy.clientHash, 503);

    const test = await invokeFunction(owner, 'push-devices', { action: 'test' });
    expect(test.status).toBe(200);
    expect(test.body.devices).toBe(3);
    // The schedule may have sent some of them first: what counts is what the database says.
    await expect
      .poll(async () => [await deviceExists(gone.id), await deviceExists(unknown.id)], { timeout: 15_000 })
      .toEqual([false, false]);
    expect(service.requests(gone.clientHash).map((request) => request.status)).toEqual([410]);
    expect(service.requests(unknown.clientHash).map((request) => request.status)).toEqual([404]);

    await expect.poll(() => jobs(busy.id), { timeout: 15_000 }).toEqual([{ kind: 'test', event_id: null, state: 'pending', attempts: 1 }]);
    const { rows } = await withDatabase((db) =>
      db.query<{ last_error: string; due_in: number }>(
        `select s.last_error, extract(epoch from j.next_attempt_at - now())::int as due_in
           from push_subscriptions s join push_jobs j on j.subscription_id = s.id where s.id = $1`,
        [busy.id],
      ),
    );
    expect(rows[0]!.last_error).toMatch(/^HTTP 503/);
    expect(rows[0]!.due_in).toBeGreaterThan(20);
    expect(rows[0]!.due_in).toBeLessThanOrEqual(30);

    // Not due yet: another run leaves it alone.
    await dispatch();
    expect(service.requests(busy.clientHash)).toHaveLength(1);
    // The push service is back and the retry is due.
    service.answer(busy.clientHash, null);
    await withDatabase((db) => db.query('update push_jobs set next_attempt_at = now() where subscription_id = $1', [busy.id]));
    await dispatch();
    await expect.poll(() => jobs(busy.id), { timeout: 15_000 }).toEqual([{ kind: 'test', event_id: null, state: 'sent', attempts: 2 }]);
    expect(parsed(busy.clientHash).map((message) => message.title)).toEqual(['Powiadomienie testowe']);
  });

  it('only the owner sees, adds or tests devices, and no answer carries the private key', async () => {
    const device = await ownerDevice('Chrome na Androidzie');
    const customer = await signedUpCustomer('push-rls');
    expect((await customer.client.from('push_subscriptions').select('id')).data).toEqual([]);
    expect((await anonClient().from('push_subscriptions').select('id')).error).not.toBeNull();
    const subscription = await service.subscribe(publicKey);
    const insert = await customer.client
      .from('push_subscriptions')
      .insert({ endpoint: subscription.endpoint, ...subscription.keys, device_label: 'obcy' });
    expect(insert.error).not.toBeNull();
    expect((await customer.client.from('push_jobs').select('id')).data).toEqual([]);
    await customer.client.from('push_subscriptions').delete().eq('id', device.id);
    expect(await deviceExists(device.id)).toBe(true);

    expect((await invokeFunction(customer.client, 'push-devices', { action: 'key' })).status).toBe(403);
    expect((await invokeFunction(anonClient(), 'push-devices', { action: 'test' })).status).toBe(401);
    expect((await invokeFunction(owner, 'push-devices', { action: 'nic' })).body).toMatchObject({ error: 'validation_failed' });

    const key = await invokeFunction(owner, 'push-devices', { action: 'key' });
    expect(Object.keys(key.body)).toEqual(['publicKey']);
    expect(key.body.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);

    const dispatchAsOwner = await fetch(`${testBackend().url}/functions/v1/push-dispatch`, {
      method: 'POST',
      headers: {
        apikey: testBackend().anonKey,
        Authorization: `Bearer ${(await owner.auth.getSession()).data.session!.access_token}`,
        'Content-Type': 'application/json',
      },
      body: '{}',
    });
    expect(dispatchAsOwner.status).toBe(403);

    const owned = await owner.from('push_subscriptions').delete().eq('id', device.id).select('id');
    expect(owned.data).toEqual([{ id: device.id }]);
  });
});
