import { randomUUID } from 'node:crypto';
import { transferDeadlines } from '../../src/domain/payment-deadlines.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { anonClient, checkoutFor, invokeFunction, signedInOwner, testBackend, withDatabase } from '../support/test-backend.ts';

/**
 * Each gateway end to end on the real stack: create-payment → the local
 * stand-in's page or API → its signed notification or webhook → the ledger
 * → the order paid once; then a refund from the back office through the same
 * gateway, settled by its own notice. And the reconciliation: a payment
 * whose notice was lost is healed, an unpaid order expires.
 */

// 'Wieniec z chryzantem' (149.00 PLN in supabase/seed.sql), picked up in the shop.
const WREATH_ID = '83f26a72-645b-4406-a466-2aed0712dad5';
const TOTAL = 14900;
const WAIT = { timeout: 15_000, interval: 200 };

interface Placed {
  id: string;
  orderNumber: string;
  accessKey: string;
}

async function placeOrder(paymentMethod: string, productId = WREATH_ID): Promise<Placed> {
  const answer = await invokeFunction(anonClient(), 'place-order', {
    clientRequestId: randomUUID(),
    checkout: checkoutFor({ deliveryMethod: 'store', paymentMethod }),
    items: [{ productId, quantity: 1 }],
  });
  expect(answer.status).toBe(201);
  return answer.body.order as Placed;
}

async function setSetting(key: string, value: string): Promise<void> {
  await withDatabase((db) => db.query('update app_settings set value = $2 where key = $1', [key, value]));
}

interface MoneyRow {
  status: string;
  payu_status: string | null;
  amount_paid: string;
  amount_refunded: string;
  payment_mails: string;
  payments: string;
}

async function money(orderId: string): Promise<MoneyRow> {
  return withDatabase(async (db) => {
    const { rows } = await db.query<MoneyRow>(
      `select o.status, o.payu_status, o.amount_paid::text, o.amount_refunded::text,
         (select count(*) from mail_jobs m where m.order_id = o.id and m.kind = 'payment-received')::text as payment_mails,
         (select string_agg(p.provider || ':' || p.state, ',' order by p.created_at) from payments p where p.order_id = o.id) as payments
       from orders o where o.id = $1`,
      [orderId],
    );
    return rows[0]!;
  });
}

/** Submits the stand-in's payment page as the buyer's browser would (no redirect followed). */
async function submitPage(pageUrl: string, fields: Record<string, string>): Promise<Response> {
  const page = await fetch(pageUrl);
  expect(page.status).toBe(200);
  return fetch(pageUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

async function startPayment(order: Placed, extra: Record<string, string> = {}) {
  return invokeFunction(anonClient(), 'create-payment', { orderId: order.id, accessKey: order.accessKey, ...extra });
}

async function cancelAndRefund(orderId: string, amount: number) {
  const owner = await signedInOwner();
  await owner.from('orders').update({ status: 'cancelled', cancel_reason: 'Klient zrezygnował' }).eq('id', orderId);
  return invokeFunction(owner, 'owner-payments', { action: 'refund', orderId, amount, reason: 'Anulowane zamówienie' });
}

async function reconcile(): Promise<Record<string, number>> {
  const response = await fetch(`${testBackend().url}/functions/v1/payments-reconcile`, {
    method: 'POST',
    headers: { apikey: testBackend().secretKey, 'Content-Type': 'application/json' },
    body: '{}',
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, number>;
}

afterAll(async () => {
  await setSetting('stripe_secret_key', '');
  await setSetting('payu_api', 'rest');
});

describe('PayU REST (the default of a new install)', () => {
  it('pays on PayU’s page, is recorded once, and a refund goes back through PayU', async () => {
    const order = await placeOrder('payu');
    const started = await startPayment(order);
    expect(started.status).toBe(200);
    const pageUrl = started.body.url as string;
    expect(pageUrl).toContain('/functions/v1/payu-rest-simulator/pay/');

    const paid = await submitPage(pageUrl, { action: 'pay' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toContain(`/checkout/success?payment=payu&orderId=${order.orderNumber}`);
    await expect
      .poll(() => money(order.id), WAIT)
      .toMatchObject({ status: 'processing', payu_status: 'COMPLETED', amount_paid: String(TOTAL) });
    expect(await money(order.id)).toMatchObject({ payment_mails: '1', payments: 'payu-rest:completed' });
    // Paid: no second payment can be started.
    expect((await startPayment(order)).status).toBe(409);

    const refund = await cancelAndRefund(order.id, 5000);
    expect(refund).toMatchObject({ status: 200, body: { state: 'pending' } });
    await expect.poll(() => money(order.id), WAIT).toMatchObject({ amount_refunded: '5000' });
    // The customer is told once, with the amount, when PayU says the refund is done.
    const mails = await withDatabase(
      async (db) =>
        (
          await db.query<{ details: unknown }>(`select details from mail_jobs where order_id = $1 and kind = 'refund-completed'`, [
            order.id,
          ])
        ).rows,
    );
    expect(mails).toEqual([{ details: { amount: 5000, manual: false, refundedOn: null } }]);
  });

  it('a rejected payment comes back with error=, leaves the order unpaid and payable again', async () => {
    const order = await placeOrder('payu');
    const started = await startPayment(order);
    const rejected = await submitPage(started.body.url as string, { action: 'reject' });
    expect(rejected.headers.get('location')).toMatch(/[?&]error=501$/);
    await expect.poll(() => money(order.id), WAIT).toMatchObject({ status: 'pending', payu_status: 'CANCELED', amount_paid: '0' });
    expect((await startPayment(order)).status).toBe(200);
  });

  it('a BLIK code typed in the shop: a declined one is said so, the next one pays the same order', async () => {
    const order = await placeOrder('blik');
    expect(await startPayment(order, { blikCode: '12345' })).toMatchObject({
      status: 400,
      body: { details: 'Kod BLIK składa się z 6 cyfr.' },
    });

    const declined = await startPayment(order, { blikCode: '500500' });
    expect(declined).toMatchObject({ status: 200, body: { blik: 'pending' } });
    await expect.poll(() => money(order.id), WAIT).toMatchObject({ payu_status: 'CANCELED', amount_paid: '0' });

    expect(await startPayment(order, { blikCode: '777123' })).toMatchObject({ status: 200, body: { blik: 'pending' } });
    await expect
      .poll(() => money(order.id), WAIT)
      .toMatchObject({ payu_status: 'COMPLETED', amount_paid: String(TOTAL), payment_mails: '1' });
  });
});

describe('one attempt at a time', () => {
  it('paying again closes the open attempt at PayU, so its page can no longer take the money', async () => {
    const order = await placeOrder('payu');
    const first = await startPayment(order);
    const second = await startPayment(order);
    expect(second.status).toBe(200);
    expect(second.body.url).not.toBe(first.body.url);
    await expect.poll(() => money(order.id), WAIT).toMatchObject({ payments: 'payu-rest:canceled,payu-rest:pending' });

    // The first page now sends the buyer back as declined; only the second takes the money.
    const old = await submitPage(first.body.url as string, { action: 'pay' }).catch(() => null);
    expect(old === null || (old.headers.get('location') ?? '').includes('error=501')).toBe(true);
    await submitPage(second.body.url as string, { action: 'pay' });
    await expect
      .poll(() => money(order.id), WAIT)
      .toMatchObject({ amount_paid: String(TOTAL), payments: 'payu-rest:canceled,payu-rest:completed' });
  });
});

describe('Stripe', () => {
  it('pays on the hosted page, is recorded from the signed webhook, and refunds through Stripe', async () => {
    await setSetting('stripe_secret_key', 'sk_test_local_change_me');
    try {
      const order = await placeOrder('stripe');
      const started = await startPayment(order);
      expect(started.status).toBe(200);
      const pageUrl = started.body.url as string;
      expect(pageUrl).toContain('/functions/v1/stripe-simulator/pay/cs_');

      const paid = await submitPage(pageUrl, { action: 'card' });
      expect(paid.status).toBe(303);
      await expect
        .poll(() => money(order.id), WAIT)
        .toMatchObject({ status: 'processing', payu_status: 'COMPLETED', amount_paid: String(TOTAL) });
      expect(await money(order.id)).toMatchObject({ payment_mails: '1', payments: 'stripe:completed' });

      expect(await cancelAndRefund(order.id, TOTAL)).toMatchObject({ status: 200, body: { state: 'pending' } });
      await expect.poll(() => money(order.id), WAIT).toMatchObject({ amount_refunded: String(TOTAL) });
    } finally {
      await setSetting('stripe_secret_key', '');
    }
  });
});

describe('PayU classic (a shop with an older point of sale)', () => {
  it('create-payment sends the order to the classic gateway when the owner chose it', async () => {
    await setSetting('payu_api', 'classic');
    try {
      const order = await placeOrder('payu');
      const started = await startPayment(order);
      expect(started.status).toBe(200);
      expect(started.body.url as string).toContain('/functions/v1/payment-simulator?');
      expect(await money(order.id)).toMatchObject({ payments: 'payu-classic:pending' });
    } finally {
      await setSetting('payu_api', 'rest');
    }
  });
});

describe('payments-reconcile', () => {
  it('heals a payment whose notification was lost, and gives up an order nobody paid', async () => {
    // Paid at PayU, but the shop never heard: the database is put back to before the notification.
    const paid = await placeOrder('payu');
    const started = await startPayment(paid);
    await submitPage(started.body.url as string, { action: 'pay' });
    await expect.poll(() => money(paid.id), WAIT).toMatchObject({ amount_paid: String(TOTAL) });
    await withDatabase(async (db) => {
      await db.query('delete from payment_events where order_id = $1', [paid.id]);
      await db.query(`delete from mail_jobs where order_id = $1 and kind = 'payment-received'`, [paid.id]);
      await db.query(`update payments set state = 'pending', completed_at = null where order_id = $1`, [paid.id]);
      await db.query(`update orders set status = 'pending', payu_status = null, amount_paid = 0 where id = $1`, [paid.id]);
    });
    expect(await money(paid.id)).toMatchObject({ status: 'pending', amount_paid: '0', payments: 'payu-rest:pending' });

    // Abandoned: its attempt was cancelled at PayU long ago, and nothing else came.
    const abandoned = await placeOrder('payu');
    const attempt = await startPayment(abandoned);
    await submitPage(attempt.body.url as string, { action: 'reject' });
    await expect.poll(() => money(abandoned.id), WAIT).toMatchObject({ payments: 'payu-rest:canceled' });

    await withDatabase(async (db) => {
      const ids = [paid.id, abandoned.id];
      await db.query(`update payments set created_at = now() - interval '45 minutes' where order_id = any($1::uuid[])`, [ids]);
      await db.query(`update orders set created_at = now() - interval '45 minutes' where id = any($1::uuid[])`, [ids]);
    });

    const result = await reconcile();
    expect(result.applied).toBeGreaterThanOrEqual(1);
    expect(await money(paid.id)).toMatchObject({
      status: 'processing',
      payu_status: 'COMPLETED',
      amount_paid: String(TOTAL),
      payment_mails: '1',
    });
    const gaveUp = await withDatabase(async (db) => {
      const { rows } = await db.query<{ status: string; cancel_reason: string; mails: string }>(
        `select status, cancel_reason, (select count(*) from mail_jobs m where m.order_id = o.id and m.kind = 'status-cancelled')::text as mails
           from orders o where id = $1`,
        [abandoned.id],
      );
      return rows[0]!;
    });
    expect(gaveUp).toEqual({
      status: 'cancelled',
      cancel_reason: 'Płatność nie została dokończona w wyznaczonym czasie, więc zamówienie anulowaliśmy.',
      mails: '1',
    });
    // A second run finds nothing more to do.
    expect(await reconcile()).toMatchObject({ applied: 0, expired: 0 });
  });

  it('is for the shop’s server only', async () => {
    const response = await fetch(`${testBackend().url}/functions/v1/payments-reconcile`, {
      method: 'POST',
      headers: { apikey: testBackend().anonKey, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(403);
  });
});

describe('unpaid transfers', () => {
  it('a transfer order gets one reminder after a working day, and is given up after three, freeing its stock', async () => {
    // 'Znicz czerwony klasyczny': its stock is counted (the wreath is made to order).
    const candle = 'd00dcbee-904f-4aa2-86fe-79df4a2ab92f';
    const order = await placeOrder('transfer', candle);
    const stock = async () =>
      withDatabase(async (db) =>
        Number((await db.query<{ stock: number }>('select stock from products where id = $1', [candle])).rows[0]!.stock),
      );
    const reserved = await stock();
    const placedDaysAgo = (days: number) =>
      withDatabase((db) => db.query(`update orders set created_at = now() - make_interval(days => $2) where id = $1`, [order.id, days]));
    const jobs = async (kind: string) =>
      withDatabase(
        async (db) =>
          (
            await db.query<{ details: { payBy?: string } | null }>('select details from mail_jobs where order_id = $1 and kind = $2', [
              order.id,
              kind,
            ])
          ).rows,
      );

    // Placed on the latest day whose reminder is due but whose deadline is not (by the shop's own working days), delivered in a month.
    await withDatabase((db) => db.query(`update orders set delivery_date = current_date + 30 where id = $1`, [order.id]));
    const now = Date.now();
    const daysAgo = [1, 2, 3, 4, 5, 6, 7].find((days) => {
      const { remindAt, cancelAt } = transferDeadlines(now - days * 86_400_000, null);
      return remindAt <= now && now < cancelAt - 60_000;
    })!;
    await placedDaysAgo(daysAgo);
    await reconcile();
    await reconcile();
    const reminders = await jobs('transfer-reminder');
    expect(reminders).toHaveLength(1);
    expect(Date.parse(reminders[0]!.details!.payBy!)).toBeGreaterThan(now);
    expect((await money(order.id)).status).toBe('pending');

    await placedDaysAgo(10);
    await reconcile();
    expect((await money(order.id)).status).toBe('cancelled');
    expect(await jobs('status-cancelled')).toHaveLength(1);
    expect(await stock()).toBe(reserved + 1);
  });
});
