import type { CheckoutForm } from '../../src/domain/checkout-schema.ts';
import { DELIVERY_SERVICE_LABELS, type DeliveryServiceId, type DeliverySettings } from '../../src/domain/delivery-settings.ts';
import { occasionNeedsVenue, takesRibbon, type RecipientKind, type SubstitutionChoice } from '../../src/domain/florist-order.ts';
import { orderInvoiceOf, type OrderInvoice } from '../../src/domain/invoice.ts';
import { addMoney, toPln, type Grosz } from '../../src/domain/money.ts';
import type { Booking } from './booking.ts';

/** A paid (or free) service as stored on the order: its price in PLN as the settings said when ordered. */
export interface PricedService {
  id: DeliveryServiceId;
  label: string;
  price: number;
}

/**
 * The florist columns of public.orders as place_order takes them (p_details),
 * by column name; a field that does not apply to the order is null.
 */
export interface OrderDetails {
  recipient_kind: RecipientKind;
  recipient_name: string;
  recipient_phone: string | null;
  delivery_notes: string | null;
  delivery_date: string | null;
  delivery_window: string | null;
  delivery_window_label: string | null;
  pickup_time: string | null;
  occasion: string | null;
  venue: { type: string; name: string; address: string; eventTime: string } | null;
  ribbon_text: string | null;
  cemetery: { name: string; locality: string; section: string; row: string; number: string; description: string } | null;
  card_message: string | null;
  card_signature: string | null;
  card_anonymous: boolean;
  substitution: SubstitutionChoice;
  services: PricedService[];
  /** The buyer's company for the invoice (NIP as 10 digits); null without one. */
  invoice: OrderInvoice | null;
}

/** The chosen services priced from the settings, never from the body; only cemetery deliveries take them (the schema says so). */
export function priceServices(ids: readonly DeliveryServiceId[], settings: DeliverySettings): { services: PricedService[]; cost: Grosz } {
  const services = ids.map((id) => ({ id, label: DELIVERY_SERVICE_LABELS[id], price: toPln(settings.servicePrices[id]) }));
  return { services, cost: addMoney(...ids.map((id) => settings.servicePrices[id])) };
}

const orNull = (text: string) => (text === '' ? null : text);

/**
 * What the order stores beside the buyer: the recipient (for 'Dla mnie' the
 * buyer's own name and phone, so the driver always has someone to ask for),
 * the booked slot, and only the parts that apply: a venue for ceremonies, a
 * ribbon for a funeral with a wreath or wiązanka, a grave for the cemetery.
 */
export function orderDetails(input: {
  checkout: CheckoutForm;
  booking: Booking;
  services: PricedService[];
  productNames: readonly string[];
}): OrderDetails {
  const { checkout, booking, services, productNames } = input;
  const forOther = checkout.recipient === 'other';
  const funeralWithRibbon = checkout.occasion === 'funeral' && productNames.some(takesRibbon);
  return {
    recipient_kind: checkout.recipient,
    recipient_name: forOther ? checkout.recipientName : `${checkout.firstName} ${checkout.lastName}`,
    recipient_phone: forOther ? orNull(checkout.recipientPhone) : checkout.phone,
    delivery_notes: orNull(checkout.deliveryNotes),
    delivery_date: booking.kind === 'none' ? null : booking.date,
    delivery_window: booking.kind === 'window' ? booking.windowId : null,
    delivery_window_label: booking.kind === 'window' ? orNull(booking.label) : null,
    pickup_time: booking.kind === 'pickup' ? booking.time : null,
    occasion: orNull(checkout.occasion),
    venue:
      checkout.occasion !== '' && occasionNeedsVenue(checkout.occasion) && checkout.venueType !== ''
        ? { type: checkout.venueType, name: checkout.venueName, address: checkout.venueAddress, eventTime: checkout.eventTime }
        : null,
    ribbon_text: funeralWithRibbon ? orNull(checkout.ribbonText) : null,
    cemetery:
      checkout.deliveryMethod === 'cemetery'
        ? {
            name: checkout.cemeteryName,
            // The cemetery's locality is its address's city, priced by the quote.
            locality: checkout.city,
            section: checkout.graveSection,
            row: checkout.graveRow,
            number: checkout.graveNumber,
            description: checkout.graveDescription,
          }
        : null,
    card_message: orNull(checkout.cardMessage),
    card_signature: orNull(checkout.cardSignature),
    card_anonymous: checkout.anonymous,
    substitution: checkout.substitution,
    services,
    invoice: orderInvoiceOf(checkout),
  };
}
