import type { PlaceOrderPayload, PlaceOrderResponse, PlacedOrder } from '../../domain/place-order-contract.ts';
import type { BackendConfig } from '../../lib/backend-config.ts';
import { NetworkError, bodyField, callFunctionAt } from '../../lib/functions-client.ts';

export type PlaceOrderOutcome =
  | { kind: 'placed'; order: PlacedOrder; replayed: boolean }
  /**
   * The server refused this order as it is (4xx) and stored nothing. code is
   * the error's machine name ('slot_unavailable', 'product_unavailable' …).
   */
  | { kind: 'rejected'; message: string; fields: Record<string, string>; code: string | null; detail: string | null }
  /** Nothing definite is known (network, timeout, 5xx): retry with the same key. */
  | { kind: 'uncertain'; message: string; unreachable: boolean };

/**
 * place-order's error code for a delivery date, window or pickup hour that is
 * no longer free (full, closed, past its cut-off): the one refusal an order
 * waiting in the outbox can recover from, by booking another term.
 */
export const SLOT_UNAVAILABLE_ERROR = 'slot_unavailable';

export const ORDER_FAILED_MESSAGE = 'Wystąpił błąd podczas składania zamówienia';
export const ORDER_NETWORK_DETAIL = 'brak połączenia z serwerem. Sprawdź połączenie internetowe i spróbuj ponownie.';

/**
 * The refusal as the customer reads it: the server's detail alone when it is
 * already a whole sentence, else after a calm lead-in.
 */
export function orderCreationError(detail: string): string {
  const text = detail.trim();
  if (/^\p{Lu}.*[.!?]$/su.test(text)) return text;
  return `Nie udało się złożyć zamówienia: ${text}`;
}

function isPlacedOrder(value: unknown): value is PlacedOrder {
  if (typeof value !== 'object' || value === null) return false;
  const order = value as Record<string, unknown>;
  return typeof order.id === 'string' && typeof order.orderNumber === 'string' && typeof order.total === 'number';
}

function fieldsOf(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null) return {};
  const fields = (body as { fields?: unknown }).fields;
  if (typeof fields !== 'object' || fields === null) return {};
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/**
 * Sends the checkout to the idempotent place-order function. The same
 * clientRequestId sent again answers with the first order, so an uncertain
 * outcome is always safe to retry.
 */
export async function placeOrder(
  backend: BackendConfig,
  payload: PlaceOrderPayload,
  accessToken: string | null,
): Promise<PlaceOrderOutcome> {
  try {
    const answer = await callFunctionAt(backend, 'place-order', payload, { accessToken });
    if (answer.ok) {
      const body =
        typeof answer.body === 'object' && answer.body !== null ? (answer.body as Partial<Record<keyof PlaceOrderResponse, unknown>>) : {};
      if (!isPlacedOrder(body.order)) return { kind: 'uncertain', message: ORDER_FAILED_MESSAGE, unreachable: false };
      return { kind: 'placed', order: body.order, replayed: body.replayed === true };
    }
    const detail = bodyField(answer.body, 'message') ?? bodyField(answer.body, 'error');
    if (answer.status >= 400 && answer.status < 500 && answer.status !== 408 && answer.status !== 429) {
      return {
        kind: 'rejected',
        message: orderCreationError(detail ?? `serwer odrzucił zamówienie (kod ${answer.status})`),
        fields: fieldsOf(answer.body),
        code: bodyField(answer.body, 'error') ?? null,
        detail: detail ?? null,
      };
    }
    return { kind: 'uncertain', message: detail ? orderCreationError(detail) : ORDER_FAILED_MESSAGE, unreachable: false };
  } catch (error) {
    if (error instanceof NetworkError) {
      return { kind: 'uncertain', message: orderCreationError(ORDER_NETWORK_DETAIL), unreachable: true };
    }
    return { kind: 'uncertain', message: ORDER_FAILED_MESSAGE, unreachable: false };
  }
}
