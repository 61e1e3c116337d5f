import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  anonClient,
  checkoutFor,
  invokeFunction,
  serviceClient,
  signedInOwner,
  signedUpCustomer,
  withDatabase,
} from '../support/test-backend.ts';

/**
 * The ledger's SQL rules, on the real database: every gateway's events go
 * through these functions, so each refusal here holds for all of them.
 */

// 'Wieniec z chryzantem' (149.00 PLN in supabase/seed.sql), picked up in the shop: total = 2 × 14900 grosz.
const WREATH_ID = '83f26a72-645b-4406-a466-2aed0712dad5';
const TOTAL = 29800;

async function placeOrder(paymentMethod = 'stripe'): Promise<string> {
  const answer = await invokeFunction(anonClient(), 'place-order', {
    clientRequestId: randomUUID(),
    checkout: checkoutFor({ deliveryMethod: 'store', paymentMethod }),
    items: [{ productId: WREATH_ID, quantity: 2 }],
  });
  expect(answer.status).toBe(201);
  return (answer.body.order as { id: string }).id;
}

interface EventInput {
  eventId?: string;
  orderId: string;
  paymentId?: string;
  amount?: number;
  currency?: string;
  state?: string;
}

async function applyEvent(input: EventInput): Promise<string> {
  const { data, error } = await serviceClient().rpc('ledger_apply_payment_event', {
    p_provider: 'stripe',
    p_event_id: input.eventId ?? `evt_${randomUUID()}`,
    p_order_id: input.orderId,
    p_provider_payment_id: input.paymentId ?? `cs_test_${input.orderId}`,
    p_method: 'card',
    p_amount: input.amount ?? TOTAL,
    p_currency: input.currency ?? 'pln',
    p_state: input.state ?? 'completed',
    p_charge_id: 'pi_test_1',
    p_content: { test: true },
  });
  if (error) throw new Error(error.message);
  return data as string;
}

interface OrderMoneyRow {
  status: string;
  payu_status: string | null;
  amount_paid: string;
  amount_refunded: string;
  payment_mails: string;
  events: string;
}

async function orderMoney(orderId: string): Promise<OrderMoneyRow> {
  return withDatabase(async (db) => {
    const { rows } = await db.query<OrderMoneyRow>(
      `select o.status, o.payu_status, o.amount_paid::text, o.amount_refunded::text,
         (select count(*) from mail_jobs m where m.order_id = o.id and m.kind = 'payment-received')::text as payment_mails,
         (select count(*) from payment_events e where e.order_id = o.id)::text as events
       from orders o where o.id = $1`,
      [orderId],
    );
    return rows[0]!;
  });
}

describe('the payments ledger', () => {
  it('a completed payment of the stored total pays the order once; its replay changes nothing', async () => {
    const orderId = await placeOrder();
    const eventId = `evt_${randomUUID()}`;
    expect(await applyEvent({ eventId, orderId })).toBe('applied');
    expect(await orderMoney(orderId)).toMatchObject({
      status: 'processing',
      payu_status: 'COMPLETED',
      amount_paid: String(TOTAL),
      payment_mails: '1',
    });
    expect(await applyEvent({ eventId, orderId })).toBe('duplicate');
    // A second, distinct notice of the same payment (another event id) does not count the money twice.
    expect(await applyEvent({ orderId })).toBe('applied');
    expect(await orderMoney(orderId)).toMatchObject({ amount_paid: String(TOTAL), payment_mails: '1' });
  });

  it.each([
    ['a smaller amount', { amount: TOTAL - 1 }, 'amount_mismatch'],
    ['another currency', { currency: 'eur' }, 'currency_mismatch'],
  ])('refuses %s, keeping the event as evidence', async (_label, change, outcome) => {
    const orderId = await placeOrder();
    expect(await applyEvent({ orderId, ...change })).toBe(outcome);
    expect(await orderMoney(orderId)).toMatchObject({ status: 'pending', payu_status: null, amount_paid: '0', events: '1' });
  });

  it('refuses a payment id already recorded for another order, and an unknown order', async () => {
    const first = await placeOrder();
    const second = await placeOrder();
    expect(await applyEvent({ orderId: first, state: 'pending', paymentId: `cs_shared_${first}` })).toBe('applied');
    expect(await applyEvent({ orderId: second, paymentId: `cs_shared_${first}` })).toBe('payment_mismatch');
    expect(await orderMoney(second)).toMatchObject({ amount_paid: '0', payu_status: null });
    expect(await applyEvent({ orderId: randomUUID() })).toBe('order_not_found');
  });

  it('a late cancellation never undoes a completed payment', async () => {
    const orderId = await placeOrder();
    expect(await applyEvent({ orderId, state: 'completed' })).toBe('applied');
    expect(await applyEvent({ orderId, state: 'canceled' })).toBe('applied');
    expect(await orderMoney(orderId)).toMatchObject({ payu_status: 'COMPLETED', amount_paid: String(TOTAL) });
  });

  it('the same notice arriving twice at once is applied once', async () => {
    const orderId = await placeOrder();
    const eventId = `evt_${randomUUID()}`;
    const outcomes = await Promise.all([applyEvent({ eventId, orderId }), applyEvent({ eventId, orderId })]);
    expect(outcomes.sort()).toEqual(['applied', 'duplicate']);
    expect(await orderMoney(orderId)).toMatchObject({ amount_paid: String(TOTAL), payment_mails: '1', events: '1' });
  });

  it("the owner's transfer short of the total is a part payment; the rest pays the order", async () => {
    const orderId = await placeOrder('transfer');
    const record = (amount: number) =>
      serviceClient().rpc('ledger_record_manual_payment', {
        p_order_id: orderId,
        p_method: 'transfer',
        p_amount: amount,
        p_received_on: '2026-11-20',
        p_note: 'Przelew z banku',
        p_recorded_by: null,
      });
    expect((await record(10000)).error).toBeNull();
    expect(await orderMoney(orderId)).toMatchObject({ status: 'pending', payu_status: null, amount_paid: '10000' });
    expect((await record(TOTAL - 10000)).error).toBeNull();
    expect(await orderMoney(orderId)).toMatchObject({ status: 'processing', payu_status: 'COMPLETED', amount_paid: String(TOTAL) });
  });

  it('refunds never exceed what was paid', async () => {
    const orderId = await placeOrder();
    await applyEvent({ orderId });
    const { data: payment } = await serviceClient().from('payments').select('id').eq('order_id', orderId).single();
    const open = (amount: number) =>
      serviceClient().rpc('ledger_open_refund', {
        p_payment_id: (payment as { id: string }).id,
        p_amount: amount,
        p_reason: 'Anulowane',
        p_withdrawal_id: null,
        p_recorded_by: null,
      });
    expect((await open(TOTAL + 1)).error?.message).toBe('refund_amount');
    const first = await open(20000);
    expect(first.error).toBeNull();
    // 20000 is under way: only 9800 more may be asked for.
    expect((await open(9801)).error?.message).toBe('refund_amount');
    const refundId = first.data as string;
    const apply = (eventId: string, amount: number) =>
      serviceClient().rpc('ledger_apply_refund_event', {
        p_provider: 'stripe',
        p_event_id: eventId,
        p_refund_id: refundId,
        p_provider_refund_id: 're_test_1',
        p_amount: amount,
        p_currency: 'PLN',
        p_state: 'completed',
        p_content: {},
      });
    expect((await apply(`evt_${randomUUID()}`, 1)).data).toBe('amount_mismatch');
    expect((await apply(`evt_${randomUUID()}`, 20000)).data).toBe('applied');
    expect(await orderMoney(orderId)).toMatchObject({ amount_paid: String(TOTAL), amount_refunded: '20000' });
  });
});

describe("owner-payments: the owner's money actions, through the real function", () => {
  it('the owner marks a transfer received; a customer may not; the order reads paid', async () => {
    const orderId = await placeOrder('transfer');
    const body = { action: 'mark-paid', orderId, method: 'transfer', amount: TOTAL, receivedOn: '2026-11-20' };
    const customer = await signedUpCustomer('ledger-customer');
    const refused = await invokeFunction(customer.client, 'owner-payments', body);
    expect(refused.status).toBe(403);

    const owner = await signedInOwner();
    const future = await invokeFunction(owner, 'owner-payments', { ...body, receivedOn: '2999-01-01' });
    expect(future).toMatchObject({ status: 400, body: { message: 'Data wpłaty nie może być późniejsza niż dziś.' } });
    const answer = await invokeFunction(owner, 'owner-payments', body);
    expect(answer.status).toBe(200);
    expect(await orderMoney(orderId)).toMatchObject({
      status: 'processing',
      payu_status: 'COMPLETED',
      amount_paid: String(TOTAL),
      payment_mails: '1',
    });
  });

  it('a cancelled order paid by transfer gets a refund recorded by hand, never more than was paid', async () => {
    const orderId = await placeOrder('transfer');
    const owner = await signedInOwner();
    await invokeFunction(owner, 'owner-payments', {
      action: 'mark-paid',
      orderId,
      method: 'cash',
      amount: TOTAL,
      receivedOn: '2026-11-20',
    });
    const refund = { action: 'refund', orderId, amount: TOTAL, manual: { refundedOn: '2026-11-21' } };
    expect((await invokeFunction(owner, 'owner-payments', refund)).status).toBe(409);
    await owner.from('orders').update({ status: 'cancelled', cancel_reason: 'Klient zrezygnował' }).eq('id', orderId);
    expect((await invokeFunction(owner, 'owner-payments', { ...refund, amount: TOTAL + 1 })).status).toBe(409);
    const answer = await invokeFunction(owner, 'owner-payments', refund);
    expect(answer).toMatchObject({ status: 200, body: { state: 'completed' } });
    expect(await orderMoney(orderId)).toMatchObject({ amount_paid: String(TOTAL), amount_refunded: String(TOTAL) });
  });
});

describe('a refund for a withdrawal', () => {
  it('moves the accepted withdrawal to “Zwrócono pieniądze” once the money is back, and mails the customer once', async () => {
    const orderId = await placeOrder('transfer');
    const owner = await signedInOwner();
    await invokeFunction(owner, 'owner-payments', {
      action: 'mark-paid',
      orderId,
      method: 'transfer',
      amount: TOTAL,
      receivedOn: '2026-11-20',
    });
    const stored = await serviceClient()
      .from('withdrawal_requests')
      .insert({
        order_id: orderId,
        accepted_lines: [{ productId: WREATH_ID, name: 'Wieniec z chryzantem', quantity: 1 }],
        period_note: '—',
        state: 'accepted',
      })
      .select('id')
      .single();
    const withdrawalId = (stored.data as { id: string }).id;

    const answer = await invokeFunction(owner, 'owner-payments', {
      action: 'refund',
      orderId,
      amount: 14900,
      withdrawalId,
      manual: { refundedOn: '2026-11-21' },
    });
    expect(answer).toMatchObject({ status: 200, body: { state: 'completed' } });
    const after = await withDatabase(async (db) => {
      const { rows } = await db.query<{ state: string; mails: string }>(
        `select w.state, (select count(*) from mail_jobs m where m.order_id = w.order_id and m.kind = 'refund-completed')::text as mails
           from withdrawal_requests w where w.id = $1`,
        [withdrawalId],
      );
      return rows[0]!;
    });
    expect(after).toEqual({ state: 'refunded', mails: '1' });
    expect(await orderMoney(orderId)).toMatchObject({ amount_refunded: '14900' });
  });
});
