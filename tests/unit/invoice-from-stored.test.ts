import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  invoicePdfFileName,
  pdfDocumentFromStoredInvoice,
  readStoredSummary,
  type StoredInvoiceRow,
  type StoredInvoiceSummary,
} from '../../functions/_shared/invoice-pdf/from-stored-invoice.ts';
import { renderInvoicePdf } from '../../functions/_shared/invoice-pdf/invoice-pdf.ts';
import {
  issueCorrection,
  issueInvoice,
  type InvoiceRecord,
  type InvoiceStore,
  type InvoiceSummary,
} from '../../functions/owner-invoices/issue.ts';
import type { Json } from '../../src/domain/database.types.ts';

/**
 * The stored invoice → its PDF. The rows are made by owner-invoices' own
 * issuing code (an in-memory store in place of Postgres), so the mapping
 * reads exactly what the shop stores; the PDF is read back with pdftotext
 * and its QR code with zbarimg.
 */

// What owner-invoices writes must stay readable here: a compile-time check.
const writtenIsReadable = (summary: InvoiceSummary): StoredInvoiceSummary => summary;
void writtenIsReadable;

const QR_TEST = 'https://qr-test.ksef.mf.gov.pl';
const KSEF_NUMBER = '5252344078-20261129-0100A1B2C3D4-7F';
const NOW = Date.parse('2026-11-29T10:00:00Z');

function memoryStore(status: { value: string; refunded: number }): { store: InvoiceStore; rows: StoredInvoiceRow[] } {
  const rows: StoredInvoiceRow[] = [];
  const record = (row: StoredInvoiceRow): InvoiceRecord => ({
    id: row.id,
    orderId: row.order_id,
    number: row.number,
    kind: row.kind,
    state: row.state,
    issueDate: row.issue_date,
    ksefNumber: row.ksef_number,
    issuedAt: row.issued_at,
    summary: row.summary as unknown as InvoiceSummary,
  });
  const store: InvoiceStore = {
    loadSettings: async () => ({
      company_nip: '525-234-40-78',
      company_name: 'Kwiaciarnia Pod Różą Anna Kwiatkowska',
      company_address: 'ul. Kwiatowa 1, 37-700 Przemyśl',
      vat_status: 'payer',
      vat_rate_delivery: '23',
    }),
    findOrder: async (id) => ({
      id,
      status: status.value,
      amountRefunded: status.refunded,
      invoiceOrder: {
        orderNumber: 'KT235539572',
        items: [
          { name: 'Wiązanka z róż i goździków', quantity: 2, price: 16_200, rate: '8' },
          { name: 'Znicz szklany', quantity: 1, price: 2_460, rate: '23' },
        ],
        shippingCost: 2_000,
        servicesCost: 0,
        services: [],
        discount: 0,
        buyer: { nip: '7740001454', company: 'Zakład Pogrzebowy „Spokój” Sp. z o.o.', address: 'ul. Słowackiego 12/4, 37-700 Przemyśl' },
        deliveryDate: '2026-11-28',
        paymentMethod: 'payu',
        paidOn: '2026-11-28',
      },
    }),
    invoicesOf: async () => rows.map(record),
    issue: async (request) => {
      const count = rows.filter((row) => row.kind === request.kind).length + 1;
      const number = request.series.replace('{rok}', '2026').replace('{miesiąc}', '11').replace('{n}', String(count));
      const row: StoredInvoiceRow = {
        id: `00000000-0000-4000-8000-00000000000${rows.length + 1}`,
        order_id: request.orderId,
        number,
        kind: request.kind,
        state: 'issued',
        ksef_number: null,
        xml: request.xml.replace('<P_2>{{numer}}</P_2>', `<P_2>${number}</P_2>`),
        summary: request.summary as unknown as Json,
        issue_date: request.issueDate,
        issued_at: new Date(NOW + rows.length * 1000).toISOString(),
        corrects_invoice_id: request.correctsId,
      };
      rows.push(row);
      return record(row);
    },
  };
  return { store, rows };
}

const dir = mkdtempSync(join(tmpdir(), 'invoice-stored-'));
let files = 0;

async function pdfText(input: Parameters<typeof pdfDocumentFromStoredInvoice>[0]): Promise<{ text: string; file: string }> {
  const file = join(dir, `${(files += 1)}.pdf`);
  writeFileSync(file, await renderInvoicePdf(await pdfDocumentFromStoredInvoice(input)));
  const text = execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\u00a0/g, ' ');
  return { text, file };
}

async function issuedOrder() {
  const status = { value: 'completed', refunded: 0 };
  const { store, rows } = memoryStore(status);
  await issueInvoice(store, 'order-1', NOW);
  return { store, rows, status };
}

describe('a stored invoice printed for the customer', () => {
  it('prints an accepted invoice with each line’s net and VAT, the totals per rate, the KSeF number and KOD I of the stored XML', async () => {
    const { rows } = await issuedOrder();
    const invoice = { ...rows[0]!, state: 'accepted' as const, ksef_number: KSEF_NUMBER };
    const input = { invoice, orderInvoices: [invoice], paymentMethod: 'payu', bankAccount: null, qrUrl: QR_TEST };
    const document = await pdfDocumentFromStoredInvoice(input);
    // 324,00 zł at 8 %: VAT 24,00; 24,60 zł at 23 %: VAT 4,60; 20,00 zł at 23 %: VAT 3,74; the 23 % sum 44,60 zł: VAT 8,34.
    expect(document.lines.map((line) => [line.name, line.net, line.vat, line.gross])).toEqual([
      ['Wiązanka z róż i goździków', 30_000, 2_400, 32_400],
      ['Znicz szklany', 2_000, 460, 2_460],
      ['Dostawa', 1_626, 374, 2_000],
    ]);
    const hash = createHash('sha256').update(invoice.xml, 'utf8').digest('base64url');
    const url = `${QR_TEST}/invoice/5252344078/29-11-2026/${hash}`;
    expect(document.ksef).toEqual({ number: KSEF_NUMBER, verificationUrl: url });

    const { text, file } = await pdfText(input);
    for (const expected of [
      'Faktura VAT nr FV/2026/11/1',
      'Data wystawienia: 29.11.2026, Przemyśl',
      'Data sprzedaży: 28.11.2026',
      'Zamówienie: KT235539572',
      `Numer KSeF: ${KSEF_NUMBER}`,
      'NIP: 525-234-40-78',
      'Zakład Pogrzebowy „Spokój” Sp. z o.o.',
      'ul. Słowackiego 12/4',
      '162,00 zł 300,00 zł 8% 24,00 zł 324,00 zł',
      '20,00 zł 16,26 zł 23% 3,74 zł 20,00 zł',
      '36,26 zł 23% 8,34 zł 44,60 zł',
      'Razem brutto: 368,60 zł',
      'PayU – szybkie płatności',
      'Zapłacono: 368,60 zł, 28.11.2026',
    ]) {
      expect(text).toContain(expected);
    }
    execFileSync('pdftoppm', ['-r', '200', '-png', '-singlefile', file, join(dir, 'qr')]);
    const decoded = execFileSync('zbarimg', ['--quiet', '--raw', '-Sqrcode.enable', join(dir, 'qr.png')], { encoding: 'utf8' });
    expect(decoded.trim()).toBe(url);
  });

  it('prints no KSeF number before KSeF accepted it, and an unpaid transfer’s account', async () => {
    const { rows } = await issuedOrder();
    const invoice = { ...rows[0]!, state: 'sent' as const, ksef_number: KSEF_NUMBER };
    const summary = readStoredSummary(invoice.summary)!;
    const unpaid = {
      ...invoice,
      summary: { ...summary, base: { ...summary.base, payment: { paidOn: null, form: '6' } } } as unknown as Json,
    };
    const { text } = await pdfText({
      invoice: unpaid,
      orderInvoices: [unpaid],
      paymentMethod: 'transfer',
      bankAccount: 'PL61 1090 1014 0000 0712 1981 2874',
      qrUrl: QR_TEST,
    });
    expect(text).not.toContain('Numer KSeF');
    expect(text).toContain('Podgląd faktury: nie została jeszcze przyjęta');
    expect(text).toContain('Do zapłaty: 368,60 zł');
    expect(text).toContain('Numer rachunku: PL61 1090 1014 0000 0712 1981 2874');
  });

  it('prints a cancellation’s correction as every line taken back, what it corrects, why, and the amount to return', async () => {
    const { store, rows, status } = await issuedOrder();
    const original = { ...rows[0]!, state: 'accepted' as const, ksef_number: KSEF_NUMBER };
    rows[0] = original;
    status.value = 'cancelled';
    await issueCorrection(store, 'order-1', '', NOW);
    const correction = { ...rows[1]!, state: 'accepted' as const, ksef_number: '5252344078-20261129-0200A1B2C3D4-1A' };
    const document = await pdfDocumentFromStoredInvoice({
      invoice: correction,
      orderInvoices: [correction, original],
      paymentMethod: 'payu',
      bankAccount: null,
      qrUrl: QR_TEST,
    });
    expect(document.total).toBe(-36_860);
    expect(document.lines.map((line) => [line.quantity, line.net, line.vat, line.gross])).toEqual([
      [-2, -30_000, -2_400, -32_400],
      [-1, -2_000, -460, -2_460],
      [-1, -1_626, -374, -2_000],
    ]);
    const { text } = await renderedCorrection(correction, original);
    expect(text).toContain(`Faktura korygująca nr ${correction.number}`);
    expect(text).toContain(`Korygowana faktura: FV/2026/11/1, numer KSeF ${KSEF_NUMBER}.`);
    expect(text).toMatch(/Przyczyna korekty: \S+/);
    expect(text).toContain('Razem brutto: -368,60 zł');
    expect(text).toContain('Do zwrotu: 368,60 zł');
    expect(invoicePdfFileName(correction)).toBe(`Faktura-korygujaca-${correction.number.replaceAll('/', '-')}.pdf`);
    expect(invoicePdfFileName(original)).toBe('Faktura-FV-2026-11-1.pdf');
  });

  it('prints a partial refund’s correction against the lines as they stood before it', async () => {
    const { store, rows, status } = await issuedOrder();
    status.refunded = 5_000;
    await issueCorrection(store, 'order-1', 'Zwrot za uszkodzony znicz', NOW);
    const [original, correction] = rows;
    const document = await pdfDocumentFromStoredInvoice({
      invoice: correction!,
      orderInvoices: [original!, correction!],
      paymentMethod: 'payu',
      bankAccount: null,
      qrUrl: QR_TEST,
    });
    expect(document.total).toBe(-5_000);
    expect(document.lines.reduce((sum, line) => sum + line.gross, 0)).toBe(-5_000);
    // Only the value changed: each line keeps its quantity.
    expect(document.lines.map((line) => line.quantity)).toEqual([2, 1, 1]);
    expect(document.corrects?.reason).toBe('Zwrot za uszkodzony znicz');
  });

  it('refuses a summary it cannot read rather than printing it wrong', () => {
    expect(readStoredSummary(null)).toBeNull();
    expect(readStoredSummary({ base: {}, lines: [], taken: 0 })).toBeNull();
    expect(
      readStoredSummary({
        base: { seller: { nip: '1', name: 'a', address: 'b' }, buyer: { nip: '2', name: 'c', address: 'd' }, orderNumber: 'KT1' },
        lines: [{ name: 'x', unit: 'szt.', quantity: 1, unitGross: 100, discount: 0, gross: 100, rate: '7' }],
        taken: 0,
      }),
    ).toBeNull();
  });
});

async function renderedCorrection(correction: StoredInvoiceRow, original: StoredInvoiceRow) {
  return pdfText({ invoice: correction, orderInvoices: [original, correction], paymentMethod: 'payu', bankAccount: null, qrUrl: QR_TEST });
}
