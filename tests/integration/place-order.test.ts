import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { REQUEST_MISMATCH_MESSAGE } from '../../functions/place-order/handler.ts';
import { EMPTY_CHECKOUT_FORM, type CheckoutFormValues } from '../../src/domain/checkout-schema.ts';
import type { PlaceOrderPayload } from '../../src/domain/place-order-contract.ts';
import { placeOrder } from '../../src/features/orders-sync/place-order-client.ts';
import {
  anonClient,
  checkoutFor,
  invokeFunction,
  serviceClient,
  signedUpCustomer,
  someProducts,
  testBackend,
  withDatabase,
} from '../support/test-backend.ts';

async function ordersWithKey(key: string): Promise<number> {
  return withDatabase(async (db) => {
    const { rows } = await db.query<{ count: string }>('select count(*) from orders where client_request_id = $1', [key]);
    return Number(rows[0]?.count);
  });
}

describe('place-order', () => {
  it('creates an order priced from the database, ignoring any price or total in the body', async () => {
    const [first, second] = await someProducts(2);
    const key = randomUUID();
    const answer = await invokeFunction(anonClient(), 'place-order', {
      clientRequestId: key,
      checkout: checkoutFor({ deliveryMethod: 'store' }),
      items: [
        { productId: first!.id, quantity: 2, price: 0.01 },
        { productId: second!.id, quantity: 1, price: 0.01 },
      ],
      total: 0.01,
      userId: randomUUID(),
    });

    expect(answer.status).toBe(201);
    const order = answer.body.order as Record<string, unknown>;
    const expectedSubtotal = Math.round((first!.price * 2 + second!.price) * 100) / 100;
    expect(order.subtotal).toBe(expectedSubtotal);
    expect(order.shippingCost).toBe(0);
    expect(order.total).toBe(expectedSubtotal);
    expect(order.orderNumber).toMatch(/^KT\d{9}$/);

    const stored = await withDatabase(async (db) => {
      const { rows } = await db.query('select user_id, total::float8 as total from orders where client_request_id = $1', [key]);
      const items = await db.query(
        'select product_id, quantity, price::float8 as price from order_items where order_id = $1 order by quantity desc',
        [order.id],
      );
      return { order: rows[0], items: items.rows };
    });
    expect(stored.order).toEqual({ user_id: null, total: expectedSubtotal });
    expect(stored.items).toEqual([
      { product_id: first!.id, quantity: 2, price: first!.price },
      { product_id: second!.id, quantity: 1, price: second!.price },
    ]);
  });

  it("refuses another order's key with another body (409 in Polish): no order, no key, no new access row", async () => {
    const [product] = await someProducts(1);
    const key = randomUUID();
    const body = { clientRequestId: key, checkout: checkoutFor(), items: [{ productId: product!.id, quantity: 1 }] };
    const first = await invokeFunction(anonClient(), 'place-order', body);
    expect(first.status).toBe(201);
    const orderId = (first.body.order as { id: string }).id;

    // Someone who learnt the key sends their own body under it.
    const stranger = { ...body, checkout: checkoutFor({ email: 'obcy@example.test' }) };
    const again = await invokeFunction(anonClient(), 'place-order', stranger);
    expect(again).toEqual({ status: 409, body: { error: 'request_mismatch', message: REQUEST_MISMATCH_MESSAGE } });
    const other = await invokeFunction(anonClient(), 'place-order', { ...body, items: [{ productId: product!.id, quantity: 5 }] });
    expect(other.status).toBe(409);
    expect(await ordersWithKey(key)).toBe(1);
    const keys = await withDatabase((db) => db.query('select 1 from order_access_keys where order_id = $1', [orderId]));
    expect(keys.rows).toHaveLength(1);
  });

  it("the placing device's retry with the same body (the outbox after a lost answer) gets the order and the same usable key", async () => {
    const [product] = await someProducts(1);
    const payload: PlaceOrderPayload = {
      clientRequestId: randomUUID(),
      // The checkout form as the shop keeps it (the outbox stores exactly this).
      checkout: { ...EMPTY_CHECKOUT_FORM, ...checkoutFor({ paymentMethod: 'payu' }) } as CheckoutFormValues,
      items: [{ productId: product!.id, quantity: 1 }],
    };
    const backend = { url: testBackend().url, anonKey: testBackend().publishableKey };
    // As the outbox sends it: the stored payload, twice.
    const first = await placeOrder(backend, payload, null);
    const retry = await placeOrder(backend, structuredClone(payload), null);
    expect(first.kind).toBe('placed');
    expect(retry.kind).toBe('placed');
    if (first.kind !== 'placed' || retry.kind !== 'placed') return;
    expect(retry.replayed).toBe(true);
    expect(retry.order.id).toBe(first.order.id);
    expect(retry.order.accessKey).toBe(first.order.accessKey);
    const keys = await withDatabase((db) => db.query('select 1 from order_access_keys where order_id = $1', [first.order.id]));
    expect(keys.rows).toHaveLength(1);
    const pay = await invokeFunction(anonClient(), 'create-payu-classic-payment', {
      orderId: retry.order.id,
      accessKey: retry.order.accessKey,
    });
    expect(pay.status).toBe(200);
  });

  it('makes exactly one order when the same key arrives many times at once', async () => {
    const [product] = await someProducts(1);
    const key = randomUUID();
    const body = { clientRequestId: key, checkout: checkoutFor(), items: [{ productId: product!.id, quantity: 1 }] };

    const answers = await Promise.all(Array.from({ length: 12 }, () => invokeFunction(anonClient(), 'place-order', body)));

    const ids = new Set(answers.map((answer) => (answer.body.order as { id: string }).id));
    expect(answers.every((answer) => answer.status === 200 || answer.status === 201)).toBe(true);
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(ids.size).toBe(1);
    expect(await ordersWithKey(key)).toBe(1);
  });

  it('charges courier shipping below the free threshold and none above it, but always for cash on delivery', async () => {
    const products = await someProducts(40);
    // Couriers never carry live flowers.
    const cheap = products.find((product) => product.category !== 'live-flowers' && product.price > 5 && product.price < 100)!;
    const place = (deliveryMethod: string, quantity: number) =>
      invokeFunction(anonClient(), 'place-order', {
        clientRequestId: randomUUID(),
        checkout: checkoutFor({ deliveryMethod, paymentMethod: 'transfer' }),
        items: [{ productId: cheap.id, quantity }],
      });

    const small = await place('dpd', 1);
    const large = await place('dpd', Math.ceil(300 / cheap.price));
    const largeCod = await place('dpd-cod', Math.ceil(300 / cheap.price));

    expect((small.body.order as { shippingCost: number }).shippingCost).toBe(16.99);
    expect((large.body.order as { shippingCost: number }).shippingCost).toBe(0);
    expect((largeCod.body.order as { shippingCost: number }).shippingCost).toBe(26);
  });

  it("reads a free-shipping threshold of '1 000' as 1000 zł: a 400 zł courier order pays for shipping", async () => {
    // Couriers never carry live flowers.
    const product = (await someProducts(40)).find((candidate) => candidate.category !== 'live-flowers' && candidate.price < 100);
    const setThreshold = (value: string) =>
      withDatabase((db) => db.query("update app_settings set value = $1 where key = 'free_shipping_threshold'", [value]));
    await setThreshold('1 000');
    try {
      const answer = await invokeFunction(anonClient(), 'place-order', {
        clientRequestId: randomUUID(),
        checkout: checkoutFor({ deliveryMethod: 'dpd', paymentMethod: 'transfer' }),
        items: [{ productId: product!.id, quantity: Math.ceil(400 / product!.price) }],
      });
      expect(answer.status).toBe(201);
      const order = answer.body.order as { subtotal: number; shippingCost: number };
      expect(order.subtotal).toBeGreaterThanOrEqual(400);
      expect(order.subtotal).toBeLessThan(1000);
      expect(order.shippingCost).toBe(16.99);
    } finally {
      await setThreshold('300');
    }
  });

  it('takes the user from the JWT: a signed-in customer owns the order and can read it', async () => {
    const customer = await signedUpCustomer('buyer');
    const [product] = await someProducts(1);
    const answer = await invokeFunction(customer.client, 'place-order', {
      clientRequestId: randomUUID(),
      checkout: checkoutFor({ email: customer.email }),
      items: [{ productId: product!.id, quantity: 1 }],
    });
    expect(answer.status).toBe(201);

    const { data, error } = await customer.client.from('orders').select('id, user_id, order_items(quantity, products(name))');
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    expect(data![0]!.user_id).toBe(customer.userId);
  });

  it('answers invalid input with 400 and the Polish messages joined with commas, writing nothing', async () => {
    const key = randomUUID();
    const answer = await invokeFunction(anonClient(), 'place-order', {
      clientRequestId: key,
      checkout: checkoutFor({ firstName: '', email: 'nie-email', deliveryMethod: 'dpd', postalCode: '37700' }),
      items: [],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('validation_failed');
    expect(answer.body.message).toBe(
      'Imię jest wymagane, Nieprawidłowy format adresu e-mail, Kod pocztowy powinien być w formacie XX-XXX, Brak produktów w zamówieniu',
    );
    expect(await ordersWithKey(key)).toBe(0);
  });

  it('refuses a product that is no longer sold', async () => {
    const admin = serviceClient();
    const { data: product } = await admin
      .from('products')
      .insert({ name: 'Wycofany bukiet', price: 50, category: 'live-flowers', active: false })
      .select('id')
      .single();
    const answer = await invokeFunction(anonClient(), 'place-order', {
      clientRequestId: randomUUID(),
      checkout: checkoutFor(),
      items: [{ productId: (product as { id: string }).id, quantity: 1 }],
    });
    expect(answer.status).toBe(422);
    expect(answer.body.error).toBe('product_unavailable');
  });

  it('refuses a bearer token that does not verify instead of ordering as a guest', async () => {
    const [product] = await someProducts(1);
    const forged = anonClient();
    const answer = await forged.functions
      .invoke('place-order', {
        headers: { Authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwicm9sZSI6ImF1dGhlbnRpY2F0ZWQifQ.AAAA' },
        body: { clientRequestId: randomUUID(), checkout: checkoutFor(), items: [{ productId: product!.id, quantity: 1 }] },
      })
      .then(async ({ error }) => (error as { context: Response }).context.status);
    expect(answer).toBe(401);
  });
});
