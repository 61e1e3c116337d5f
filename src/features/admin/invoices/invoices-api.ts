import type { InvoiceKind, InvoiceState } from '../../../domain/invoice/model.ts';
import type { OwnerInvoiceRequest } from '../../../domain/invoice/request-schema.ts';
import { NetworkError, bodyField, callFunction } from '../../../lib/functions-client.ts';
import { getSupabase } from '../../../lib/supabase.ts';

export const OWNER_INVOICES_FUNCTION = 'owner-invoices';

export interface AdminInvoice {
  id: string;
  number: string;
  kind: InvoiceKind;
  state: InvoiceState;
  ksefNumber: string | null;
  rejectionReason: string | null;
  /** Why the latest try did not get through (KSeF unreachable, sign-in refused), while it waits. */
  lastError: string | null;
  issuedAt: string;
}

/** The automatic issuing of a paid order's invoice, when it did not go through: waiting for another try, or given up. */
export interface InvoiceJobProblem {
  gaveUp: boolean;
  reason: string;
}

/** Why the payment's invoice is not there yet, if its job failed (the owner reads invoice jobs through RLS). */
export async function loadInvoiceJobProblem(orderId: string): Promise<InvoiceJobProblem | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('invoice_jobs').select('state, last_error').eq('order_id', orderId).maybeSingle();
  if (error) throw new Error(error.message);
  if (!data || data.state === 'done' || !data.last_error) return null;
  return { gaveUp: data.state === 'failed', reason: data.last_error };
}

export type InvoiceActionResult = { ok: true } | { ok: false; message: string };

const GENERIC = 'Nie udało się. Spróbuj ponownie za chwilę.';
const OFFLINE = 'Brak połączenia z internetem. Faktura nie została wystawiona: spróbuj ponownie, gdy wrócisz online.';

/** The order's invoices, oldest first (the owner reads them through RLS). */
export async function loadOrderInvoices(orderId: string): Promise<AdminInvoice[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('invoices')
    .select('id, number, kind, state, ksef_number, rejection_reason, last_error, issued_at')
    .eq('order_id', orderId)
    .order('issued_at');
  if (error) throw new Error(error.message);
  return (data ?? []).map((row) => ({
    id: row.id,
    number: row.number,
    kind: row.kind,
    state: row.state,
    ksefNumber: row.ksef_number,
    rejectionReason: row.rejection_reason,
    lastError: row.last_error,
    issuedAt: row.issued_at,
  }));
}

/** 'Wystaw fakturę' / 'Wystaw korektę' / 'Wyślij ponownie': never queued offline, the owner must see it done. */
export async function requestInvoice(payload: OwnerInvoiceRequest): Promise<InvoiceActionResult> {
  try {
    const supabase = await getSupabase();
    const { data } = await supabase.auth.getSession();
    const answer = await callFunction(OWNER_INVOICES_FUNCTION, payload, { accessToken: data.session?.access_token ?? null });
    if (answer.ok) return { ok: true };
    return { ok: false, message: bodyField(answer.body, 'message') ?? GENERIC };
  } catch (error) {
    return { ok: false, message: error instanceof NetworkError || !navigator.onLine ? OFFLINE : GENERIC };
  }
}
