import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { fa3SchemaErrors } from '../support/fa3-xsd.ts';
import { payWreathOrder, placeCompanyOrder } from '../support/invoice-orders.ts';
import { anonClient, invokeFunction, serviceClient, signedInOwner, signedUpCustomer, withDatabase } from '../support/test-backend.ts';

/**
 * The shop's invoices on the real database and the real owner-invoices
 * function: queued by a payment, issued once, numbered without gaps,
 * readable by the owner only, corrected by a KOR (docs/decisions/036-vat-rates.md).
 */

// A series of this run only, so the counter starts at 1 whatever else issued invoices.
const SERIES = `T${randomUUID().slice(0, 6)}/{rok}/{n}`;

interface InvoiceRow {
  id: string;
  number: string;
  kind: string;
  xml: string;
}

async function invoicesOf(orderId: string): Promise<InvoiceRow[]> {
  return withDatabase(async (db) => {
    const { rows } = await db.query<InvoiceRow>('select id, number, kind, xml from invoices where order_id = $1 order by issued_at', [
      orderId,
    ]);
    return rows;
  });
}

async function jobsOf(orderId: string): Promise<number> {
  return withDatabase(async (db) => {
    const { rows } = await db.query<{ n: string }>('select count(*)::text as n from invoice_jobs where order_id = $1', [orderId]);
    return Number(rows[0]!.n);
  });
}

beforeAll(async () => {
  await withDatabase(async (db) => {
    await db.query(
      `insert into app_settings (key, value) values ('company_nip', '5252344078'), ('invoice_series', $1), ('vat_status', 'payer')
       on conflict (key) do update set value = excluded.value`,
      [SERIES],
    );
  });
});

describe('invoices', () => {
  it('a paid company order queues one job and gets exactly one valid invoice, however often the payment repeats', async () => {
    const orderId = await placeCompanyOrder('stripe');
    expect(await jobsOf(orderId)).toBe(0);
    const eventId = `evt_${randomUUID()}`;
    expect(await payWreathOrder(orderId, eventId)).toBe('applied');
    expect(await payWreathOrder(orderId, eventId)).toBe('duplicate');
    expect(await payWreathOrder(orderId, `evt_${randomUUID()}`)).toBe('applied');
    expect(await jobsOf(orderId)).toBe(1);

    const first = await invokeFunction(serviceClient(), 'owner-invoices', {});
    expect(first.status).toBe(200);
    await invokeFunction(serviceClient(), 'owner-invoices', {});
    const invoices = await invoicesOf(orderId);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]!.kind).toBe('VAT');
    expect(fa3SchemaErrors(invoices[0]!.xml)).toBeNull();
    expect(invoices[0]!.xml).toContain('<P_15>149.00</P_15>');
    expect(invoices[0]!.xml).toContain(`<P_2>${invoices[0]!.number}</P_2>`);
    expect(invoices[0]!.xml).toContain('<Zaplacono>1</Zaplacono>');

    // The owner's button on the same order answers the same invoice.
    const again = await invokeFunction(await signedInOwner(), 'owner-invoices', { action: 'issue', orderId });
    expect(again.status).toBe(200);
    expect((again.body.invoice as { number: string }).number).toBe(invoices[0]!.number);
    expect(await invoicesOf(orderId)).toHaveLength(1);
  });

  it("leaves an unpaid online order's invoice to its payment", async () => {
    const orderId = await placeCompanyOrder('stripe');
    const refused = await invokeFunction(await signedInOwner(), 'owner-invoices', { action: 'issue', orderId });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('invoice_awaits_payment');
    expect(await invoicesOf(orderId)).toHaveLength(0);
  });

  it("closes the payment's job when the owner had already issued the invoice", async () => {
    const orderId = await placeCompanyOrder('transfer');
    expect((await invokeFunction(await signedInOwner(), 'owner-invoices', { action: 'issue', orderId })).status).toBe(200);
    expect(await payWreathOrder(orderId, `evt_${randomUUID()}`)).toBe('applied');
    await invokeFunction(serviceClient(), 'owner-invoices', {});
    const state = await withDatabase(async (db) => {
      const { rows } = await db.query<{ state: string }>('select state from invoice_jobs where order_id = $1', [orderId]);
      return rows[0]?.state;
    });
    expect(state).toBe('done');
    expect(await invoicesOf(orderId)).toHaveLength(1);
  });

  it('numbers invoices issued at the same time without gaps or repeats', async () => {
    const orders = await Promise.all(Array.from({ length: 6 }, () => placeCompanyOrder('transfer')));
    const owner = await signedInOwner();
    const answers = await Promise.all(orders.map((orderId) => invokeFunction(owner, 'owner-invoices', { action: 'issue', orderId })));
    expect(answers.map((a) => a.status)).toEqual(orders.map(() => 200));
    const counters = await withDatabase(async (db) => {
      const { rows } = await db.query<{ number: string }>('select number from invoices where number like $1', [
        `${SERIES.split('/')[0]}/%`,
      ]);
      return rows.map((row) => Number(row.number.split('/').pop())).sort((a, b) => a - b);
    });
    // Every number of this run's series, from 1 up, once each.
    expect(counters).toEqual(Array.from({ length: counters.length }, (_, i) => i + 1));
    expect(counters.length).toBeGreaterThanOrEqual(6);
  });

  it('shows invoices to the owner only', async () => {
    const orderId = await placeCompanyOrder('transfer');
    const owner = await signedInOwner();
    expect((await invokeFunction(owner, 'owner-invoices', { action: 'issue', orderId })).status).toBe(200);

    const ownerRead = await owner.from('invoices').select('number').eq('order_id', orderId);
    expect(ownerRead.data).toHaveLength(1);
    const anonRead = await anonClient().from('invoices').select('number').eq('order_id', orderId);
    expect(anonRead.data ?? []).toEqual([]);
    const { client: customer } = await signedUpCustomer('invoice-reader');
    const customerRead = await customer.from('invoices').select('number').eq('order_id', orderId);
    expect(customerRead.data ?? []).toEqual([]);
    // Nobody but the owner may ask for one, and the owner may not rewrite one.
    const anonIssue = await invokeFunction(anonClient(), 'owner-invoices', { action: 'issue', orderId });
    expect(anonIssue.status).toBe(401);
    const customerIssue = await invokeFunction(customer, 'owner-invoices', { action: 'issue', orderId });
    expect(customerIssue.status).toBe(403);
    const ownerWrite = await owner.from('invoices').update({ number: 'X/1' }).eq('order_id', orderId).select();
    expect(ownerWrite.data ?? []).toEqual([]);
  });

  it('keeps an issued invoice unchanged: its XML and number cannot be rewritten or deleted', async () => {
    const orderId = await placeCompanyOrder('transfer');
    const owner = await signedInOwner();
    expect((await invokeFunction(owner, 'owner-invoices', { action: 'issue', orderId })).status).toBe(200);
    await withDatabase(async (db) => {
      await expect(db.query("update invoices set xml = xml || ' ' where order_id = $1", [orderId])).rejects.toThrow(/invoice_immutable/);
      await expect(db.query('delete from invoices where order_id = $1', [orderId])).rejects.toThrow(/invoice_immutable/);
      // The KSeF state may move.
      await db.query("update invoices set state = 'queued' where order_id = $1", [orderId]);
    });
  });

  it('corrects a cancelled order with a KOR that takes everything back, once', async () => {
    const orderId = await placeCompanyOrder('transfer');
    const owner = await signedInOwner();
    expect((await invokeFunction(owner, 'owner-invoices', { action: 'correct', orderId })).status).toBe(409);
    expect((await invokeFunction(owner, 'owner-invoices', { action: 'issue', orderId })).status).toBe(200);
    expect((await invokeFunction(owner, 'owner-invoices', { action: 'correct', orderId })).body.error).toBe('nothing_to_correct');

    await withDatabase((db) => db.query("update orders set status = 'cancelled' where id = $1", [orderId]));
    const answer = await invokeFunction(owner, 'owner-invoices', { action: 'correct', orderId });
    expect(answer.status).toBe(200);
    const [original, correction] = await invoicesOf(orderId);
    expect(correction!.kind).toBe('KOR');
    expect(correction!.number).toMatch(/^KOR\//);
    expect(fa3SchemaErrors(correction!.xml)).toBeNull();
    expect(correction!.xml).toContain('<P_15>-149.00</P_15>');
    expect(correction!.xml).toContain(`<NrFaKorygowanej>${original!.number}</NrFaKorygowanej>`);
    expect(correction!.xml).toContain('<PrzyczynaKorekty>Anulowanie zamówienia</PrzyczynaKorekty>');

    expect((await invokeFunction(owner, 'owner-invoices', { action: 'correct', orderId })).status).toBe(409);
    expect(await invoicesOf(orderId)).toHaveLength(2);
  });

  it('corrects a refund after the invoice by the refunded amount, and a second refund by the new part only', async () => {
    const orderId = await placeCompanyOrder('stripe');
    expect(await payWreathOrder(orderId, `evt_${randomUUID()}`)).toBe('applied');
    const owner = await signedInOwner();
    expect((await invokeFunction(owner, 'owner-invoices', { action: 'issue', orderId })).status).toBe(200);
    const refund = async (amount: number) => {
      const { error } = await serviceClient().rpc('ledger_record_manual_refund', {
        p_order_id: orderId,
        p_amount: amount,
        p_refunded_on: new Date().toISOString().slice(0, 10),
        p_reason: 'Reklamacja',
        p_withdrawal_id: null,
        p_recorded_by: null,
      });
      if (error) throw new Error(error.message);
    };
    await refund(4_000);
    expect((await invokeFunction(owner, 'owner-invoices', { action: 'correct', orderId, reason: 'Zwrot części zapłaty' })).status).toBe(
      200,
    );
    await refund(1_000);
    expect((await invokeFunction(owner, 'owner-invoices', { action: 'correct', orderId })).status).toBe(200);
    const [, first, second] = await invoicesOf(orderId);
    expect(first!.xml).toContain('<P_15>-40.00</P_15>');
    expect(first!.xml).toContain('<PrzyczynaKorekty>Zwrot części zapłaty</PrzyczynaKorekty>');
    expect(second!.xml).toContain('<P_15>-10.00</P_15>');
    expect(second!.xml).toContain('<PrzyczynaKorekty>Zwrot zapłaty</PrzyczynaKorekty>');
    for (const invoice of [first!, second!]) expect(fa3SchemaErrors(invoice.xml)).toBeNull();
  });

  it('answers bad input with a Polish message', async () => {
    const answer = await invokeFunction(await signedInOwner(), 'owner-invoices', { action: 'issue', orderId: 'nie-uuid' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Nieprawidłowy identyfikator zamówienia.');
  });
});
