import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { checkoutFor, invokeFunction, signedInOwner, signedUpCustomer, someProducts, withDatabase } from '../support/test-backend.ts';

/** The admin orders calls (docs/spec.md §7 'Admin orders', 'Change status') against the real backend and its RLS. */

async function placeOrderAs(client: SupabaseClient, email: string): Promise<{ id: string; number: string }> {
  const [product] = await someProducts(1);
  const answer = await invokeFunction(client, 'place-order', {
    clientRequestId: randomUUID(),
    checkout: checkoutFor({ email }),
    items: [{ productId: product!.id, quantity: 1 }],
  });
  if (answer.status !== 201) throw new Error(`place-order answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  const order = answer.body.order as { id: string; orderNumber: string };
  return { id: order.id, number: order.orderNumber };
}

async function statusInDatabase(id: string): Promise<string | undefined> {
  return withDatabase(async (db) => {
    const { rows } = await db.query<{ status: string }>('select status from orders where id = $1', [id]);
    return rows[0]?.status;
  });
}

describe('admin orders', () => {
  it('the owner reads every order with items and products, newest first', async () => {
    const customer = await signedUpCustomer('admin-list');
    const order = await placeOrderAs(customer.client, customer.email);
    const owner = await signedInOwner();
    const { data, error } = await owner
      .from('orders')
      .select('*, order_items(*, products(name))')
      .order('created_at', { ascending: false });
    expect(error).toBeNull();
    const rows = data as { id: string; created_at: string; customer_email: string; order_items: { products: { name: string } | null }[] }[];
    const found = rows.find((row) => row.id === order.id);
    expect(found?.customer_email).toBe(customer.email);
    expect(found?.order_items[0]?.products?.name).toBeTruthy();
    const dates = rows.map((row) => row.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('the owner changes the status; the customer cannot; the customer sees the new status in their history', async () => {
    const customer = await signedUpCustomer('admin-status');
    const order = await placeOrderAs(customer.client, customer.email);
    const owner = await signedInOwner();

    // A customer may not change a status, not even of their own order: RLS leaves no row to update.
    const refused = await customer.client.from('orders').update({ status: 'completed' }).eq('id', order.id).select('id');
    expect(refused.data ?? []).toEqual([]);
    expect(await statusInDatabase(order.id)).toBe('pending');

    // The owner's change, made from the status the owner saw.
    const changed = await owner.from('orders').update({ status: 'processing' }).eq('id', order.id).eq('status', 'pending').select('id');
    expect(changed.error).toBeNull();
    expect(changed.data).toEqual([{ id: order.id }]);
    expect(await statusInDatabase(order.id)).toBe('processing');

    // A change queued from a status the order no longer has updates nothing (the app reports a conflict).
    const stale = await owner.from('orders').update({ status: 'cancelled' }).eq('id', order.id).eq('status', 'pending').select('id');
    expect(stale.error).toBeNull();
    expect(stale.data).toEqual([]);
    expect(await statusInDatabase(order.id)).toBe('processing');

    // The customer's own history select ('Moje konto') shows the new status.
    const history = await customer.client
      .from('orders')
      .select('*, order_items(*, products(name, image_url))')
      .eq('user_id', customer.userId)
      .order('created_at', { ascending: false });
    expect(history.error).toBeNull();
    expect((history.data as { payu_order_id: string; status: string }[]).map((row) => [row.payu_order_id, row.status])).toEqual([
      [order.number, 'processing'],
    ]);
  });

  it('the owner may change only status and tracking columns, not amounts', async () => {
    const customer = await signedUpCustomer('admin-columns');
    const order = await placeOrderAs(customer.client, customer.email);
    const owner = await signedInOwner();
    const { error } = await owner.from('orders').update({ total: 1 }).eq('id', order.id);
    expect(error).not.toBeNull();
  });
});
