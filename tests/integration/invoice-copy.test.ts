import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailSource, waitForMailTo, type ReceivedMail } from '../support/maildev.ts';
import { ksefNip, payWreathOrder, placeCompanyOrderFor, setSellerNip } from '../support/invoice-orders.ts';
import { invokeFunction, serviceClient, signedInOwner, testBackend, uniqueEmail, withDatabase } from '../support/test-backend.ts';

/**
 * The customer's copy on the real backend: ksef-send's acceptance by the
 * local KSeF stand-in queues a mail in the same transaction; mail-dispatch sends it to MailDev with the PDF attached; the
 * order page serves the same PDF to whoever may open the order, and to
 * nobody else. The PDFs are read back with poppler's pdftotext.
 */

const SERIES = `C${randomUUID().slice(0, 6)}/{rok}/{n}`;

const dir = mkdtempSync(join(tmpdir(), 'invoice-copy-'));

interface PlacedOrder {
  id: string;
  number: string;
  accessKey: string;
  email: string;
}

async function placePaidCompanyOrder(): Promise<PlacedOrder> {
  const email = uniqueEmail('faktura');
  const order = await placeCompanyOrderFor('stripe', email);
  expect(await payWreathOrder(order.id, `evt_${randomUUID()}`)).toBe('applied');
  expect((await invokeFunction(serviceClient(), 'owner-invoices', {})).status).toBe(200);
  return { id: order.id, number: order.orderNumber, accessKey: order.accessKey, email };
}

async function invoiceOf(orderId: string, kind: 'VAT' | 'KOR'): Promise<{ id: string; number: string }> {
  const { rows } = await withDatabase((db) =>
    db.query<{ id: string; number: string }>('select id, number from invoices where order_id = $1 and kind = $2', [orderId, kind]),
  );
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

/**
 * ksef-send's runs (beside the backend's own timer) against the local KSeF
 * stand-in, until KSeF accepted the invoice; its KSeF number.
 */
async function sendToKsef(invoiceId: string): Promise<string> {
  const until = Date.now() + 40_000;
  for (;;) {
    const { rows } = await withDatabase((db) =>
      db.query<{ state: string; ksef_number: string | null; rejection_reason: string | null }>(
        'select state, ksef_number, rejection_reason from invoices where id = $1',
        [invoiceId],
      ),
    );
    const invoice = rows[0]!;
    if (invoice.state === 'accepted') return invoice.ksef_number!;
    if (invoice.state === 'rejected') throw new Error(`KSeF refused the invoice: ${invoice.rejection_reason ?? ''}`);
    if (Date.now() > until) throw new Error(`the invoice stayed ${invoice.state}`);
    expect((await invokeFunction(serviceClient(), 'ksef-send', {})).status).toBe(200);
  }
}

/** No invoice mail while the invoice is not accepted: read together, so the background sender cannot slip between. */
async function mailsBeforeAcceptance(orderId: string): Promise<number> {
  const { rows } = await withDatabase((db) =>
    db.query<{ early: number }>(
      `select count(*)::int as early from mail_jobs j join invoices i on i.id = (j.details ->> 'invoiceId')::uuid
       where j.order_id = $1 and j.kind like 'invoice%' and i.state <> 'accepted'`,
      [orderId],
    ),
  );
  return rows[0]!.early;
}

async function invoiceJobs(orderId: string): Promise<{ kind: string; recipient: string; invoiceId: string | null }[]> {
  const { rows } = await withDatabase((db) =>
    db.query<{ kind: string; recipient: string; invoice_id: string | null }>(
      "select kind, recipient, details ->> 'invoiceId' as invoice_id from mail_jobs where order_id = $1 and kind like 'invoice%' order by created_at",
      [orderId],
    ),
  );
  return rows.map((row) => ({ kind: row.kind, recipient: row.recipient, invoiceId: row.invoice_id }));
}

async function dispatch(): Promise<void> {
  const response = await fetch(`${testBackend().url}/functions/v1/mail-dispatch`, {
    method: 'POST',
    headers: { apikey: testBackend().secretKey, 'Content-Type': 'application/json' },
    body: '{}',
  });
  expect(response.status).toBe(200);
}

async function mailWithSubject(email: string, subject: string): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  for (let round = 0; round < 5 && !found; round += 1) {
    await dispatch();
    const mails = await waitForMailTo(testBackend().mailUrl, email, 1, 5_000).catch(() => []);
    found = mails.find((mail) => mail.subject === subject);
  }
  if (!found) throw new Error(`no mail '${subject}' to ${email}`);
  return found;
}

/** The PDF parts of a message as it arrived (its RFC 5322 source): file name and bytes. */
function pdfAttachments(source: string): { fileName: string; bytes: Buffer }[] {
  const boundaries = [...source.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((match) => match[1]!);
  const parts = boundaries.flatMap((boundary) => source.split(`--${boundary}`));
  return parts.flatMap((part) => {
    const [headers = '', ...body] = part.split(/\r?\n\r?\n/);
    if (!/content-type:\s*application\/pdf/i.test(headers)) return [];
    expect(headers).toMatch(/content-transfer-encoding:\s*base64/i);
    const fileName = /filename="?([^";\r\n]+)"?/i.exec(headers)?.[1] ?? '';
    return [{ fileName, bytes: Buffer.from(body.join('').replace(/\s+/g, ''), 'base64') }];
  });
}

function pdfText(bytes: Uint8Array, name: string): string {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\u00a0/g, ' ');
}

function orderPage(body: Record<string, unknown>, accessToken?: string): Promise<Response> {
  const { url, anonKey } = testBackend();
  return fetch(`${url}/functions/v1/order-page`, {
    method: 'POST',
    headers: { apikey: anonKey, 'Content-Type': 'application/json', ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}) },
    body: JSON.stringify(body),
  });
}

beforeAll(async () => {
  await withDatabase((db) =>
    db.query(
      `insert into app_settings (key, value) values ('invoice_series', $1), ('vat_status', 'payer')
       on conflict (key) do update set value = excluded.value`,
      [SERIES],
    ),
  );
  await setSellerNip(ksefNip());
});

describe("the customer's copy of an invoice", () => {
  let order: PlacedOrder;
  let invoice: { id: string; number: string };
  let linkToken: string;
  let ksefNumber: string;

  it('queues nothing before KSeF accepts; on acceptance one mail with the PDF carrying the invoice and KSeF numbers', async () => {
    order = await placePaidCompanyOrder();
    invoice = await invoiceOf(order.id, 'VAT');
    expect(await mailsBeforeAcceptance(order.id)).toBe(0);

    ksefNumber = await sendToKsef(invoice.id);
    expect(await mailsBeforeAcceptance(order.id)).toBe(0);
    // A repeated write of the accepted state queues no second mail.
    await serviceClient().from('invoices').update({ state: 'accepted', rejection_reason: null }).eq('id', invoice.id);
    expect(await invoiceJobs(order.id)).toEqual([{ kind: 'invoice', recipient: order.email, invoiceId: invoice.id }]);

    const mail = await mailWithSubject(order.email, `Faktura do zamówienia ${order.number}`);
    expect(mail.text).toContain(`fakturę nr ${invoice.number} do zamówienia nr ${order.number}`);
    expect(mail.text).toContain(ksefNumber);
    const source = await mailSource(testBackend().mailUrl, mail.id);
    const [pdf, ...more] = pdfAttachments(source);
    expect(more).toEqual([]);
    expect(pdf!.fileName).toBe(`Faktura-${invoice.number.replaceAll('/', '-')}.pdf`);
    const text = pdfText(pdf!.bytes, 'mailed');
    expect(text).toContain(`Faktura VAT nr ${invoice.number}`);
    expect(text).toContain(`Numer KSeF: ${ksefNumber}`);
    expect(text).toContain(`Zamówienie: ${order.number}`);
    expect(text).toContain('Razem brutto: 149,00 zł');
    // The mail links the order page with a token of its own.
    linkToken = /\/zamowienie\/[^?\s]+\?t=([A-Za-z0-9_-]{43})/.exec(mail.text ?? '')?.[1] ?? '';
    expect(linkToken).toHaveLength(43);
  });

  it('the order page lists it and serves its PDF for the mail’s token, the placing device and the owner', async () => {
    const page = await orderPage({ number: order.number, token: linkToken });
    expect(page.status).toBe(200);
    expect(((await page.json()) as { invoices: unknown[] }).invoices).toEqual([{ id: invoice.id, number: invoice.number, kind: 'VAT' }]);

    const owner = await signedInOwner();
    const ownerToken = (await owner.auth.getSession()).data.session!.access_token;
    for (const [name, response] of [
      ['token', await orderPage({ number: order.number, token: linkToken, invoiceId: invoice.id })],
      ['device', await orderPage({ number: order.number, accessKey: order.accessKey, invoiceId: invoice.id })],
      ['owner', await orderPage({ number: order.number, invoiceId: invoice.id }, ownerToken)],
    ] as const) {
      expect(response.status, name).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('content-disposition')).toContain(`Faktura-${invoice.number.replaceAll('/', '-')}.pdf`);
      expect(response.headers.get('access-control-expose-headers')).toBe('Content-Disposition');
      const text = pdfText(new Uint8Array(await response.arrayBuffer()), `page-${name}`);
      expect(text).toContain(`Faktura VAT nr ${invoice.number}`);
      expect(text).toContain(`Numer KSeF: ${ksefNumber}`);
    }
  });

  it('refuses without a proof, with another order’s proof, and another order’s invoice, always as JSON in Polish', async () => {
    const other = await placePaidCompanyOrder();
    const otherInvoice = await invoiceOf(other.id, 'VAT');

    const none = await orderPage({ number: order.number, invoiceId: invoice.id });
    expect(none.status).toBe(404);
    expect(await none.json()).toEqual({ error: 'order_not_found', message: 'Nie znaleźliśmy takiego zamówienia.' });

    const foreignKey = await orderPage({ number: order.number, accessKey: other.accessKey, invoiceId: invoice.id });
    expect(foreignKey.status).toBe(404);
    expect(((await foreignKey.json()) as { error: string }).error).toBe('order_not_found');

    // The other order's own proof opens its page, but not this order's invoice through it.
    const crossed = await orderPage({ number: other.number, accessKey: other.accessKey, invoiceId: invoice.id });
    expect(crossed.status).toBe(404);
    const refusal = (await crossed.json()) as { error: string; message: string };
    expect(refusal.error).toBe('invoice_not_found');
    expect(refusal.message).toMatch(/^Nie znaleźliśmy takiej faktury/);

    // Not accepted yet: no file, even for its own order.
    const notYet = await orderPage({ number: other.number, accessKey: other.accessKey, invoiceId: otherInvoice.id });
    expect(notYet.status).toBe(404);
    expect(((await notYet.json()) as { error: string }).error).toBe('invoice_not_found');
  });

  it('an accepted correction gets its own mail and PDF, beside the invoice’s', async () => {
    await withDatabase((db) => db.query("update orders set status = 'cancelled' where id = $1", [order.id]));
    const owner = await signedInOwner();
    expect((await invokeFunction(owner, 'owner-invoices', { action: 'correct', orderId: order.id })).status).toBe(200);
    const correction = await invoiceOf(order.id, 'KOR');
    const correctionKsefNumber = await sendToKsef(correction.id);
    expect((await invoiceJobs(order.id)).map((job) => [job.kind, job.invoiceId])).toEqual([
      ['invoice', invoice.id],
      ['invoice-correction', correction.id],
    ]);

    const mail = await mailWithSubject(order.email, `Faktura korygująca do zamówienia ${order.number}`);
    expect(mail.text).toContain(`fakturę korygującą nr ${correction.number}`);
    const [pdf] = pdfAttachments(await mailSource(testBackend().mailUrl, mail.id));
    const text = pdfText(pdf!.bytes, 'correction');
    expect(text).toContain(`Faktura korygująca nr ${correction.number}`);
    expect(text).toContain(`Korygowana faktura: ${invoice.number}, numer KSeF ${ksefNumber}.`);
    expect(text).toContain(`Numer KSeF: ${correctionKsefNumber}`);
    expect(text).toContain('Do zwrotu: 149,00 zł');
  });
});
