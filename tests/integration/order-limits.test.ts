import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_LIMIT_SETTINGS } from '../../src/domain/order-limits.ts';
import { anonClient, checkoutFor, invokeFunction, signedInOwner, uniqueEmail, withDatabase } from '../support/test-backend.ts';

/**
 * The audit's hoarding orders, refused by the owner's limits (the other
 * suites run with them off, tests/support/global-backend.ts): a guest cannot
 * reserve a shelf of stock, nor one buyer pile up unpaid orders.
 */

// 'Znicz czerwony klasyczny' (200 in stock in supabase/seed.sql), picked up in the shop.
const CANDLE = 'd00dcbee-904f-4aa2-86fe-79df4a2ab92f';

async function setLimits(values: Record<string, string>): Promise<void> {
  await withDatabase(async (db) => {
    for (const [key, value] of Object.entries(values)) {
      await db.query(`insert into app_settings (key, value) values ($1, $2) on conflict (key) do update set value = $2`, [key, value]);
    }
  });
}

const off = Object.fromEntries(Object.values(ORDER_LIMIT_SETTINGS).map((key) => [key, '0']));
beforeAll(() =>
  setLimits({
    ...off,
    guest_max_pieces_per_line: '',
    guest_max_pieces_per_order: '',
    max_unpaid_orders_per_email: '',
    max_unpaid_orders_per_address: '',
  }),
);
afterAll(() => setLimits(off));

function order(email: string, quantity: number, paymentMethod = 'transfer') {
  return invokeFunction(anonClient(), 'place-order', {
    clientRequestId: randomUUID(),
    checkout: checkoutFor({ deliveryMethod: 'store', paymentMethod, email }),
    items: [{ productId: CANDLE, quantity }],
  });
}

const stockOfCandle = () =>
  withDatabase(async (db) =>
    Number((await db.query<{ stock: number }>('select stock from products where id = $1', [CANDLE])).rows[0]!.stock),
  );

describe('limits on what one buyer holds unpaid (the defaults of a new install)', () => {
  it('refuses a guest’s order of 200 candles with a Polish message, reserving nothing', async () => {
    const before = await stockOfCandle();
    const hoard = await order(uniqueEmail('chomik'), 200);
    expect(hoard.status).toBe(422);
    expect(hoard.body.message).toBe(
      'Bez logowania można zamówić najwyżej 20 sztuk jednego produktu. Przy większym zamówieniu zaloguj się albo zadzwoń do nas.',
    );
    expect(await stockOfCandle()).toBe(before);
  });

  it('takes three unpaid orders from one email, refuses the fourth, and takes it once one is paid', async () => {
    const email = uniqueEmail('trzy');
    const placed: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const answer = await order(email, 1);
      expect(answer.status).toBe(201);
      placed.push((answer.body.order as { id: string; total: number }).id);
    }
    const fourth = await order(email, 1);
    expect(fourth.status).toBe(429);
    expect(fourth.body.message).toBe(
      'Czekają już 3 nieopłacone zamówienia na ten adres e-mail. Opłać je albo poczekaj, aż wygasną, zanim złożysz kolejne.',
    );

    const owner = await signedInOwner();
    const total = await withDatabase(
      async (db) =>
        (await db.query<{ grosz: string }>('select round(total * 100)::text as grosz from orders where id = $1', [placed[0]])).rows[0]!
          .grosz,
    );
    const paid = await invokeFunction(owner, 'owner-payments', {
      action: 'mark-paid',
      orderId: placed[0],
      method: 'transfer',
      amount: Number(total),
      receivedOn: '2026-11-20',
    });
    expect(paid.status).toBe(200);
    expect((await order(email, 1)).status).toBe(201);
  });
});
