import type { OwnerOrderPayload, OwnerOrderResponse } from '../../../domain/owner-order.ts';
import { NetworkError, bodyField, callFunction } from '../../../lib/functions-client.ts';
import { getSupabase } from '../../../lib/supabase.ts';

export const OWNER_ORDER_FUNCTION = 'owner-order';

export type OwnerOrderOutcome =
  | { kind: 'placed'; order: OwnerOrderResponse['order'] }
  /** The server said no: its Polish message, per field where it named one; `status` tells a full window (409 capacity_full). */
  | { kind: 'refused'; message: string; fields: Record<string, string>; code: string }
  /** Not reached (offline, a timeout, the server down): the order may be queued and sent later. */
  | { kind: 'unreachable' };

const GENERIC = 'Nie udało się przyjąć zamówienia. Spróbuj ponownie za chwilę.';

/** Our session's user id and token; null when signed out. */
export async function ownerSession(): Promise<{ userId: string; accessToken: string } | null> {
  const supabase = await getSupabase();
  const { data } = await supabase.auth.getSession();
  const session = data.session;
  return session ? { userId: session.user.id, accessToken: session.access_token } : null;
}

/** One call of owner-order with the owner's session. */
export async function sendOwnerOrder(payload: OwnerOrderPayload | unknown): Promise<OwnerOrderOutcome> {
  try {
    const session = await ownerSession();
    const answer = await callFunction(OWNER_ORDER_FUNCTION, payload, { accessToken: session?.accessToken ?? null });
    if (answer.ok) return { kind: 'placed', order: (answer.body as OwnerOrderResponse).order };
    // A server error or a gateway that lost the function: worth another try, like no connection at all.
    if (answer.status >= 500) return { kind: 'unreachable' };
    const fields = (answer.body as { fields?: Record<string, string> } | null)?.fields ?? {};
    return {
      kind: 'refused',
      message: bodyField(answer.body, 'message') ?? GENERIC,
      fields,
      code: bodyField(answer.body, 'error') ?? '',
    };
  } catch (error) {
    if (error instanceof NetworkError || !navigator.onLine) return { kind: 'unreachable' };
    return { kind: 'unreachable' };
  }
}
