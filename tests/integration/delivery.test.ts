import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { anonClient, checkoutFor, invokeFunction, withDatabase } from '../support/test-backend.ts';

const SEEDED_RATE_PER_KM = 1.8;
const KRASICZYN = { street: 'Zamkowa', houseNumber: '2', apartment: '', city: 'Krasiczyn', postalCode: '37-741' };
const ARTIFICIAL_WREATH = '83f26a72-645b-4406-a466-2aed0712dad5';
const RED_ROSES_BOUQUET = '811546a5-832e-49cf-b3c0-9e29122b2d96';

async function ordersWithKey(key: string): Promise<number> {
  return withDatabase(async (db) => {
    const { rows } = await db.query<{ count: string }>('select count(*) from orders where client_request_id = $1', [key]);
    return Number(rows[0]?.count);
  });
}

async function productPrice(id: string): Promise<number> {
  return withDatabase(async (db) => {
    const { rows } = await db.query<{ price: number }>('select price::float8 as price from products where id = $1', [id]);
    return rows[0]!.price;
  });
}

describe('calculate-delivery', () => {
  it('quotes a village of the county as an estimate at the seeded rate, both ways', async () => {
    const answer = await invokeFunction(anonClient(), 'calculate-delivery', { destination_address: 'Zamkowa 2, 37-741 Krasiczyn' });
    expect(answer.status).toBe(200);
    const distance = answer.body.distance as number;
    expect(distance).toBeGreaterThan(10);
    expect(distance).toBeLessThan(40);
    expect(answer.body).toMatchObject({
      cost: Math.round(2 * distance * SEEDED_RATE_PER_KM * 100) / 100,
      formattedDistance: `${distance.toFixed(1).replace('.', ',')} km`,
      estimated: true,
      locality: 'Krasiczyn',
    });
    expect(answer.body.formattedDuration).toMatch(/^ok\. \d+ min$/);
  });

  it('gives the same quote for the structured address', async () => {
    const byText = await invokeFunction(anonClient(), 'calculate-delivery', { destination_address: 'Zamkowa 2, 37-741 Krasiczyn' });
    const byParts = await invokeFunction(anonClient(), 'calculate-delivery', { destination_address: '', address: KRASICZYN });
    expect(byParts.body).toEqual(byText.body);
  });

  it('refuses Rzeszów as outside the delivery area', async () => {
    const answer = await invokeFunction(anonClient(), 'calculate-delivery', { destination_address: 'ul. 3 Maja 1, 35-030 Rzeszów' });
    expect(answer.status).toBe(422);
    expect(answer.body.error).toBe('outside_delivery_area');
    expect(answer.body.message).toContain('powiatu przemyskiego i gminy Bircza');
  });

  it('answers an empty address with 400 address_required', async () => {
    const answer = await invokeFunction(anonClient(), 'calculate-delivery', { destination_address: '' });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: 'address_required', message: 'Adres jest wymagany' });
  });
});

describe('place-order with local delivery', () => {
  it('charges home delivery to Krasiczyn exactly as quoted and adds it to the total', async () => {
    const quote = await invokeFunction(anonClient(), 'calculate-delivery', { address: KRASICZYN });
    const price = await productPrice(RED_ROSES_BOUQUET);
    const key = randomUUID();
    const answer = await invokeFunction(anonClient(), 'place-order', {
      clientRequestId: key,
      checkout: checkoutFor({ deliveryMethod: 'home', ...KRASICZYN }),
      items: [{ productId: RED_ROSES_BOUQUET, quantity: 1 }],
      shippingCost: 0.01,
    });
    expect(answer.status).toBe(201);

    const stored = await withDatabase(async (db) => {
      const { rows } = await db.query<{ subtotal: number; shipping_cost: number; total: number }>(
        'select subtotal::float8 as subtotal, shipping_cost::float8 as shipping_cost, total::float8 as total from orders where client_request_id = $1',
        [key],
      );
      return rows[0]!;
    });
    expect(stored.shipping_cost).toBe(quote.body.cost);
    expect(stored.subtotal).toBe(price);
    expect(stored.total).toBe(Math.round((price + (quote.body.cost as number)) * 100) / 100);
  });

  it('refuses home delivery to Kraków and stores no order', async () => {
    const key = randomUUID();
    const answer = await invokeFunction(anonClient(), 'place-order', {
      clientRequestId: key,
      checkout: checkoutFor({ deliveryMethod: 'home', street: 'Floriańska', houseNumber: '3', city: 'Kraków', postalCode: '31-019' }),
      items: [{ productId: ARTIFICIAL_WREATH, quantity: 1 }],
    });
    expect(answer.status).toBe(422);
    expect(answer.body.error).toBe('outside_delivery_area');
    expect(await ordersWithKey(key)).toBe(0);
  });

  it('refuses live flowers sent by InPost and stores no order', async () => {
    const key = randomUUID();
    const answer = await invokeFunction(anonClient(), 'place-order', {
      clientRequestId: key,
      checkout: checkoutFor({ deliveryMethod: 'inpost' }),
      items: [
        { productId: ARTIFICIAL_WREATH, quantity: 1 },
        { productId: RED_ROSES_BOUQUET, quantity: 1 },
      ],
    });
    expect(answer.status).toBe(422);
    expect(answer.body.error).toBe('live_flowers_local_only');
    expect(await ordersWithKey(key)).toBe(0);
  });

  it('still sends artificial flowers by InPost', async () => {
    const answer = await invokeFunction(anonClient(), 'place-order', {
      clientRequestId: randomUUID(),
      checkout: checkoutFor({ deliveryMethod: 'inpost' }),
      items: [{ productId: ARTIFICIAL_WREATH, quantity: 1 }],
    });
    expect(answer.status).toBe(201);
  });
});
