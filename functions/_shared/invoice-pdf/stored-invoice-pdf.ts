import type { EnvGetter } from '../env.ts';
import { KSEF_ENDPOINTS, isKsefEnvironment } from '../ksef/environments.ts';
import { KSEF_VARIABLES } from '../ksef/config.ts';
import type { AdminClient } from '../supabase-clients.ts';
import { invoicePdfFileName, pdfDocumentFromStoredInvoice, type StoredInvoiceRow } from './from-stored-invoice.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';

/**
 * The customer's copy of an accepted invoice, read with the service role:
 * for the mail (mail-dispatch) and the order page's download (order-page).
 * Only an invoice KSeF accepted, and only within the order asked for.
 */

const INVOICE_COLUMNS = 'id, order_id, number, kind, state, ksef_number, xml, summary, issue_date, issued_at, corrects_invoice_id';

/** Where KOD I links point: the KSeF environment the shop sends to (KSEF_ENVIRONMENT, TEST by default as for sending). */
export function ksefQrUrlFromEnv(get: EnvGetter): string {
  const environment = get(KSEF_VARIABLES.environment)?.trim() || 'test';
  return KSEF_ENDPOINTS[isKsefEnvironment(environment) ? environment : 'test'].qrUrl;
}

export interface AcceptedInvoice {
  id: string;
  number: string;
  kind: 'VAT' | 'KOR';
  ksefNumber: string | null;
}

/** The order's invoices KSeF accepted, oldest first (what the order page offers to download). */
export async function acceptedInvoicesOf(admin: AdminClient, orderId: string): Promise<AcceptedInvoice[]> {
  const { data, error } = await admin
    .from('invoices')
    .select('id, number, kind, ksef_number')
    .eq('order_id', orderId)
    .eq('state', 'accepted')
    .order('issued_at')
    .order('number');
  if (error) throw new Error(`loading the order's invoices failed: ${error.message}`);
  return data.map((row) => ({ id: row.id, number: row.number, kind: row.kind, ksefNumber: row.ksef_number }));
}

export interface InvoicePdfFile {
  fileName: string;
  content: Uint8Array;
}

/** The PDF of one accepted invoice of this order; null for any other invoice id (another order's, not accepted, unknown). */
export async function acceptedInvoicePdf(
  admin: AdminClient,
  orderId: string,
  invoiceId: string,
  qrUrl: string,
): Promise<InvoicePdfFile | null> {
  const [invoices, order, account] = await Promise.all([
    admin.from('invoices').select(INVOICE_COLUMNS).eq('order_id', orderId),
    admin.from('orders').select('payment_method').eq('id', orderId).maybeSingle(),
    admin.from('app_settings').select('value').eq('key', 'bank_account_number').maybeSingle(),
  ]);
  if (invoices.error) throw new Error(`loading the order's invoices failed: ${invoices.error.message}`);
  if (order.error) throw new Error(`loading the order failed: ${order.error.message}`);
  if (account.error) throw new Error(`loading the settings failed: ${account.error.message}`);
  const rows: StoredInvoiceRow[] = invoices.data;
  const invoice = rows.find((row) => row.id === invoiceId);
  if (!invoice || invoice.state !== 'accepted' || !order.data) return null;
  const document = await pdfDocumentFromStoredInvoice({
    invoice,
    orderInvoices: rows,
    paymentMethod: order.data.payment_method,
    bankAccount: account.data?.value ?? null,
    qrUrl,
  });
  return { fileName: invoicePdfFileName(invoice), content: await renderInvoicePdf(document) };
}
