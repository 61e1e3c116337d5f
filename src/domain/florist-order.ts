/**
 * The florist's side of an order: who receives it, for which
 * occasion, where the ceremony is, the card's words, the ribbon, the grave,
 * what to do when a flower runs out, and how far the delivery has got. The
 * checkout, place-order, the admin day view and the printed ticket all read
 * these names and limits from here.
 */

import type { DeliveryMethod } from './delivery.ts';
import { polishPlural, type PluralForms } from './plural.ts';

export const RECIPIENT_KINDS = ['self', 'other'] as const;
export type RecipientKind = (typeof RECIPIENT_KINDS)[number];
export const RECIPIENT_KIND_LABELS: Record<RecipientKind, string> = { self: 'Dla mnie', other: 'Dla innej osoby' };

export const OCCASIONS = ['birthday', 'name-day', 'anniversary', 'wedding', 'funeral', 'remembrance', 'thanks', 'other'] as const;
export type Occasion = (typeof OCCASIONS)[number];
export const OCCASION_LABELS: Record<Occasion, string> = {
  birthday: 'Urodziny',
  'name-day': 'Imieniny',
  anniversary: 'Rocznica',
  wedding: 'Ślub',
  funeral: 'Pogrzeb',
  remembrance: 'Wszystkich Świętych / pamięć',
  thanks: 'Podziękowanie',
  other: 'Inne',
};

/** Ceremonies with a place and an hour the flowers must be there by. */
export function occasionNeedsVenue(occasion: Occasion | ''): boolean {
  return occasion === 'wedding' || occasion === 'funeral';
}

export const VENUE_TYPES = ['church', 'funeral-home', 'cemetery', 'hall'] as const;
export type VenueType = (typeof VENUE_TYPES)[number];
export const VENUE_TYPE_LABELS: Record<VenueType, string> = {
  church: 'Kościół',
  'funeral-home': 'Dom pogrzebowy / kaplica',
  cemetery: 'Cmentarz',
  hall: 'Sala',
};

export const SUBSTITUTION_CHOICES = ['similar', 'call-first'] as const;
export type SubstitutionChoice = (typeof SUBSTITUTION_CHOICES)[number];
export const SUBSTITUTION_LABELS: Record<SubstitutionChoice, string> = {
  similar: 'Florysta dobierze podobne w tej samej lub wyższej wartości',
  'call-first': 'Zadzwońcie do mnie przed zamianą',
};
export const DEFAULT_SUBSTITUTION: SubstitutionChoice = 'similar';
export const SUBSTITUTION_QUESTION = 'Jeśli zabraknie któregoś kwiatu';

export const CARD_MESSAGE_MAX_LENGTH = 250;
export const CARD_SIGNATURE_MAX_LENGTH = 60;
export const RIBBON_TEXT_MAX_LENGTH = 50;
export const DELIVERY_NOTES_MAX_LENGTH = 300;

/** The florist's texts with a character limit, each shown with a live counter at checkout. */
export type CountedText = 'cardMessage' | 'cardSignature' | 'ribbonText' | 'deliveryNotes';

/** Each limited text: its limit, and how its too-long message names it ('Bilecik może … – skróć go'). */
export const COUNTED_TEXTS: Record<CountedText, { max: number; subject: string; shorten: string }> = {
  cardMessage: { max: CARD_MESSAGE_MAX_LENGTH, subject: 'Bilecik może', shorten: 'skróć go' },
  cardSignature: { max: CARD_SIGNATURE_MAX_LENGTH, subject: 'Podpis może', shorten: 'skróć go' },
  ribbonText: { max: RIBBON_TEXT_MAX_LENGTH, subject: 'Napis na szarfie może', shorten: 'skróć go' },
  deliveryNotes: { max: DELIVERY_NOTES_MAX_LENGTH, subject: 'Uwagi do dostawy mogą', shorten: 'skróć je' },
};

const CHARACTER_FORMS: PluralForms = { one: 'znak', few: 'znaki', many: 'znaków' };

/** Characters as the customer sees them (an emoji is one), as Postgres's length() counts them. */
export function characterCount(text: string): number {
  return [...text].length;
}

/** 'Bilecik może mieć najwyżej 250 znaków – skróć go o 50.' */
export function textTooLongMessage(text: CountedText, length: number): string {
  const { max, subject, shorten } = COUNTED_TEXTS[text];
  return `${subject} mieć najwyżej ${max} ${polishPlural(max, CHARACTER_FORMS)} – ${shorten} o ${length - max}.`;
}

/** The counter warns from this share of the limit on. */
export const COUNTER_WARNING_SHARE = 0.9;

export type CounterLevel = 'ok' | 'warning' | 'over';

/** Where a text of `length` stands against its limit: well within, close to it (90% and up), or over. */
export function counterLevel(length: number, max: number): CounterLevel {
  if (length > max) return 'over';
  return length >= Math.ceil(max * COUNTER_WARNING_SHARE) ? 'warning' : 'ok';
}

/** 'Został 1 znak', 'Zostały 3 znaki', 'Zostało 12 znaków'. */
export function charactersLeftText(left: number): string {
  const verb = polishPlural(left, { one: 'Został', few: 'Zostały', many: 'Zostało' });
  return `${verb} ${left} ${polishPlural(left, CHARACTER_FORMS)}`;
}

/**
 * A ribbon ('napis na szarfie') goes on a wreath or a wiązanka; the catalogue
 * has no such flag, so the product's name decides (every wreath and wiązanka
 * the shop sells is named so).
 */
export function takesRibbon(productName: string): boolean {
  return /wieni|wieńc|wiązank/i.test(productName);
}

/** Deliveries by the shop's own driver are booked into a date and window; pickup into a date and hour; couriers into nothing. */
export type BookingKind = 'window' | 'pickup' | 'none';
export function bookingKind(method: DeliveryMethod): BookingKind {
  if (method === 'home' || method === 'cemetery') return 'window';
  if (method === 'store') return 'pickup';
  return 'none';
}

// ------------------------------------------------------------------ fulfilment

/** Where a delivery stands, beside the order's payment status (docs/spec.md keeps its four statuses). */
export const FULFILMENT_STATES = ['to-do', 'ready', 'out-for-delivery', 'delivered', 'failed-attempt'] as const;
export type FulfilmentState = (typeof FULFILMENT_STATES)[number];
export const FULFILMENT_STATE_LABELS: Record<FulfilmentState, string> = {
  'to-do': 'Do zrobienia',
  ready: 'Gotowe',
  'out-for-delivery': 'W drodze',
  delivered: 'Dostarczone',
  'failed-attempt': 'Nieudana próba',
};
export const INITIAL_FULFILMENT_STATE: FulfilmentState = 'to-do';

/**
 * A cancelled order is neither prepared nor delivered: its fulfilment state
 * stays where it was. The database refuses a change too
 * (supabase/migrations/20261128100200_fulfilment_closed_when_cancelled.sql).
 */
export function fulfilmentCanChange(orderStatus: string): boolean {
  return orderStatus !== 'cancelled';
}

/**
 * The next steps the owner is offered from a state. Any state can still be
 * set by hand (a mis-tap is corrected), so this orders the buttons, it does
 * not forbid.
 */
export function nextFulfilmentStates(state: FulfilmentState): FulfilmentState[] {
  switch (state) {
    case 'to-do':
      return ['ready'];
    case 'ready':
      return ['out-for-delivery'];
    case 'out-for-delivery':
      return ['delivered', 'failed-attempt'];
    case 'failed-attempt':
      return ['out-for-delivery', 'delivered'];
    case 'delivered':
      return [];
  }
}
