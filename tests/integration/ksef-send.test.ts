import { createHash, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_KSEF_SIMULATOR_PATH } from '../../functions/_shared/ksef/environments.ts';
import { isValidKsefNumber } from '../../functions/_shared/ksef/ksef-number.ts';
import { ksefNip, payWreathOrder, placeCompanyOrder, setSellerNip } from '../support/invoice-orders.ts';
import { invokeFunction, serviceClient, signedInOwner, testBackend, withDatabase } from '../support/test-backend.ts';

/**
 * ksef-send on the real local backend, its database and the KSeF stand-in
 * (docs/decisions/040-ksef-send.md): a paid company order's invoice reaches
 * 'accepted' with its KSeF number and UPO; KSeF's refusal is kept with its
 * reason and the owner's 'Wyślij ponownie' sends the corrected invoice; an
 * outage queues it for later; concurrent runs never send one invoice twice.
 * The backend's own timer calls ksef-send too, so the tests wait for the
 * state rather than count one call's answer.
 */

const SERIES = `K${randomUUID().slice(0, 6)}/{rok}/{n}`;
// A valid NIP that is not this install's certificate's: KSeF (the stand-in) refuses it as the seller.
const OTHER_NIP = '5252344078';

interface InvoiceRow {
  id: string;
  number: string;
  state: string;
  xml: string;
  ksef_number: string | null;
  ksef_reference: string | null;
  ksef_hash: string | null;
  accepted_at: Date | null;
  upo: string | null;
  rejection_reason: string | null;
  last_error: string | null;
  attempts: number;
  next_attempt_at: Date | null;
}

async function invoiceOf(orderId: string): Promise<InvoiceRow> {
  return withDatabase(async (db) => {
    const { rows } = await db.query<InvoiceRow>("select * from invoices where order_id = $1 and kind = 'VAT'", [orderId]);
    if (!rows[0]) throw new Error(`order ${orderId} has no invoice`);
    return rows[0];
  });
}

/** An invoice issued with the owner's 'Wystaw fakturę' for a transfer order. */
async function issuedInvoice(): Promise<{ orderId: string; invoice: InvoiceRow }> {
  const orderId = await placeCompanyOrder('transfer');
  const answer = await invokeFunction(await signedInOwner(), 'owner-invoices', { action: 'issue', orderId });
  expect(answer.status).toBe(200);
  return { orderId, invoice: await invoiceOf(orderId) };
}

async function runKsefSend(): Promise<Record<string, unknown>> {
  const answer = await invokeFunction(serviceClient(), 'ksef-send', {});
  expect(answer.status).toBe(200);
  return answer.body;
}

/** Calls ksef-send (beside the backend's timer) until the order's invoice is in `state`. */
async function sendUntil(orderId: string, state: string, timeoutMs = 40_000): Promise<InvoiceRow> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const invoice = await invoiceOf(orderId);
    if (invoice.state === state) return invoice;
    if (Date.now() > until) throw new Error(`invoice ${invoice.number} stayed ${invoice.state}, not ${state}`);
    await runKsefSend();
  }
}

/** 'It is time for the next try': a queued invoice's wait is over. */
async function makeDue(invoiceId: string): Promise<void> {
  await withDatabase((db) => db.query("update invoices set next_attempt_at = now() where id = $1 and state = 'queued'", [invoiceId]));
}

async function outage(down: boolean): Promise<void> {
  const answer = await fetch(`${testBackend().url}${LOCAL_KSEF_SIMULATOR_PATH}/__test/outage`, {
    method: 'POST',
    body: JSON.stringify({ down }),
  });
  expect(await answer.json()).toEqual({ down });
}

beforeAll(async () => {
  await withDatabase(async (db) => {
    await db.query(
      `insert into app_settings (key, value) values ('invoice_series', $1), ('vat_status', 'payer')
       on conflict (key) do update set value = excluded.value`,
      [SERIES],
    );
    // Other suites' invoices, issued for sellers KSeF does not know here, wait a day: this file's sends are not queued behind theirs.
    await db.query("update invoices set state = 'queued', next_attempt_at = now() + interval '1 day' where state in ('issued', 'queued')");
  });
  await setSellerNip(ksefNip());
});

describe('ksef-send', () => {
  it("sends a paid company order's invoice: accepted with its KSeF number, UPO, the file's hash and the time", async () => {
    const orderId = await placeCompanyOrder('stripe');
    expect(await payWreathOrder(orderId, `evt_${randomUUID()}`)).toBe('applied');
    expect((await invokeFunction(serviceClient(), 'owner-invoices', {})).status).toBe(200);
    const issued = await invoiceOf(orderId);
    expect(['issued', 'sent', 'accepted']).toContain(issued.state);

    const invoice = await sendUntil(orderId, 'accepted');
    const nip = ksefNip();
    expect(isValidKsefNumber(invoice.ksef_number!)).toBe(true);
    expect(invoice.ksef_number!.startsWith(`${nip}-`)).toBe(true);
    expect(invoice.upo).toContain(`<NumerKSeFDokumentu>${invoice.ksef_number}</NumerKSeFDokumentu>`);
    expect(invoice.upo).toContain(`<NumerFaktury>${invoice.number}</NumerFaktury>`);
    // KOD I's last part: SHA-256 of the very XML stored, base64url.
    expect(invoice.ksef_hash).toBe(createHash('sha256').update(invoice.xml, 'utf8').digest('base64url'));
    expect(invoice.accepted_at).toBeInstanceOf(Date);
    expect(invoice.ksef_reference).toMatch(/^.+\/.+$/);
    expect(invoice.attempts).toBe(1);
    expect(invoice.next_attempt_at).toBeNull();

    // Accepted stays accepted: the KSeF number cannot be taken back or changed.
    await withDatabase(async (db) => {
      await expect(db.query("update invoices set state = 'queued' where id = $1", [invoice.id])).rejects.toThrow(/invoice_immutable/);
      await expect(db.query("update invoices set ksef_number = 'x' where id = $1", [invoice.id])).rejects.toThrow(/invoice_immutable/);
    });
    // The owner may not resend an accepted invoice.
    const resend = await invokeFunction(await signedInOwner(), 'owner-invoices', { action: 'resend', invoiceId: invoice.id });
    expect(resend.status).toBe(409);
  });

  it("keeps KSeF's reason for a refusal; after the fix, 'Wyślij ponownie' sends the rebuilt invoice under the same number", async () => {
    // The owner typed a wrong NIP in the settings, issued, then corrected the NIP.
    await setSellerNip(OTHER_NIP);
    let issued: Awaited<ReturnType<typeof issuedInvoice>>;
    try {
      issued = await issuedInvoice();
    } finally {
      await setSellerNip(ksefNip());
    }
    const { orderId, invoice } = issued;
    expect(invoice.xml).toContain(`<NIP>${OTHER_NIP}</NIP>`);
    // If the timer tried it in the moment the NIP was wrong, KSeF refused the sign-in and it waits: its time has come.
    await makeDue(invoice.id);

    const rejected = await sendUntil(orderId, 'rejected');
    expect(rejected.rejection_reason).toMatch(/\(kod 410\)/);
    expect(rejected.ksef_number).toBeNull();

    const owner = await signedInOwner();
    const answer = await invokeFunction(owner, 'owner-invoices', { action: 'resend', invoiceId: invoice.id });
    expect(answer.status).toBe(200);
    expect(answer.body.invoice).toMatchObject({ id: invoice.id, number: invoice.number, state: 'issued' });
    const rebuilt = await invoiceOf(orderId);
    expect(rebuilt.xml).toContain(`<NIP>${ksefNip()}</NIP>`);
    expect(rebuilt.xml).toContain(`<P_2>${invoice.number}</P_2>`);
    expect(rebuilt.rejection_reason).toBeNull();

    const accepted = await sendUntil(orderId, 'accepted');
    expect(accepted.number).toBe(invoice.number);
    expect(isValidKsefNumber(accepted.ksef_number!)).toBe(true);
    // The owner reads the states through RLS.
    const { data } = await owner.from('invoices').select('state, ksef_number').eq('id', invoice.id).single();
    expect(data).toEqual({ state: 'accepted', ksef_number: accepted.ksef_number });
  }, 90_000);

  it('queues an invoice while KSeF is down, with the next try in the future, and sends it once KSeF is back', async () => {
    await outage(true);
    let queued: InvoiceRow;
    let orderId: string;
    try {
      ({ orderId } = await issuedInvoice());
      queued = await sendUntil(orderId, 'queued');
    } finally {
      await outage(false);
    }
    expect(queued.next_attempt_at!.getTime()).toBeGreaterThan(Date.now());
    expect(queued.last_error).toBe('KSeF nie odpowiada. Sklep spróbuje ponownie.');
    expect(queued.attempts).toBe(1);
    // Not before its time.
    await runKsefSend();
    expect((await invoiceOf(orderId)).state).toBe('queued');

    await makeDue(queued.id);
    const accepted = await sendUntil(orderId, 'accepted');
    expect(accepted.attempts).toBe(2);
    expect(accepted.last_error).toBeNull();
  }, 90_000);

  it('never sends one invoice twice, however many runs start at once', async () => {
    const invoices = await Promise.all([issuedInvoice(), issuedInvoice(), issuedInvoice()]);
    await Promise.all([runKsefSend(), runKsefSend(), runKsefSend(), runKsefSend()]);
    for (const { orderId } of invoices) {
      const invoice = await sendUntil(orderId, 'accepted');
      // Each claim counts an attempt: one each means one send each (a second one would also be KSeF's duplicate, 440).
      expect(invoice.attempts).toBe(1);
      expect(isValidKsefNumber(invoice.ksef_number!)).toBe(true);
    }
    const numbers = new Set(await Promise.all(invoices.map(async ({ orderId }) => (await invoiceOf(orderId)).ksef_number)));
    expect(numbers.size).toBe(3);
  }, 90_000);

  it('hands an invoice to one claim only: a second claim skips it while the first holds it, and after the lease is taken', async () => {
    const { invoice } = await issuedInvoice();
    await withDatabase(async (first) =>
      withDatabase(async (second) => {
        await first.query('begin');
        await first.query('set local role service_role');
        const mine = await first.query<{ id: string }>('select id from claim_ksef_invoices(50)');
        // The timer may have claimed it already; then neither claim gets it now, which is the point too.
        const claimedFirst = mine.rows.some((row) => row.id === invoice.id);
        const other = await second.query<{ id: string }>('select id from claim_ksef_invoices(50)');
        expect(other.rows.map((row) => row.id)).not.toContain(invoice.id);
        await first.query('rollback');
        if (claimedFirst) {
          const again = await second.query<{ id: string; attempts: number }>('select id, attempts from claim_ksef_invoices(50)');
          const row = again.rows.find((candidate) => candidate.id === invoice.id);
          expect(row?.attempts).toBe(1);
          const third = await first.query<{ id: string }>('select id from claim_ksef_invoices(50)');
          expect(third.rows.map((candidate) => candidate.id)).not.toContain(invoice.id);
        }
      }),
    );
    // The lease taken by the test's claim runs out in 10 minutes; let it go now, so the invoice does not wait.
    await withDatabase((db) => db.query("update invoices set next_attempt_at = now() where id = $1 and state = 'sent'", [invoice.id]));
  });
});
