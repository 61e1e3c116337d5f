import type { MarkPaidRequest, OwnerPaymentRequest, RefundRequest } from '../../../domain/owner-payment-schema.ts';
import { NetworkError, bodyField, callFunction } from '../../../lib/functions-client.ts';
import { getSupabase } from '../../../lib/supabase.ts';

export const OWNER_PAYMENTS_FUNCTION = 'owner-payments';

export type OwnerPaymentResult<T> = { ok: true; value: T } | { ok: false; message: string };

/** Said when the function gave no words of its own. */
const FALLBACK: Record<number, string> = {
  401: 'Twoja sesja wygasła. Zaloguj się ponownie i spróbuj jeszcze raz.',
  403: 'Tylko właściciel sklepu może to zrobić.',
  404: 'Nie znaleziono zamówienia. Odśwież listę i spróbuj ponownie.',
  409: 'Stan płatności zamówienia zmienił się. Odśwież zamówienie i spróbuj ponownie.',
  502: 'Bramka płatności nie odpowiedziała. Spróbuj ponownie za chwilę.',
};
const GENERIC = 'Nie udało się zapisać. Spróbuj ponownie za chwilę.';
const OFFLINE = 'Brak połączenia z internetem. Nic nie zostało zapisane: spróbuj ponownie, gdy wrócisz online.';

/**
 * One call of owner-payments with the owner's session. Money is never
 * queued offline like a status change: the owner must see it recorded.
 */
async function callOwnerPayments(payload: OwnerPaymentRequest): Promise<OwnerPaymentResult<Record<string, unknown>>> {
  try {
    const supabase = await getSupabase();
    const { data } = await supabase.auth.getSession();
    const answer = await callFunction(OWNER_PAYMENTS_FUNCTION, payload, { accessToken: data.session?.access_token ?? null });
    if (answer.ok && typeof answer.body === 'object' && answer.body !== null) {
      return { ok: true, value: answer.body as Record<string, unknown> };
    }
    return { ok: false, message: bodyField(answer.body, 'message') ?? FALLBACK[answer.status] ?? GENERIC };
  } catch (error) {
    return { ok: false, message: error instanceof NetworkError || !navigator.onLine ? OFFLINE : GENERIC };
  }
}

/** 'Oznacz jako opłacone': a transfer, cash or terminal payment that reached the shop. */
export async function markPaid(request: Omit<MarkPaidRequest, 'action'>): Promise<OwnerPaymentResult<{ paymentId: string }>> {
  const result = await callOwnerPayments({ action: 'mark-paid', ...request });
  if (!result.ok) return result;
  return { ok: true, value: { paymentId: String(result.value.paymentId ?? '') } };
}

/** 'Zwróć pieniądze': through the gateway, or (with `manual`) recorded as made outside the shop. */
export async function refundOrder(
  request: Omit<RefundRequest, 'action'>,
): Promise<OwnerPaymentResult<{ refundId: string; state: 'pending' | 'completed' }>> {
  const result = await callOwnerPayments({ action: 'refund', ...request });
  if (!result.ok) return result;
  return {
    ok: true,
    value: { refundId: String(result.value.refundId ?? ''), state: result.value.state === 'completed' ? 'completed' : 'pending' },
  };
}
