import { invoiceTotals } from '../../../src/domain/invoice/fa3.ts';
import type {
  InvoiceDocument as InvoiceModel,
  InvoiceLine,
  InvoiceParty as ModelParty,
  SellerParty,
} from '../../../src/domain/invoice/model.ts';
import { isVatRate, vatFromGross } from '../../../src/domain/invoice/vat.ts';
import { grosz } from '../../../src/domain/money.ts';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../src/domain/payment-methods.ts';
import type { Row } from '../../../src/domain/database.ts';
import { invoiceVerificationUrl } from '../ksef/qr-link.ts';
import type { InvoiceDocument, InvoiceDocumentLine, InvoiceParty } from './invoice-document.ts';

/**
 * The one home of "stored invoice → printed invoice": a row of
 * public.invoices (its `summary`, written with the XML by owner-invoices)
 * becomes the domain model the FA(3) XML was built from, and that model the
 * PDF's presentational document. Net and VAT come from the domain's rule
 * (vat.ts per line, fa3.ts `invoiceTotals` per rate), so the PDF's totals
 * are the XML's. A correction prints its lines as the change each line
 * made, and its totals as after minus before, as its XML does.
 */

export type StoredInvoiceRow = Pick<
  Row<'invoices'>,
  'id' | 'order_id' | 'number' | 'kind' | 'state' | 'ksef_number' | 'xml' | 'summary' | 'issue_date' | 'issued_at' | 'corrects_invoice_id'
>;

/** What an invoice row's `summary` holds (written by functions/owner-invoices/issue.ts). */
export interface StoredInvoiceSummary {
  base: { seller: SellerParty; buyer: ModelParty; orderNumber: string; saleDate: string | null; payment?: InvoiceModel['payment'] };
  /** The lines as they stand after this invoice. */
  lines: InvoiceLine[];
  /** Gross grosz this correction took back (0 for a VAT invoice). */
  taken: number;
}

export interface StoredInvoiceInput {
  invoice: StoredInvoiceRow;
  /** Every invoice of the same order (any order of rows): a correction's "before" is the one issued just before it. */
  orderInvoices: readonly StoredInvoiceRow[];
  paymentMethod: string;
  /** The shop's account for an unpaid transfer (bank_account_number), or null. */
  bankAccount: string | null;
  /** The KSeF environment's verification host (functions/_shared/ksef/environments.ts). */
  qrUrl: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string';
const isInteger = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

function readParty(value: unknown): ModelParty | null {
  if (!isRecord(value) || !isText(value.nip) || !isText(value.name) || !isText(value.address)) return null;
  return { nip: value.nip, name: value.name, address: value.address };
}

function readLine(value: unknown): InvoiceLine | null {
  if (!isRecord(value) || !isText(value.name) || !isText(value.unit) || !isVatRate(value.rate)) return null;
  const { quantity, unitGross, discount, gross } = value;
  if (typeof quantity !== 'number' || !isInteger(unitGross) || !isInteger(discount) || !isInteger(gross)) return null;
  return { name: value.name, unit: value.unit, quantity, unitGross, discount, gross, rate: value.rate };
}

/** Reads the jsonb defensively: anything off-shape is refused rather than printed wrong. */
export function readStoredSummary(value: unknown): StoredInvoiceSummary | null {
  if (!isRecord(value) || !isRecord(value.base) || !Array.isArray(value.lines) || !isInteger(value.taken)) return null;
  const { base } = value;
  const seller = readParty(base.seller);
  const buyer = readParty(base.buyer);
  const lines = value.lines.map(readLine);
  if (!seller || !buyer || !isText(base.orderNumber) || lines.some((line) => line === null)) return null;
  const exemption = isRecord(base.seller) && isText(base.seller.exemptionBasis) ? base.seller.exemptionBasis : null;
  const payment = isRecord(base.payment) ? base.payment : {};
  const form = payment.form;
  return {
    base: {
      seller: { ...seller, exemptionBasis: exemption },
      buyer,
      orderNumber: base.orderNumber,
      saleDate: isText(base.saleDate) ? base.saleDate : null,
      payment: {
        paidOn: isText(payment.paidOn) ? payment.paidOn : null,
        form: form === '1' || form === '2' || form === '6' || form === '7' ? form : null,
      },
    },
    lines: lines.filter((line): line is InvoiceLine => line !== null),
    taken: value.taken,
  };
}

function unescapeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** A correction's reason is kept only in its XML (PrzyczynaKorekty). */
function correctionReason(xml: string): string {
  const match = /<PrzyczynaKorekty>([^<]*)<\/PrzyczynaKorekty>/.exec(xml);
  return match?.[1] ? unescapeXml(match[1]) : '';
}

function summaryOf(row: StoredInvoiceRow): StoredInvoiceSummary {
  const summary = readStoredSummary(row.summary);
  if (!summary) throw new Error(`invoice ${row.number} has an unreadable summary`);
  return summary;
}

/** The invoice as the domain model its XML was built from. */
export function storedInvoiceModel(input: Pick<StoredInvoiceInput, 'invoice' | 'orderInvoices'>): InvoiceModel {
  const { invoice } = input;
  const summary = summaryOf(invoice);
  const common = {
    number: invoice.number,
    issueDate: invoice.issue_date,
    saleDate: summary.base.saleDate,
    createdAt: invoice.issued_at,
    seller: summary.base.seller,
    buyer: summary.base.buyer,
    lines: summary.lines,
    orderNumber: summary.base.orderNumber,
  };
  if (invoice.kind !== 'KOR') {
    return { ...common, kind: 'VAT', payment: summary.base.payment ?? { paidOn: null, form: null }, correction: null };
  }
  // The same order as owner-invoices corrects in: by issue time, then number.
  const sorted = [...input.orderInvoices].sort((a, b) => a.issued_at.localeCompare(b.issued_at) || a.number.localeCompare(b.number));
  const before = sorted[sorted.findIndex((row) => row.id === invoice.id) - 1];
  const corrected = input.orderInvoices.find((row) => row.id === invoice.corrects_invoice_id);
  if (!before || !corrected) throw new Error(`correction ${invoice.number} misses the invoice it corrects`);
  return {
    ...common,
    kind: 'KOR',
    payment: { paidOn: null, form: null },
    correction: {
      reason: correctionReason(invoice.xml),
      original: {
        number: corrected.number,
        issueDate: corrected.issue_date,
        ksefNumber: corrected.ksef_number,
        lines: summaryOf(before).lines,
      },
    },
  };
}

function printedLine(
  line: Pick<InvoiceLine, 'name' | 'unit' | 'unitGross' | 'rate'>,
  quantity: number,
  gross: number,
): InvoiceDocumentLine {
  const vat = vatFromGross(gross, line.rate);
  return {
    name: line.name,
    quantity,
    unit: line.unit,
    unitGross: grosz(line.unitGross),
    rate: line.rate,
    net: grosz(gross - vat),
    vat: grosz(vat),
    gross: grosz(gross),
  };
}

/** A VAT invoice's lines as sold; a correction's as the change it makes (a line it leaves alone is not printed). */
function printedLines(model: InvoiceModel): InvoiceDocumentLine[] {
  const original = model.correction?.original.lines;
  if (!original) return model.lines.map((line) => printedLine(line, line.quantity, line.gross));
  return model.lines.flatMap((after, index) => {
    const before = original[index];
    const gross = after.gross - (before?.gross ?? 0);
    if (gross === 0) return [];
    const quantity = after.quantity - (before?.quantity ?? 0);
    // A price-only change keeps its quantity, as a correction of value prints it.
    return [printedLine(after, quantity === 0 ? after.quantity : quantity, gross)];
  });
}

/** 'ul. Kwiatowa 1, 37-700 Przemyśl' → its lines as printed. */
function addressLines(address: string): string[] {
  return address
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

function printedParty(party: ModelParty): InvoiceParty {
  return { name: party.name, nip: party.nip || null, address: addressLines(party.address) };
}

/** Where the invoice was issued: the town of the seller's address ('37-700 Przemyśl' → 'Przemyśl'). */
function placeOf(address: string): string {
  const last = addressLines(address).at(-1) ?? '';
  return /^\d{2}-\d{3}\s+(.+)$/.exec(last)?.[1] ?? last;
}

async function sha256Base64(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return btoa(String.fromCharCode(...digest));
}

const isPaymentMethod = (method: string): method is PaymentMethod => method in PAYMENT_METHOD_LABELS;

/** The printed invoice of a stored row; the KSeF number and its KOD I once KSeF accepted it. */
export async function pdfDocumentFromStoredInvoice(input: StoredInvoiceInput): Promise<InvoiceDocument> {
  const model = storedInvoiceModel(input);
  const totals = invoiceTotals(model).map((total) => ({
    rate: total.rate,
    net: grosz(total.net),
    vat: grosz(total.vat),
    gross: grosz(total.gross),
  }));
  const total = grosz(totals.reduce((sum, rate) => sum + rate.gross, 0));
  const { invoice } = input;
  const paidOn = model.payment.paidOn;
  const owed = model.kind === 'VAT' && !paidOn && input.paymentMethod === 'transfer';
  const ksefNumber = invoice.state === 'accepted' ? invoice.ksef_number : null;
  return {
    kind: model.kind,
    number: model.number,
    issueDate: model.issueDate,
    saleDate: model.saleDate ?? paidOn ?? model.issueDate,
    place: placeOf(model.seller.address),
    seller: printedParty(model.seller),
    buyer: printedParty(model.buyer),
    lines: printedLines(model),
    totals,
    total,
    payment: {
      method: isPaymentMethod(input.paymentMethod) ? PAYMENT_METHOD_LABELS[input.paymentMethod] : input.paymentMethod,
      paidOn,
      dueDate: null,
      bankAccount: owed ? input.bankAccount?.trim() || null : null,
    },
    exemption: model.seller.exemptionBasis,
    orderNumber: model.orderNumber,
    corrects: model.correction
      ? { number: model.correction.original.number, ksefNumber: model.correction.original.ksefNumber, reason: model.correction.reason }
      : null,
    ksef: ksefNumber
      ? {
          number: ksefNumber,
          // KOD I hashes the file KSeF took: the stored XML, as UTF-8.
          verificationUrl: invoiceVerificationUrl(input.qrUrl, model.seller.nip, model.issueDate, await sha256Base64(invoice.xml)),
        }
      : null,
  };
}

/** The attachment's file name: 'Faktura-FV-2026-11-3.pdf'. */
export function invoicePdfFileName(invoice: Pick<StoredInvoiceRow, 'kind' | 'number'>): string {
  const safe = invoice.number.replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/^-+|-+$/g, '');
  return `${invoice.kind === 'KOR' ? 'Faktura-korygujaca' : 'Faktura'}-${safe}.pdf`;
}
