import { useEffect, useState } from 'react';
import { isLocalDelivery, type DeliveryMethod } from '../../domain/delivery.ts';
import {
  ADDRESS_INCOMPLETE_MESSAGE,
  formatDestinationAddress,
  isAddressComplete,
  type DeliveryAddress,
} from '../../domain/delivery-address.ts';
import { fetchDeliveryQuote, type DeliveryQuote } from './delivery-quote.ts';

export type QuoteState =
  | { status: 'not-needed' }
  | { status: 'incomplete'; message: string }
  | { status: 'loading' }
  | { status: 'ready'; quote: DeliveryQuote }
  | { status: 'error'; message: string };

export const QUOTE_DEBOUNCE_MS = 600;

/**
 * docs/spec.md §4 'Delivery cost': re-quoted (debounced) whenever home or cemetery
 * delivery is chosen and the street, city or postal code change; store pickup
 * and couriers need no quote; an error leaves the cost unknown (0).
 */
export function useDeliveryQuote(method: DeliveryMethod, address: DeliveryAddress): QuoteState {
  const local = isLocalDelivery(method);
  const complete = isAddressComplete(address);
  const key = local && complete ? formatDestinationAddress(address) : '';
  const [result, setResult] = useState<{ key: string; state: QuoteState } | null>(null);

  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void fetchDeliveryQuote(address, controller.signal)
        .then((outcome) => {
          setResult({ key, state: outcome.ok ? { status: 'ready', quote: outcome.quote } : { status: 'error', message: outcome.message } });
        })
        .catch(() => undefined); // aborted: a newer address is being quoted
    }, QUOTE_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // The key covers every address part the quote depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  if (!local) return { status: 'not-needed' };
  if (!complete) return { status: 'incomplete', message: ADDRESS_INCOMPLETE_MESSAGE };
  if (result?.key === key) return result.state;
  return { status: 'loading' };
}
