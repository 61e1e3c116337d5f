import {
  ADDRESS_INCOMPLETE_MESSAGE,
  formatDestinationAddress,
  isAddressComplete,
  type DeliveryAddress,
} from '../../domain/delivery-address.ts';
import { fromPln, type Grosz } from '../../domain/money.ts';
import { NetworkError, bodyField, callFunction } from '../../lib/functions-client.ts';

/** docs/spec.md §3 'Delivery quote', plus whether the figure is an estimate. */
export interface DeliveryQuote {
  distanceKm: number;
  cost: Grosz;
  formattedDistance: string;
  formattedDuration: string;
  estimated: boolean;
}

export type QuoteResult = { ok: true; quote: DeliveryQuote } | { ok: false; message: string };

export const QUOTE_FAILED = 'Nie udało się obliczyć kosztu dostawy';
export const QUOTE_UNEXPECTED = 'Wystąpił nieoczekiwany błąd podczas obliczania kosztu dostawy';
export const QUOTE_SERVER_ERROR = 'Błąd obliczania kosztu dostawy';
export const QUOTE_BAD_DATA = 'Otrzymano nieprawidłowe dane z serwera';

/** Asks calculate-delivery for the cost of home or cemetery delivery to the address (docs/spec.md §7). */
export async function fetchDeliveryQuote(address: DeliveryAddress, signal?: AbortSignal): Promise<QuoteResult> {
  if (!isAddressComplete(address)) return { ok: false, message: ADDRESS_INCOMPLETE_MESSAGE };
  try {
    const answer = await callFunction(
      'calculate-delivery',
      { destination_address: formatDestinationAddress(address), address },
      { signal, timeoutMs: 15_000 },
    );
    if (!answer.ok) {
      const message =
        bodyField(answer.body, 'message') ?? (typeof answer.body === 'string' && answer.body.trim() !== '' ? answer.body : undefined);
      return { ok: false, message: answer.status >= 500 ? QUOTE_SERVER_ERROR : (message ?? QUOTE_FAILED) };
    }
    const body = (typeof answer.body === 'object' && answer.body !== null ? answer.body : {}) as Record<string, unknown>;
    if (typeof body.cost !== 'number' || !Number.isFinite(body.cost) || body.cost < 0) return { ok: false, message: QUOTE_BAD_DATA };
    return {
      ok: true,
      quote: {
        cost: fromPln(body.cost),
        distanceKm: typeof body.distance === 'number' ? body.distance : 0,
        formattedDistance: bodyField(body, 'formattedDistance') ?? '',
        formattedDuration: bodyField(body, 'formattedDuration') ?? '',
        estimated: body.estimated === true,
      },
    };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { ok: false, message: error instanceof NetworkError ? QUOTE_FAILED : QUOTE_UNEXPECTED };
  }
}
