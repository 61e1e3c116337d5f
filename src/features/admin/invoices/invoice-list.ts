import type { Json } from '../../../domain/database.types.ts';
import type { InvoiceKind, InvoiceState } from '../../../domain/invoice/model.ts';
import { grosz, type Grosz } from '../../../domain/money.ts';
import { getSupabase } from '../../../lib/supabase.ts';

/** One row of the owner's 'Faktury' list. */
export interface InvoiceListEntry {
  id: string;
  number: string;
  kind: InvoiceKind;
  state: InvoiceState;
  issueDate: string;
  buyer: string;
  /** The invoice's gross total; a correction's is what it took back, negative. */
  gross: Grosz;
  ksefNumber: string | null;
  rejectionReason: string | null;
  orderId: string;
  orderNumber: string;
}

export interface InvoiceListRow {
  id: string;
  number: string;
  kind: InvoiceKind;
  state: InvoiceState;
  issue_date: string;
  ksef_number: string | null;
  rejection_reason: string | null;
  order_id: string;
  summary: Json;
  orders: { payu_order_id: string } | null;
}

interface StoredSummary {
  base?: { buyer?: { name?: unknown } };
  lines?: { gross?: unknown }[];
  taken?: unknown;
}

const asNumber = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** The list's reading of a row: the buyer and the total come from the summary stored with the invoice. */
export function toInvoiceListEntry(row: InvoiceListRow): InvoiceListEntry {
  const summary = (typeof row.summary === 'object' && row.summary !== null ? row.summary : {}) as StoredSummary;
  const name = summary.base?.buyer?.name;
  const gross = row.kind === 'KOR' ? -asNumber(summary.taken) : (summary.lines ?? []).reduce((sum, line) => sum + asNumber(line.gross), 0);
  return {
    id: row.id,
    number: row.number,
    kind: row.kind,
    state: row.state,
    issueDate: row.issue_date,
    buyer: typeof name === 'string' ? name : '',
    gross: grosz(gross),
    ksefNumber: row.ksef_number,
    rejectionReason: row.rejection_reason,
    orderId: row.order_id,
    orderNumber: row.orders?.payu_order_id ?? '',
  };
}

/** How many the list shows: a small shop's invoices of many months. */
export const INVOICE_LIST_LIMIT = 200;

/** The shop's invoices, newest first (the owner reads them through RLS). */
export async function loadInvoiceList(states: readonly InvoiceState[] | null): Promise<InvoiceListEntry[]> {
  const supabase = await getSupabase();
  let query = supabase
    .from('invoices')
    .select('id, number, kind, state, issue_date, ksef_number, rejection_reason, order_id, summary, orders(payu_order_id)')
    .order('issued_at', { ascending: false })
    .order('number', { ascending: false })
    .limit(INVOICE_LIST_LIMIT);
  if (states) query = query.in('state', states);
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return (data ?? []).map((row) => toInvoiceListEntry(row as InvoiceListRow));
}
