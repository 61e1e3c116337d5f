import { invoiceDocumentErrors } from '../../src/domain/invoice/checks.ts';
import { buildFa3Xml } from '../../src/domain/invoice/fa3.ts';
import { correctionInvoice, invoiceFromOrder } from '../../src/domain/invoice/from-order.ts';
import type { InvoiceDocument } from '../../src/domain/invoice/model.ts';
import { REFUND_CORRECTION_REASON } from '../../src/domain/invoice/request-schema.ts';
import { readInvoiceSettings } from '../../src/domain/invoice/settings.ts';
import { HttpError } from '../_shared/http.ts';
import type { InvoiceRecord, InvoiceStore, InvoiceSummary } from './issue.ts';

export interface ResendStore {
  findInvoice(invoiceId: string): Promise<(InvoiceRecord & { xml: string }) | null>;
  /** Puts the rebuilt XML into the rejected invoice and queues it again; null when it is no longer rejected. */
  replaceRejected(invoiceId: string, xml: string, summary: InvoiceSummary): Promise<InvoiceRecord | null>;
}

const UNESCAPE: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" };

/** The reason a correction gave, read back from its XML (the summary keeps the lines, not the words). */
export function correctionReason(xml: string): string {
  const found = /<PrzyczynaKorekty>([^<]*)<\/PrzyczynaKorekty>/.exec(xml)?.[1];
  return found ? found.replace(/&(amp|lt|gt|quot|apos);/g, (entity) => UNESCAPE[entity] ?? entity) : REFUND_CORRECTION_REASON;
}

function checkedXml(doc: InvoiceDocument): string {
  const errors = invoiceDocumentErrors(doc);
  if (errors.length > 0) {
    throw new HttpError(
      422,
      'invoice_invalid',
      `Faktura nadal nie spełnia wymogów KSeF: ${errors.join(', ')}. Popraw dane i spróbuj ponownie.`,
    );
  }
  return buildFa3Xml(doc);
}

/**
 * 'Wyślij ponownie': KSeF refused the invoice, so it never reached the buyer
 * and has no KSeF number. Its XML is built again from the data as they are
 * now (the shop's settings, the buyer's data on the order), under the same
 * number and issue date, and it goes back to the sending queue
 * (docs/decisions/040-ksef-send.md). A correction keeps what it took back.
 */
export async function resendInvoice(store: InvoiceStore & ResendStore, invoiceId: string, now: number): Promise<InvoiceRecord> {
  const invoice = await store.findInvoice(invoiceId);
  if (!invoice) throw new HttpError(404, 'invoice_not_found', 'Nie znaleziono faktury.');
  if (invoice.state !== 'rejected') throw new HttpError(409, 'not_rejected', 'Ponownie można wysłać tylko fakturę odrzuconą przez KSeF.');
  const order = await store.findOrder(invoice.orderId);
  if (!order?.invoiceOrder) throw new HttpError(409, 'no_invoice_data', 'Zamówienie nie ma danych do faktury (NIP, nazwa, adres).');
  const settings = readInvoiceSettings(await store.loadSettings());
  if (!settings.ok) {
    throw new HttpError(409, 'invoice_settings_missing', `Uzupełnij w ustawieniach (Faktury i VAT): ${settings.missing.join(', ')}.`);
  }
  const context = { number: invoice.number, issueDate: invoice.issueDate, createdAt: new Date(now).toISOString() };
  const fresh = invoiceFromOrder(order.invoiceOrder, settings.settings, context);
  let doc: InvoiceDocument;
  let summary: InvoiceSummary;
  if (invoice.kind === 'VAT') {
    doc = fresh;
    summary = { base: doc, lines: [...doc.lines], taken: 0 };
  } else {
    const invoices = await store.invoicesOf(invoice.orderId);
    const original = invoices.find((other) => other.kind === 'VAT');
    const before = invoices[invoices.findIndex((other) => other.id === invoice.id) - 1];
    if (!original || !before) throw new HttpError(409, 'no_invoice', 'Nie znaleziono faktury, którą koryguje ta korekta.');
    const base = { seller: fresh.seller, buyer: fresh.buyer, orderNumber: fresh.orderNumber, saleDate: invoice.summary.base.saleDate };
    doc = correctionInvoice({
      ...context,
      reason: correctionReason(invoice.xml),
      amount: invoice.summary.taken,
      original: { number: original.number, issueDate: original.issueDate, ksefNumber: original.ksefNumber, lines: before.summary.lines },
      base,
    });
    summary = { base, lines: [...doc.lines], taken: invoice.summary.taken };
  }
  const stored = await store.replaceRejected(invoice.id, checkedXml(doc), summary);
  if (!stored) throw new HttpError(409, 'not_rejected', 'Ponownie można wysłać tylko fakturę odrzuconą przez KSeF.');
  return stored;
}
