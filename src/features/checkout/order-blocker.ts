import { DELIVERY_COST_UNKNOWN_MESSAGE } from '../../domain/checkout-schema.ts';
import { addressProblems, type AddressPart, type DeliveryAddress } from '../../domain/delivery-address.ts';
import { CHECKING_LINES_MESSAGE } from './use-checkout-submission.ts';
import type { QuoteState } from './use-delivery-quote.ts';

/** Why 'Zamawiam i płacę' cannot be used yet, said beside it, and the field that fixes it (by element id). */
export interface OrderBlocker {
  note: string;
  /** The field to move to when the button is pressed; none when only waiting helps. */
  fieldId?: string;
  /** Pressing the button shows every field's message, as a submit attempt does. */
  showsFieldErrors: boolean;
}

export const QUOTE_PENDING_NOTE = 'Obliczamy koszt dostawy…';

/** The address parts as the note names them; a cemetery's city is its locality. */
function partName(part: AddressPart, cemetery: boolean): string {
  switch (part) {
    case 'street':
      return 'ulica';
    case 'houseNumber':
      return 'numer domu';
    case 'postalCode':
      return 'kod pocztowy';
    case 'city':
      return cemetery ? 'miejscowość' : 'miasto';
  }
}

/** 'Aby złożyć zamówienie, uzupełnij: kod pocztowy, numer domu' (and 'popraw: …' for a malformed part). */
function addressNote(address: DeliveryAddress): OrderBlocker | null {
  const problems = addressProblems(address);
  const [first] = problems;
  if (!first) return null;
  const cemetery = address.cemetery !== undefined;
  const names = (kind: 'missing' | 'invalid') =>
    problems
      .filter((problem) => problem.kind === kind)
      .map((problem) => partName(problem.part, cemetery))
      .join(', ');
  const missing = names('missing');
  const invalid = names('invalid');
  const asks = [missing && `uzupełnij: ${missing}`, invalid && `popraw: ${invalid}`].filter(Boolean).join(' i ');
  return { note: `Aby złożyć zamówienie, ${asks}`, fieldId: `checkout-${first.part}`, showsFieldErrors: true };
}

/**
 * What keeps the order from being placed before it is sent: products still
 * being checked, or a home or cemetery delivery whose cost is not known yet
 * (an incomplete address, a quote on its way or refused). Anything else the
 * schema reports beside its field on submit.
 */
export function orderBlocker({
  checkingLines,
  localDelivery,
  address,
  quote,
}: {
  checkingLines: boolean;
  localDelivery: boolean;
  address: DeliveryAddress;
  quote: QuoteState;
}): OrderBlocker | null {
  if (checkingLines) return { note: CHECKING_LINES_MESSAGE, showsFieldErrors: false };
  if (!localDelivery || quote.status === 'ready') return null;
  const incomplete = addressNote(address);
  if (incomplete) return incomplete;
  // The quote's own message stands under the address; the note points there.
  if (quote.status === 'error') return { note: DELIVERY_COST_UNKNOWN_MESSAGE, fieldId: 'checkout-city', showsFieldErrors: false };
  return { note: QUOTE_PENDING_NOTE, showsFieldErrors: false };
}
