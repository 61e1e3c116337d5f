import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { anonClient, checkoutFor, invokeFunction, someProducts, withDatabase } from '../support/test-backend.ts';

/** Issue 19: the invoice travels from the checkout through place-order into public.orders.invoice. */
async function placeWithInvoice(invoiceNip: string) {
  const [product] = await someProducts(1);
  const key = randomUUID();
  const answer = await invokeFunction(anonClient(), 'place-order', {
    clientRequestId: key,
    checkout: checkoutFor({
      deliveryMethod: 'store',
      wantsInvoice: true,
      invoiceNip,
      invoiceCompany: 'Kwiaty Nowak sp. z o.o.',
      invoiceAddress: 'ul. Długa 1, 37-740 Bircza',
    }),
    items: [{ productId: product!.id, quantity: 1 }],
  });
  const stored = await withDatabase(async (db) => {
    const { rows } = await db.query<{ invoice: unknown }>('select invoice from orders where client_request_id = $1', [key]);
    return rows;
  });
  return { answer, stored };
}

describe('place-order: invoices', () => {
  it('stores a valid invoice with the order', async () => {
    const { answer, stored } = await placeWithInvoice('7740001454');
    expect(answer.status).toBe(201);
    expect(stored).toEqual([{ invoice: { nip: '7740001454', company: 'Kwiaty Nowak sp. z o.o.', address: 'ul. Długa 1, 37-740 Bircza' } }]);
  });

  it("stores a NIP typed with 'PL' and dashes as its 10 digits", async () => {
    const { answer, stored } = await placeWithInvoice('PL 774-000-14-54');
    expect(answer.status).toBe(201);
    expect(stored[0]?.invoice).toMatchObject({ nip: '7740001454' });
  });

  it("refuses a wrong NIP with 422 'Nieprawidłowy NIP' on its field and writes nothing", async () => {
    const { answer, stored } = await placeWithInvoice('774-000-14-55');
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({
      error: 'invalid_invoice',
      message: 'Nieprawidłowy NIP',
      fields: { 'checkout.invoiceNip': 'Nieprawidłowy NIP' },
    });
    expect(stored).toEqual([]);
  });

  it('stores no invoice for an order without one', async () => {
    const [product] = await someProducts(1);
    const key = randomUUID();
    const answer = await invokeFunction(anonClient(), 'place-order', {
      clientRequestId: key,
      checkout: checkoutFor({ deliveryMethod: 'store' }),
      items: [{ productId: product!.id, quantity: 1 }],
    });
    expect(answer.status).toBe(201);
    const invoice = await withDatabase(
      async (db) => (await db.query('select invoice from orders where client_request_id = $1', [key])).rows,
    );
    expect(invoice).toEqual([{ invoice: null }]);
  });
});
