/**
 * What the customer chose beyond the products, as label–value rows in the
 * checkout's own words: the delivery notes, the cemetery and the grave, the
 * services at the grave, the occasion and its ceremony, the ribbon, the card
 * and whether the order is anonymous, and what to do when a flower runs out.
 * The confirmation mail, the order page and the checkout's success page list
 * these rows; the owner's panel and the printed ticket describe the venue and
 * the grave with the same functions.
 */

import type { CheckoutFormValues } from './checkout-schema.ts';
import type { Row } from './database.ts';
import {
  OCCASIONS,
  OCCASION_LABELS,
  SUBSTITUTION_CHOICES,
  SUBSTITUTION_LABELS,
  SUBSTITUTION_QUESTION,
  VENUE_TYPES,
  VENUE_TYPE_LABELS,
  occasionNeedsVenue,
  takesRibbon,
  type Occasion,
  type SubstitutionChoice,
  type VenueType,
} from './florist-order.ts';
import { formatPln, fromPln, grosz, type Grosz } from './money.ts';

export interface OrderVenue {
  type: VenueType | null;
  name: string;
  address: string;
  /** 'HH:MM', the ceremony's hour. */
  eventTime: string;
}

export interface OrderGrave {
  name: string;
  locality: string;
  section: string;
  row: string;
  number: string;
  description: string;
}

export interface OrderService {
  label: string;
  price: Grosz;
}

export interface OrderChoices {
  deliveryNotes: string;
  cemetery: OrderGrave | null;
  services: readonly OrderService[];
  occasion: Occasion | null;
  venue: OrderVenue | null;
  ribbonText: string;
  cardMessage: string;
  cardSignature: string;
  cardAnonymous: boolean;
  /** Null for an order stored before the question was asked. */
  substitution: SubstitutionChoice | null;
}

/** One line of the summary: 'Okazja' – 'Pogrzeb'. A value may hold line breaks the customer typed. */
export interface ChoiceRow {
  label: string;
  value: string;
}

/** The rows' heading wherever they are listed. */
export const ORDER_CHOICES_HEADING = 'Szczegóły zamówienia';

export const ANONYMOUS_ORDER_LABEL = 'Zamówienie anonimowe';
export const ANONYMOUS_ORDER_TEXT =
  'Tak – odbiorca nie dowie się od nas, kto zamówił kwiaty: nie będzie tego na bileciku ani na niczym, co drukujemy do dostawy.';

// ------------------------------------------------------------------ descriptions

/** 'Kościół, Kościół św. Jana, ul. Kościelna 1'; null without any of them. */
export function describeVenuePlace(venue: OrderVenue | null): string | null {
  if (!venue) return null;
  return [venue.type ? VENUE_TYPE_LABELS[venue.type] : '', venue.name, venue.address].filter(Boolean).join(', ') || null;
}

/** The place and the hour on one line, as the florist's sheet prints it: '…, ul. Kościelna 1 · godz. 11:30'. */
export function describeVenue(venue: OrderVenue | null): string | null {
  if (!venue) return null;
  const hour = venue.eventTime ? `godz. ${venue.eventTime}` : '';
  return [describeVenuePlace(venue), hour].filter(Boolean).join(' · ') || null;
}

/** 'kwatera B, rząd 4, nr 12 · przy lipie'; null when the customer gave none of it. */
export function describeGrave(grave: OrderGrave | null): string | null {
  if (!grave) return null;
  const place = [grave.section && `kwatera ${grave.section}`, grave.row && `rząd ${grave.row}`, grave.number && `nr ${grave.number}`]
    .filter(Boolean)
    .join(', ');
  return [place, grave.description].filter(Boolean).join(' · ') || null;
}

/** 'Cmentarz parafialny, Krasiczyn'. */
export function describeCemetery(grave: OrderGrave | null): string | null {
  if (!grave) return null;
  return [grave.name, grave.locality].filter(Boolean).join(', ') || null;
}

/** A service's price as the checkout offers it: '12,50 zł', or 'bezpłatnie' for a free one. */
export function servicePriceText(price: Grosz): string {
  return price > 0 ? formatPln(price) : 'bezpłatnie';
}

/** 'Zapalenie znicza (bezpłatnie), Zdjęcie po dostawie (5,00 zł)'; null without services. */
export function describeServices(services: readonly OrderService[]): string | null {
  return services.map((service) => `${service.label} (${servicePriceText(service.price)})`).join(', ') || null;
}

// ------------------------------------------------------------------ the rows

/** The rows, in the checkout's order; a choice the customer did not make is left out. */
export function orderChoiceRows(choices: OrderChoices): ChoiceRow[] {
  const rows: [string, string | null][] = [
    ['Uwagi do dostawy', choices.deliveryNotes],
    ['Cmentarz', describeCemetery(choices.cemetery)],
    ['Grób', describeGrave(choices.cemetery)],
    ['Usługi przy grobie', describeServices(choices.services)],
    ['Okazja', choices.occasion ? OCCASION_LABELS[choices.occasion] : null],
    ['Miejsce uroczystości', describeVenuePlace(choices.venue)],
    ['Godzina uroczystości', choices.venue?.eventTime ?? null],
    ['Napis na szarfie', choices.ribbonText],
    // The card's words exactly as typed, line breaks included.
    ['Treść bileciku', choices.cardMessage],
    ['Podpis', choices.cardSignature],
    [ANONYMOUS_ORDER_LABEL, choices.cardAnonymous ? ANONYMOUS_ORDER_TEXT : null],
    [SUBSTITUTION_QUESTION, choices.substitution ? SUBSTITUTION_LABELS[choices.substitution] : null],
  ];
  return rows.flatMap(([label, value]) => (value !== null && value.trim() !== '' ? [{ label, value }] : []));
}

// ------------------------------------------------------------------ reading them

/** The florist columns of public.orders, as the data API answers them (absent on rows read before they existed). */
export type OrderChoicesRow = Partial<
  Pick<
    Row<'orders'>,
    | 'delivery_notes'
    | 'cemetery'
    | 'services'
    | 'occasion'
    | 'venue'
    | 'ribbon_text'
    | 'card_message'
    | 'card_signature'
    | 'card_anonymous'
    | 'substitution'
  >
>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');
const oneOf = <T extends string>(list: readonly T[], value: unknown): T | null =>
  typeof value === 'string' && (list as readonly string[]).includes(value) ? (value as T) : null;

/** orders.venue (jsonb). */
export function readVenue(value: unknown): OrderVenue | null {
  if (!isRecord(value)) return null;
  return {
    type: oneOf(VENUE_TYPES, value.type),
    name: textOf(value.name),
    address: textOf(value.address),
    eventTime: textOf(value.eventTime),
  };
}

/** orders.cemetery (jsonb). */
export function readGrave(value: unknown): OrderGrave | null {
  if (!isRecord(value)) return null;
  return {
    name: textOf(value.name),
    locality: textOf(value.locality),
    section: textOf(value.section),
    row: textOf(value.row),
    number: textOf(value.number),
    description: textOf(value.description),
  };
}

/** orders.services (jsonb): each service with its id, label and its price in PLN as ordered. */
export function readServices(value: unknown): (OrderService & { id: string })[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).map((service) => ({
    id: textOf(service.id),
    label: textOf(service.label) || textOf(service.id),
    price: typeof service.price === 'number' || typeof service.price === 'string' ? fromPln(service.price) : grosz(0),
  }));
}

export function readOccasion(value: unknown): Occasion | null {
  return oneOf(OCCASIONS, value);
}

export function readSubstitution(value: unknown): SubstitutionChoice | null {
  return oneOf(SUBSTITUTION_CHOICES, value);
}

/** The choices of a stored order. */
export function readOrderChoices(row: OrderChoicesRow): OrderChoices {
  return {
    deliveryNotes: row.delivery_notes ?? '',
    cemetery: readGrave(row.cemetery),
    services: readServices(row.services).map(({ label, price }) => ({ label, price })),
    occasion: readOccasion(row.occasion),
    venue: readVenue(row.venue),
    ribbonText: row.ribbon_text ?? '',
    cardMessage: row.card_message ?? '',
    cardSignature: row.card_signature ?? '',
    cardAnonymous: row.card_anonymous === true,
    substitution: readSubstitution(row.substitution),
  };
}

/**
 * The choices of an order as the checkout sent it (the device's copy), kept
 * to what place-order stores: a venue only for a ceremony, a grave and
 * services only for the cemetery, a ribbon only for a funeral with a wreath
 * or a wiązanka among the products.
 */
export function checkoutChoices(
  values: CheckoutFormValues,
  services: readonly OrderService[],
  productNames: readonly string[],
): OrderChoices {
  const cemetery = values.deliveryMethod === 'cemetery';
  return {
    deliveryNotes: values.deliveryNotes,
    cemetery: cemetery
      ? {
          name: values.cemeteryName,
          locality: values.city, // as place-order stores it: the address's city is the cemetery's locality
          section: values.graveSection,
          row: values.graveRow,
          number: values.graveNumber,
          description: values.graveDescription,
        }
      : null,
    services: cemetery ? services : [],
    occasion: values.occasion || null,
    venue:
      values.occasion !== '' && occasionNeedsVenue(values.occasion) && values.venueType !== ''
        ? { type: values.venueType, name: values.venueName, address: values.venueAddress, eventTime: values.eventTime }
        : null,
    ribbonText: values.occasion === 'funeral' && productNames.some(takesRibbon) ? values.ribbonText : '',
    cardMessage: values.cardMessage,
    cardSignature: values.cardSignature,
    cardAnonymous: values.anonymous,
    substitution: values.substitution,
  };
}
