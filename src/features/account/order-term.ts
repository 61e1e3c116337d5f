import * as v from 'valibot';
import { checkoutFormSchema, type CheckoutFormValues } from '../../domain/checkout-schema.ts';
import { windowLabel } from '../../domain/delivery-calendar.ts';
import type { DeliveryMethod } from '../../domain/delivery.ts';
import { bookingKind } from '../../domain/florist-order.ts';
import { formatLongDay } from '../../domain/polish-date.ts';
import { issuesByField } from '../../domain/validation-issues.ts';

/** The checkout fields that book an order's term (date with a window, or date with a pickup hour). */
export type OrderTerm = Pick<CheckoutFormValues, 'deliveryDate' | 'deliveryWindow' | 'pickupTime'>;

/** The picker's view of a term, as the checkout's delivery slot picker takes it. */
export interface SlotChoice {
  date: string;
  window: string;
  pickupTime: string;
}

export type SlotErrors = Partial<Record<keyof SlotChoice, string>>;

export function toSlotChoice(term: OrderTerm): SlotChoice {
  return { date: term.deliveryDate, window: term.deliveryWindow, pickupTime: term.pickupTime };
}

export function toOrderTerm(choice: SlotChoice): OrderTerm {
  return { deliveryDate: choice.date, deliveryWindow: choice.window, pickupTime: choice.pickupTime };
}

const TERM_FIELDS: Record<keyof OrderTerm, keyof SlotChoice> = { deliveryDate: 'date', deliveryWindow: 'window', pickupTime: 'pickupTime' };

/** Messages by term field (the server's 'fields', or the schema's issues) as the picker shows them. */
export function slotErrorsOf(fields: Readonly<Record<string, string>>): SlotErrors {
  const errors: SlotErrors = {};
  for (const [field, key] of Object.entries(TERM_FIELDS)) {
    const message = fields[field];
    if (message) errors[key] = message;
  }
  return errors;
}

/**
 * What is missing or wrong in a newly chosen term, by the checkout's own
 * rules (the schema of the whole order, so a date, window or hour is
 * required exactly when the checkout requires it). Whether the term is still
 * free is the server's call when the order is sent.
 */
export function checkOrderTerm(checkout: CheckoutFormValues, term: OrderTerm): SlotErrors {
  const parsed = v.safeParse(checkoutFormSchema, { ...checkout, ...term });
  return parsed.success ? {} : slotErrorsOf(issuesByField(parsed.issues));
}

/** The term as a sentence part: 'środa, 25 listopada 2026, 9:00–12:00'; null when the method books none. */
export function describeOrderTerm(method: DeliveryMethod, term: OrderTerm): string | null {
  const kind = bookingKind(method);
  // Orders kept by versions before delivery dates have no such fields at all.
  if (kind === 'none' || !term.deliveryDate) return null;
  const day = formatLongDay(term.deliveryDate);
  if (kind === 'pickup') return term.pickupTime ? `${day}, odbiór o ${term.pickupTime}` : day;
  return term.deliveryWindow ? `${day}, ${windowLabel(term.deliveryWindow)}` : day;
}
