import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { anonClient, checkoutFor, invokeFunction, serviceClient, withDatabase } from '../support/test-backend.ts';

/**
 * place-order charges the price in force on the server's clock: a running
 * promotion's price, the regular one before it starts and after it ends
 * (issue 19). The request carries no price; a line priced otherwise than the
 * database's price in force is refused by place_order.
 */

const DAY = 86_400_000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

async function productWithPromotion(promo: { starts: number | null; ends: number | null }): Promise<string> {
  const { data, error } = await serviceClient()
    .from('products')
    .insert({
      name: `Znicz w promocji ${randomUUID().slice(0, 6)}`,
      price: 40,
      category: 'candles',
      stock: 50,
      promo_price: 29.9,
      promo_starts_at: promo.starts === null ? null : at(promo.starts),
      promo_ends_at: promo.ends === null ? null : at(promo.ends),
    })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  return (data as { id: string }).id;
}

async function orderOf(productId: string) {
  const answer = await invokeFunction(anonClient(), 'place-order', {
    clientRequestId: randomUUID(),
    checkout: checkoutFor({ deliveryMethod: 'store' }),
    items: [{ productId, quantity: 2, price: 40 }],
  });
  expect(answer.status).toBe(201);
  const order = answer.body.order as { id: string; subtotal: number };
  const stored = await withDatabase(async (db) => {
    const { rows } = await db.query<{ price: number }>('select price::float8 as price from order_items where order_id = $1', [order.id]);
    return rows.map((row) => row.price);
  });
  return { subtotal: order.subtotal, linePrices: stored };
}

describe('place-order and promotions', () => {
  it('charges a running promotion at its price', async () => {
    const id = await productWithPromotion({ starts: -DAY, ends: DAY });
    expect(await orderOf(id)).toEqual({ subtotal: 59.8, linePrices: [29.9] });
  });

  it('charges a promotion without end dates at its price', async () => {
    const id = await productWithPromotion({ starts: null, ends: null });
    expect(await orderOf(id)).toEqual({ subtotal: 59.8, linePrices: [29.9] });
  });

  it('charges the regular price before a promotion starts and after it ends', async () => {
    const upcoming = await productWithPromotion({ starts: DAY, ends: 2 * DAY });
    const ended = await productWithPromotion({ starts: -2 * DAY, ends: -DAY });
    expect(await orderOf(upcoming)).toEqual({ subtotal: 80, linePrices: [40] });
    expect(await orderOf(ended)).toEqual({ subtotal: 80, linePrices: [40] });
  });

  it('refuses a line carrying a price that is no longer in force (the regular one during a promotion)', async () => {
    const id = await productWithPromotion({ starts: -DAY, ends: DAY });
    const { error } = await serviceClient().rpc('place_order', {
      p_client_request_id: randomUUID(),
      p_user_id: null,
      p_order_number: `KT9${String(Date.now()).slice(-8)}`,
      p_customer_name: 'Anna Kowalska',
      p_customer_email: 'anna.kowalska@example.test',
      p_customer_phone: '600100200',
      p_delivery_method: 'store',
      p_delivery_address: null,
      p_payment_method: 'transfer',
      p_subtotal: 40,
      p_shipping_cost: 0,
      p_items: [{ product_id: id, quantity: 1, price: 40 }],
      p_access_key_hash: null,
      p_details: {},
      p_services_cost: 0,
      p_capacity: null,
      p_request_hash: null,
    });
    expect(error?.message).toBe(`price_changed:${id}`);
    const orders = await withDatabase(async (db) => {
      const { rows } = await db.query('select 1 from order_items where product_id = $1', [id]);
      return rows.length;
    });
    expect(orders).toBe(0);
  });

  it('shows the shop the price in force and the regular one (computed column on the server clock)', async () => {
    const running = await productWithPromotion({ starts: -DAY, ends: DAY });
    const upcoming = await productWithPromotion({ starts: DAY, ends: 2 * DAY });
    const { data, error } = await anonClient()
      .from('products')
      .select('id, price, current_price:product_current_price')
      .in('id', [running, upcoming]);
    expect(error).toBeNull();
    expect(Object.fromEntries(data!.map((row) => [row.id, [row.price, row.current_price]]))).toEqual({
      [running]: [40, 29.9],
      [upcoming]: [40, 40],
    });
  });
});
