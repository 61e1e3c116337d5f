import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { anonClient, checkoutFor, invokeFunction, serviceClient, signedInOwner, withDatabase } from '../support/test-backend.ts';

/**
 * Stock is reserved by place_order in the order's transaction, under row
 * locks; cancelling returns it and reopening takes it again or is refused —
 * in the database, whoever changes the status.
 */

async function newProduct(stock: number, madeToOrder = false): Promise<{ id: string; name: string }> {
  const name = `Znicz testowy ${randomUUID().slice(0, 6)}`;
  const { data, error } = await serviceClient()
    .from('products')
    .insert({ name, price: 10, category: 'candles', stock, made_to_order: madeToOrder })
    .select('id, name')
    .single();
  if (error) throw new Error(error.message);
  return data as { id: string; name: string };
}

async function stockOf(productId: string): Promise<number> {
  return withDatabase(
    async (db) => (await db.query<{ stock: number }>('select stock from products where id = $1', [productId])).rows[0]!.stock,
  );
}

function order(productId: string, quantity = 1) {
  return invokeFunction(anonClient(), 'place-order', {
    clientRequestId: randomUUID(),
    checkout: checkoutFor({ deliveryMethod: 'store', paymentMethod: 'transfer' }),
    items: [{ productId, quantity }],
  });
}

describe('stock', () => {
  it('20 concurrent orders of 1 piece each for a stock of 5 give exactly 5 orders and leave 0; cancelling one returns 1 piece', async () => {
    const product = await newProduct(5);
    const answers = await Promise.all(Array.from({ length: 20 }, () => order(product.id)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(15);
    for (const refused of answers.filter((answer) => answer.status === 409)) {
      expect(refused.body.error).toBe('insufficient_stock');
      expect(refused.body.message).toContain(`„${product.name}”`);
    }
    expect(await stockOf(product.id)).toBe(0);
    const stored = await withDatabase(
      async (db) => (await db.query('select 1 from order_items where product_id = $1', [product.id])).rowCount,
    );
    expect(stored).toBe(5);

    const placed = answers.find((answer) => answer.status === 201)!.body.order as { id: string };
    const owner = await signedInOwner();
    const cancelled = await owner.from('orders').update({ status: 'cancelled' }).eq('id', placed.id).select('id');
    expect(cancelled.error).toBeNull();
    expect(await stockOf(product.id)).toBe(1);
  });

  it('names the product and what is left, per line, and writes nothing', async () => {
    const product = await newProduct(2);
    const answer = await order(product.id, 3);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(`Dostępne są tylko 2 szt. produktu „${product.name}”. Zmień ilość w koszyku i spróbuj ponownie.`);
    expect(answer.body.fields).toEqual({ [product.id]: `Dostępne są tylko 2 szt. produktu „${product.name}”` });
    expect(await stockOf(product.id)).toBe(2);
  });

  it('reopening a cancelled order takes its pieces again, or is refused with a clear message when they are gone', async () => {
    const product = await newProduct(1);
    const first = (await order(product.id)).body.order as { id: string };
    const owner = await signedInOwner();
    await owner.from('orders').update({ status: 'cancelled' }).eq('id', first.id);
    expect(await stockOf(product.id)).toBe(1);

    const reopened = await owner.from('orders').update({ status: 'pending' }).eq('id', first.id).select('id');
    expect(reopened.error).toBeNull();
    expect(await stockOf(product.id)).toBe(0);

    await owner.from('orders').update({ status: 'cancelled' }).eq('id', first.id);
    expect((await order(product.id)).status).toBe(201);
    const refused = await owner.from('orders').update({ status: 'processing' }).eq('id', first.id).select('id');
    expect(refused.error?.message).toBe(`Nie można przywrócić zamówienia: za mało w magazynie: „${product.name}” (dostępne: 0 szt.)`);
    expect(await stockOf(product.id)).toBe(0);
    const status = await withDatabase(
      async (db) => (await db.query<{ status: string }>('select status from orders where id = $1', [first.id])).rows[0]!.status,
    );
    expect(status).toBe('cancelled');
  });

  it('a product made to order is sold without counting stock', async () => {
    const product = await newProduct(0, true);
    expect((await order(product.id, 4)).status).toBe(201);
    expect(await stockOf(product.id)).toBe(0);
  });

  it('a repeated place-order (same key) takes the pieces once', async () => {
    const product = await newProduct(3);
    const request = {
      clientRequestId: randomUUID(),
      checkout: checkoutFor({ deliveryMethod: 'store', paymentMethod: 'transfer' }),
      items: [{ productId: product.id, quantity: 2 }],
    };
    expect((await invokeFunction(anonClient(), 'place-order', request)).status).toBe(201);
    expect((await invokeFunction(anonClient(), 'place-order', request)).status).toBe(200);
    expect(await stockOf(product.id)).toBe(1);
  });
});
