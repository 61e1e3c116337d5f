import { warsawDate } from '../../src/domain/calendar/warsaw-clock.ts';
import type { SettingsValues } from '../../src/domain/settings.ts';
import { invoiceDocumentErrors } from '../../src/domain/invoice/checks.ts';
import { buildFa3Xml } from '../../src/domain/invoice/fa3.ts';
import { correctionInvoice, invoiceFromOrder, type InvoiceOrder, type InvoiceSettings } from '../../src/domain/invoice/from-order.ts';
import type { InvoiceDocument, InvoiceKind, InvoiceLine, InvoiceState } from '../../src/domain/invoice/model.ts';
import { correctionSeries, INVOICE_NUMBER_PLACEHOLDER } from '../../src/domain/invoice/numbering.ts';
import { CANCEL_CORRECTION_REASON, REFUND_CORRECTION_REASON } from '../../src/domain/invoice/request-schema.ts';
import { readInvoiceSettings } from '../../src/domain/invoice/settings.ts';
import { AWAITS_PAYMENT_MESSAGE, ownerMayIssueInvoice } from '../../src/domain/invoice/issuing.ts';
import { HttpError } from '../_shared/http.ts';

/** What an invoice row keeps beside its XML: the basis of the next correction. */
export interface InvoiceSummary {
  base: Pick<InvoiceDocument, 'seller' | 'buyer' | 'orderNumber' | 'saleDate'>;
  /** The lines as they stand after this invoice. */
  lines: InvoiceLine[];
  /** Gross grosz this correction took back (0 for a VAT invoice). */
  taken: number;
}

export interface InvoiceRecord {
  id: string;
  orderId: string;
  number: string;
  kind: InvoiceKind;
  state: InvoiceState;
  issueDate: string;
  ksefNumber: string | null;
  issuedAt: string;
  summary: InvoiceSummary;
}

export interface InvoiceOrderRecord {
  id: string;
  status: string;
  amountRefunded: number;
  /** The order as an invoice needs it; null when the customer asked for no invoice. */
  invoiceOrder: InvoiceOrder | null;
}

export interface IssueRequest {
  orderId: string;
  kind: InvoiceKind;
  correctsId: string | null;
  series: string;
  issueDate: string;
  xml: string;
  summary: InvoiceSummary;
}

export interface InvoiceStore {
  loadSettings(): Promise<SettingsValues>;
  findOrder(orderId: string): Promise<InvoiceOrderRecord | null>;
  /** The order's invoices, oldest first. */
  invoicesOf(orderId: string): Promise<InvoiceRecord[]>;
  /** public.invoice_issue: numbers and stores the invoice; a second VAT invoice for an order returns the first. */
  issue(request: IssueRequest): Promise<InvoiceRecord>;
}

const NOT_FOUND = () => new HttpError(404, 'order_not_found', 'Nie znaleziono zamówienia.');

async function settingsFor(store: InvoiceStore): Promise<{ series: string; settings: InvoiceSettings }> {
  const result = readInvoiceSettings(await store.loadSettings());
  if (!result.ok) {
    throw new HttpError(409, 'invoice_settings_missing', `Uzupełnij w ustawieniach (Faktury i VAT): ${result.missing.join(', ')}.`);
  }
  return { series: result.series, settings: result.settings };
}

/** Refuses what would break the FA(3) schema: Deno has no xmllint, so the schema's rules are checked in code. */
function checked(doc: InvoiceDocument): string {
  const errors = invoiceDocumentErrors(doc);
  if (errors.length > 0) {
    throw new HttpError(422, 'invoice_invalid', `Faktura nie spełnia wymogów KSeF: ${errors.join(', ')}. Popraw dane i spróbuj ponownie.`);
  }
  return buildFa3Xml(doc);
}

/** The order's VAT invoice: the one already issued, or a new one. */
export async function issueInvoice(store: InvoiceStore, orderId: string, now: number): Promise<InvoiceRecord> {
  const order = await store.findOrder(orderId);
  if (!order) throw NOT_FOUND();
  const existing = (await store.invoicesOf(orderId)).find((invoice) => invoice.kind === 'VAT');
  if (existing) return existing;
  if (!order.invoiceOrder) throw new HttpError(409, 'no_invoice_data', 'Klient nie podał danych do faktury (NIP, nazwa, adres).');
  if (order.status === 'cancelled') throw new HttpError(409, 'order_cancelled', 'Zamówienie jest anulowane.');
  if (!ownerMayIssueInvoice(order.invoiceOrder.paymentMethod, order.invoiceOrder.paidOn !== null)) {
    throw new HttpError(409, 'invoice_awaits_payment', AWAITS_PAYMENT_MESSAGE);
  }
  const { series, settings } = await settingsFor(store);
  const issueDate = warsawDate(now);
  const doc = invoiceFromOrder(order.invoiceOrder, settings, {
    number: INVOICE_NUMBER_PLACEHOLDER,
    issueDate,
    createdAt: new Date(now).toISOString(),
  });
  return store.issue({
    orderId,
    kind: 'VAT',
    correctsId: null,
    series,
    issueDate,
    xml: checked(doc),
    summary: { base: doc, lines: [...doc.lines], taken: 0 },
  });
}

/**
 * A correcting invoice (KOR) of the order's invoice: everything still
 * invoiced for a cancelled order, else what was refunded since the last
 * correction. Never an edit of the original.
 */
export async function issueCorrection(store: InvoiceStore, orderId: string, reason: string, now: number): Promise<InvoiceRecord> {
  const order = await store.findOrder(orderId);
  if (!order) throw NOT_FOUND();
  const invoices = await store.invoicesOf(orderId);
  const original = invoices.find((invoice) => invoice.kind === 'VAT');
  if (!original) throw new HttpError(409, 'no_invoice', 'To zamówienie nie ma jeszcze faktury.');
  const latest = invoices[invoices.length - 1] ?? original;
  const stillInvoiced = latest.summary.lines.reduce((sum, line) => sum + line.gross, 0);
  const alreadyTaken = invoices.reduce((sum, invoice) => sum + invoice.summary.taken, 0);
  const cancelled = order.status === 'cancelled';
  const amount = cancelled ? stillInvoiced : Math.min(order.amountRefunded - alreadyTaken, stillInvoiced);
  if (amount <= 0) {
    throw new HttpError(
      409,
      'nothing_to_correct',
      'Nie ma czego korygować: zamówienie nie jest anulowane i nie ma nowego zwrotu pieniędzy.',
    );
  }
  const { series } = await settingsFor(store);
  const issueDate = warsawDate(now);
  const doc = correctionInvoice({
    number: INVOICE_NUMBER_PLACEHOLDER,
    issueDate,
    createdAt: new Date(now).toISOString(),
    reason: reason || (cancelled ? CANCEL_CORRECTION_REASON : REFUND_CORRECTION_REASON),
    amount,
    original: { number: original.number, issueDate: original.issueDate, ksefNumber: original.ksefNumber, lines: latest.summary.lines },
    base: original.summary.base,
  });
  return store.issue({
    orderId,
    kind: 'KOR',
    correctsId: original.id,
    series: correctionSeries(series),
    issueDate,
    xml: checked(doc),
    summary: { base: original.summary.base, lines: [...doc.lines], taken: amount },
  });
}
