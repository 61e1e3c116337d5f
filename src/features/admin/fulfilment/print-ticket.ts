import { formatDestinationAddress } from '../../../domain/delivery-address.ts';
import { DELIVERY_METHOD_LABELS, type DeliveryMethod } from '../../../domain/delivery.ts';
import { OCCASION_LABELS, SUBSTITUTION_LABELS } from '../../../domain/florist-order.ts';
import { describeCemetery, describeGrave, describeVenue } from '../../../domain/order-choices.ts';
import { formatLongDay } from '../../../domain/polish-date.ts';
import { normalizeForSearch } from '../../../domain/search.ts';
import type { AdminOrder } from '../orders/order.ts';
import { collectLabel } from '../payments/order-money.ts';

/**
 * What one printed ticket says: the florist's work sheet, the
 * driver's slip and the card. Pure, so the rule that matters most — an
 * anonymous order never prints the buyer's name — is tested here, once.
 */

export interface PrintTicket {
  orderId: string;
  number: string;
  /** 'środa, 25 listopada 2026 · 9:00–12:00' or '… · odbiór 10:30'. */
  when: string;
  method: string;
  work: {
    /** The flowers first, then their add-ons (isAddon: printed indented, '+ Wazon szklany'). */
    items: { name: string; quantity: number; isAddon: boolean }[];
    occasion: string | null;
    venue: string | null;
    substitution: string;
    ribbon: string | null;
    services: string[];
    /** The phone to call before a substitution (the buyer's, without a name), when they asked for it. */
    callBeforeSubstitution: string | null;
  };
  driver: {
    recipient: string;
    phone: string | null;
    address: string | null;
    venue: string | null;
    cemetery: string | null;
    grave: string | null;
    notes: string | null;
    services: string[];
    /** 'Opłacone' or 'Do pobrania: 120,00 zł': whether the driver collects money. */
    payment: string | null;
  };
  /** Null when the buyer wrote neither a message nor a signature. */
  card: { message: string; signature: string | null } | null;
  anonymous: boolean;
}

export function deliveryWhen(order: AdminOrder): string {
  const { deliveryDate, deliveryWindowLabel, deliveryWindow, pickupTime } = order.florist;
  if (!deliveryDate) return 'bez terminu (kurier)';
  const slot = pickupTime ? `godz. ${pickupTime}` : (deliveryWindowLabel ?? deliveryWindow);
  return slot ? `${formatLongDay(deliveryDate)} · ${slot}` : formatLongDay(deliveryDate);
}

/** Whether a text carries a word of the buyer's name (case and diacritics ignored). */
function carriesName(text: string, name: string): boolean {
  const haystack = ` ${normalizeForSearch(text)} `;
  return normalizeForSearch(name)
    .split(' ')
    .filter((word) => word.length >= 2)
    .some((word) => haystack.includes(` ${word} `));
}

export function printTicket(order: AdminOrder): PrintTicket {
  const florist = order.florist;
  const anonymous = florist.cardAnonymous;
  const services = florist.services.map((service) => service.label);
  // The buyer's name is printed nowhere on an anonymous order: not as the recipient, not under the card.
  const recipientName = florist.recipientName || (anonymous ? '' : order.customerName);
  const recipient = anonymous && carriesName(recipientName, order.customerName) ? 'Odbiorca (zamówienie anonimowe)' : recipientName;
  const signature = florist.cardSignature.trim();
  const safeSignature = signature && !(anonymous && carriesName(signature, order.customerName)) ? signature : null;
  const message = florist.cardMessage.trim();

  return {
    orderId: order.id,
    number: order.number,
    when: deliveryWhen(order),
    method: DELIVERY_METHOD_LABELS[order.deliveryMethod as DeliveryMethod] ?? order.deliveryMethod,
    work: {
      items: order.items.map((item) => ({ name: item.name, quantity: item.quantity, isAddon: item.isAddon })),
      occasion: florist.occasion ? OCCASION_LABELS[florist.occasion] : null,
      venue: describeVenue(florist.venue),
      substitution: SUBSTITUTION_LABELS[florist.substitution],
      ribbon: florist.ribbonText.trim() || null,
      services,
      callBeforeSubstitution: florist.substitution === 'call-first' ? order.customerPhone : null,
    },
    driver: {
      recipient: recipient || 'Odbiorca',
      phone: florist.recipientPhone || (florist.recipientKind === 'self' ? order.customerPhone : null),
      address: order.deliveryAddress ? formatDestinationAddress(order.deliveryAddress) : null,
      venue: describeVenue(florist.venue),
      cemetery: describeCemetery(florist.cemetery),
      grave: describeGrave(florist.cemetery),
      notes: florist.deliveryNotes.trim() || null,
      services,
      payment: collectLabel(order),
    },
    card: message || safeSignature ? { message, signature: safeSignature } : null,
    anonymous,
  };
}
