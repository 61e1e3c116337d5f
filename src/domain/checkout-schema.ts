import * as v from 'valibot';
import { isIsoDate } from './calendar/calendar-date.ts';
import { DEFAULT_DELIVERY_METHOD, DELIVERY_METHODS } from './delivery.ts';
import { POSTAL_CODE_FORMAT_MESSAGE, postalCodeFormatError, requiredAddressParts, type AddressPart } from './delivery-address.ts';
import { DELIVERY_SERVICE_IDS, type DeliveryServiceId } from './delivery-settings.ts';
import {
  COUNTED_TEXTS,
  DEFAULT_SUBSTITUTION,
  OCCASIONS,
  RECIPIENT_KINDS,
  SUBSTITUTION_CHOICES,
  VENUE_TYPES,
  bookingKind,
  characterCount,
  textTooLongMessage,
  type CountedText,
  occasionNeedsVenue,
  type Occasion,
  type RecipientKind,
  type SubstitutionChoice,
  type VenueType,
} from './florist-order.ts';
import { CHECKOUT_PAYMENT_METHODS, DEFAULT_PAYMENT_METHOD } from './payment-methods.ts';
import { INVALID_NIP_MESSAGE, isValidNip } from './nip.ts';
import { EMAIL_PATTERN, PHONE_PATTERN } from './patterns.ts';
import { INVALID_CHARACTERS_MESSAGE, isCleanText, isPersonName, personNameMessage } from './text-rules.ts';

/**
 * The checkout form (docs/spec.md §3, §5), defined once: the checkout page validates
 * with it and the place-order function re-parses the same schema.
 */

/** One line of text: no line breaks, no control characters (src/domain/text-rules.ts). */
const trimmed = (max: number) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(max, `Maksymalnie ${max} znaków`),
    v.check((value: string) => isCleanText(value), INVALID_CHARACTERS_MESSAGE),
  );

/**
 * A florist's text with a live counter at checkout: its limit counted in
 * characters as the counter and the database count them, with the message
 * the counter shows when it is passed.
 */
const countedText = (text: CountedText, { multiline }: { multiline: boolean }) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.check(
      (value: string) => characterCount(value) <= COUNTED_TEXTS[text].max,
      (issue) => textTooLongMessage(text, characterCount(String(issue.input))),
    ),
    v.check((value: string) => isCleanText(value, { multiline }), INVALID_CHARACTERS_MESSAGE),
  );

/** A pattern or length rule that stays quiet on an empty value, which 'required' already reports. */
const unlessEmpty = (isValid: (value: string) => boolean, message: string) =>
  v.check((value: string) => value === '' || isValid(value), message);

const requiredName = (fieldName: string, required: string, tooShort: string) =>
  v.pipe(
    trimmed(100),
    v.nonEmpty(required),
    unlessEmpty((value) => value.length >= 2, tooShort),
    unlessEmpty(isPersonName, personNameMessage(fieldName)),
  );

export const INVOICE_NIP_MAX_LENGTH = 20;
export const INVOICE_COMPANY_MAX_LENGTH = 200;
export const INVOICE_ADDRESS_MAX_LENGTH = 300;

const checkoutFieldsSchema = v.object({
  firstName: requiredName('Imię', 'Imię jest wymagane', 'Imię musi mieć co najmniej 2 znaki'),
  lastName: requiredName('Nazwisko', 'Nazwisko jest wymagane', 'Nazwisko musi mieć co najmniej 2 znaki'),
  email: v.pipe(
    trimmed(254),
    v.nonEmpty('Adres e-mail jest wymagany'),
    unlessEmpty((value) => EMAIL_PATTERN.test(value), 'Nieprawidłowy format adresu e-mail'),
  ),
  phone: v.pipe(
    trimmed(30),
    v.nonEmpty('Telefon jest wymagany'),
    unlessEmpty((value) => PHONE_PATTERN.test(value), 'Nieprawidłowy format telefonu (użyj formatu: +48 123 456 789)'),
  ),
  street: trimmed(200),
  houseNumber: trimmed(20),
  apartment: v.optional(trimmed(20), ''),
  city: trimmed(100),
  postalCode: trimmed(6),
  country: v.optional(v.picklist(['PL']), 'PL'),
  deliveryMethod: v.picklist(DELIVERY_METHODS),
  paymentMethod: v.picklist(CHECKOUT_PAYMENT_METHODS),
  // The florist's part. Optional with defaults, so an order kept in
  // an outbox by an older version still parses (and is then asked for a date).
  recipient: v.optional(v.picklist(RECIPIENT_KINDS), 'self'),
  recipientName: v.optional(trimmed(100), ''),
  recipientPhone: v.optional(trimmed(30), ''),
  deliveryNotes: v.optional(countedText('deliveryNotes', { multiline: true }), ''),
  /** 'YYYY-MM-DD', Warsaw; home, cemetery and pickup. */
  deliveryDate: v.optional(trimmed(10), ''),
  /** A window id of delivery-calendar.ts ('09:00-12:00', 'all-day'); home and cemetery. */
  deliveryWindow: v.optional(trimmed(11), ''),
  /** 'H:MM'; store pickup. */
  pickupTime: v.optional(trimmed(5), ''),
  occasion: v.optional(v.picklist([...OCCASIONS, ''] as const), ''),
  venueType: v.optional(v.picklist([...VENUE_TYPES, ''] as const), ''),
  venueName: v.optional(trimmed(150), ''),
  venueAddress: v.optional(trimmed(200), ''),
  /** The ceremony's hour, 'HH:MM'. */
  eventTime: v.optional(trimmed(5), ''),
  ribbonText: v.optional(countedText('ribbonText', { multiline: false }), ''),
  cemeteryName: v.optional(trimmed(150), ''),
  /** No longer asked (the address's city is the cemetery's locality); still read from outbox orders of older versions. */
  cemeteryLocality: v.optional(trimmed(100), ''),
  graveSection: v.optional(trimmed(20), ''),
  graveRow: v.optional(trimmed(20), ''),
  graveNumber: v.optional(trimmed(20), ''),
  graveDescription: v.optional(trimmed(300), ''),
  services: v.optional(v.pipe(v.array(v.picklist(DELIVERY_SERVICE_IDS)), v.maxLength(DELIVERY_SERVICE_IDS.length)), []),
  cardMessage: v.optional(countedText('cardMessage', { multiline: true }), ''),
  cardSignature: v.optional(countedText('cardSignature', { multiline: false }), ''),
  anonymous: v.optional(v.boolean(), false),
  substitution: v.optional(v.picklist(SUBSTITUTION_CHOICES), DEFAULT_SUBSTITUTION),
  // The invoice; optional for outbox orders kept by older versions.
  wantsInvoice: v.optional(v.boolean(), false),
  /** As typed: dashes, spaces and 'PL' allowed (nip.ts normalises it). */
  invoiceNip: v.optional(trimmed(INVOICE_NIP_MAX_LENGTH), ''),
  invoiceCompany: v.optional(trimmed(INVOICE_COMPANY_MAX_LENGTH), ''),
  invoiceAddress: v.optional(trimmed(INVOICE_ADDRESS_MAX_LENGTH), ''),
});

type CheckoutFields = v.InferOutput<typeof checkoutFieldsSchema>;

/** Whether the method's address cannot go without this part (a cemetery needs no street or house number). */
const isCemeteryInput = (input: unknown) =>
  typeof input === 'object' && input !== null && (input as { deliveryMethod?: unknown }).deliveryMethod === 'cemetery';

const requires = (input: { deliveryMethod: CheckoutFields['deliveryMethod'] }, part: AddressPart) =>
  requiredAddressParts(input.deliveryMethod).includes(part);

const TIME_PATTERN = /^([01]?\d|2[0-3]):[0-5]\d$/;

type Fields = CheckoutFields;
type FieldsCheck = v.BaseValidation<Fields, Fields, v.BaseIssue<unknown>>;

/**
 * A florist rule: the fields it reads, the field it marks, whether it holds.
 * valibot's path types cannot follow a generic key list, hence the one cast.
 */
function rule<K extends keyof Fields & string>(
  keys: readonly K[],
  target: K,
  holds: (input: Pick<Fields, K>) => boolean,
  message: string,
): FieldsCheck {
  const check = v.partialCheck(keys.map((key) => [key]) as never, holds as never, message) as unknown as FieldsCheck;
  return v.forward(check, [target] as never);
}

const forOther = (input: { recipient: RecipientKind }) => input.recipient === 'other';
const booked = (input: { deliveryMethod: CheckoutFields['deliveryMethod'] }) => bookingKind(input.deliveryMethod);
const withVenue = (input: { occasion: Occasion | '' }) => occasionNeedsVenue(input.occasion);
const toCemetery = (input: { deliveryMethod: CheckoutFields['deliveryMethod'] }) => input.deliveryMethod === 'cemetery';

/** The florist's rules, each on the field the customer fixes: who receives, and when. */
const RECIPIENT_AND_DATE_RULES = [
  rule(
    ['recipient', 'recipientName'],
    'recipientName',
    (i) => !forOther(i) || i.recipientName !== '',
    'Imię i nazwisko odbiorcy jest wymagane',
  ),
  rule(
    ['recipient', 'recipientName'],
    'recipientName',
    (i) => !forOther(i) || i.recipientName === '' || i.recipientName.length >= 2,
    'Imię i nazwisko odbiorcy musi mieć co najmniej 2 znaki',
  ),
  rule(
    ['recipient', 'recipientName'],
    'recipientName',
    (i) => !forOther(i) || i.recipientName === '' || isPersonName(i.recipientName),
    personNameMessage('Imię i nazwisko odbiorcy'),
  ),
  rule(
    ['recipient', 'deliveryMethod', 'recipientPhone'],
    'recipientPhone',
    (i) => !forOther(i) || i.deliveryMethod !== 'home' || i.recipientPhone !== '',
    'Telefon odbiorcy jest wymagany',
  ),
  rule(
    ['recipientPhone'],
    'recipientPhone',
    (i) => i.recipientPhone === '' || PHONE_PATTERN.test(i.recipientPhone),
    'Nieprawidłowy format telefonu (użyj formatu: +48 123 456 789)',
  ),
  rule(['deliveryMethod', 'deliveryDate'], 'deliveryDate', (i) => booked(i) === 'none' || i.deliveryDate !== '', 'Wybierz dzień'),
  rule(['deliveryDate'], 'deliveryDate', (i) => i.deliveryDate === '' || isIsoDate(i.deliveryDate), 'Nieprawidłowa data'),
  rule(
    ['deliveryMethod', 'deliveryWindow'],
    'deliveryWindow',
    (i) => booked(i) !== 'window' || i.deliveryWindow !== '',
    'Wybierz godziny dostawy',
  ),
  rule(['deliveryMethod', 'pickupTime'], 'pickupTime', (i) => booked(i) !== 'pickup' || i.pickupTime !== '', 'Wybierz godzinę odbioru'),
] as const;

/** Where: the ceremony's venue and hour, the grave, the services at the grave. */
const VENUE_AND_GRAVE_RULES = [
  rule(['occasion', 'venueType'], 'venueType', (i) => !withVenue(i) || i.venueType !== '', 'Wybierz miejsce uroczystości'),
  rule(['occasion', 'venueName'], 'venueName', (i) => !withVenue(i) || i.venueName !== '', 'Nazwa miejsca jest wymagana'),
  rule(['occasion', 'venueAddress'], 'venueAddress', (i) => !withVenue(i) || i.venueAddress !== '', 'Adres miejsca jest wymagany'),
  rule(['occasion', 'eventTime'], 'eventTime', (i) => !withVenue(i) || i.eventTime !== '', 'Godzina uroczystości jest wymagana'),
  rule(['eventTime'], 'eventTime', (i) => i.eventTime === '' || TIME_PATTERN.test(i.eventTime), 'Podaj godzinę w formacie GG:MM'),
  rule(['deliveryMethod', 'cemeteryName'], 'cemeteryName', (i) => !toCemetery(i) || i.cemeteryName !== '', 'Nazwa cmentarza jest wymagana'),
  rule(
    ['deliveryMethod', 'graveSection', 'graveRow', 'graveNumber', 'graveDescription'],
    'graveDescription',
    (i) => !toCemetery(i) || i.graveDescription !== '' || (i.graveSection !== '' && i.graveRow !== '' && i.graveNumber !== ''),
    'Podaj kwaterę, rząd i numer grobu albo opisz, gdzie jest grób',
  ),
  rule(
    ['deliveryMethod', 'services'],
    'services',
    (i) => toCemetery(i) || i.services.length === 0,
    'Usługi przy grobie dotyczą tylko dostawy na cmentarz',
  ),
  rule(['services'], 'services', (i) => new Set(i.services).size === i.services.length, 'Każdą usługę można wybrać tylko raz'),
] as const;

const invoiced = (input: { wantsInvoice: boolean }) => input.wantsInvoice;

/** With 'Chcę otrzymać fakturę' ticked: a valid NIP, the company's name and address. */
const INVOICE_RULES = [
  rule(['wantsInvoice', 'invoiceNip'], 'invoiceNip', (i) => !invoiced(i) || i.invoiceNip !== '', 'NIP jest wymagany'),
  rule(
    ['wantsInvoice', 'invoiceNip'],
    'invoiceNip',
    (i) => !invoiced(i) || i.invoiceNip === '' || isValidNip(i.invoiceNip),
    INVALID_NIP_MESSAGE,
  ),
  rule(['wantsInvoice', 'invoiceCompany'], 'invoiceCompany', (i) => !invoiced(i) || i.invoiceCompany !== '', 'Nazwa firmy jest wymagana'),
  rule(['wantsInvoice', 'invoiceAddress'], 'invoiceAddress', (i) => !invoiced(i) || i.invoiceAddress !== '', 'Adres firmy jest wymagany'),
] as const;

// Partial checks run even when other fields have issues, so the customer sees
// every message at once (valibot skips plain pipe checks after an issue).
const addressRules = v.pipe(
  checkoutFieldsSchema,
  v.forward(
    v.partialCheck([['deliveryMethod'], ['street']], (input) => !requires(input, 'street') || input.street !== '', 'Ulica jest wymagana'),
    ['street'],
  ),
  v.forward(
    v.partialCheck(
      [['deliveryMethod'], ['houseNumber']],
      (input) => !requires(input, 'houseNumber') || input.houseNumber !== '',
      'Numer domu jest wymagany',
    ),
    ['houseNumber'],
  ),
  v.forward(
    v.partialCheck(
      [['deliveryMethod'], ['city']],
      (input) => !requires(input, 'city') || input.city !== '',
      // A cemetery's city is its locality, and the form calls it so.
      (issue) => (isCemeteryInput(issue.input) ? 'Miejscowość cmentarza jest wymagana' : 'Miasto jest wymagane'),
    ),
    ['city'],
  ),
  v.forward(
    v.partialCheck(
      [['deliveryMethod'], ['postalCode']],
      (input) => !requires(input, 'postalCode') || input.postalCode !== '',
      'Kod pocztowy jest wymagany',
    ),
    ['postalCode'],
  ),
  v.forward(
    v.partialCheck(
      [['deliveryMethod'], ['postalCode']],
      (input) => !requires(input, 'postalCode') || postalCodeFormatError(input.postalCode) === undefined,
      POSTAL_CODE_FORMAT_MESSAGE,
    ),
    ['postalCode'],
  ),
);

// valibot types a pipe of at most 19 items: the rules go in one nested pipe per group.
export const checkoutFormSchema = v.pipe(
  v.pipe(v.pipe(addressRules, ...RECIPIENT_AND_DATE_RULES), ...VENUE_AND_GRAVE_RULES),
  ...INVOICE_RULES,
);

export type CheckoutForm = v.InferOutput<typeof checkoutFormSchema>;

/** The checkout form as the page edits it: every field a string, the choices typed. */
export interface CheckoutFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  street: string;
  houseNumber: string;
  apartment: string;
  city: string;
  postalCode: string;
  country: 'PL';
  deliveryMethod: CheckoutForm['deliveryMethod'];
  paymentMethod: CheckoutForm['paymentMethod'];
  recipient: RecipientKind;
  recipientName: string;
  recipientPhone: string;
  deliveryNotes: string;
  deliveryDate: string;
  deliveryWindow: string;
  pickupTime: string;
  occasion: Occasion | '';
  venueType: VenueType | '';
  venueName: string;
  venueAddress: string;
  eventTime: string;
  ribbonText: string;
  cemeteryName: string;
  cemeteryLocality: string;
  graveSection: string;
  graveRow: string;
  graveNumber: string;
  graveDescription: string;
  services: DeliveryServiceId[];
  cardMessage: string;
  cardSignature: string;
  anonymous: boolean;
  substitution: SubstitutionChoice;
  wantsInvoice: boolean;
  invoiceNip: string;
  invoiceCompany: string;
  invoiceAddress: string;
}

/** docs/spec.md §3 defaults: country PL, store pickup, PayU. */
export const EMPTY_CHECKOUT_FORM: CheckoutFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  street: '',
  houseNumber: '',
  apartment: '',
  city: '',
  postalCode: '',
  country: 'PL',
  deliveryMethod: DEFAULT_DELIVERY_METHOD,
  paymentMethod: DEFAULT_PAYMENT_METHOD,
  recipient: 'self',
  recipientName: '',
  recipientPhone: '',
  deliveryNotes: '',
  deliveryDate: '',
  deliveryWindow: '',
  pickupTime: '',
  occasion: '',
  venueType: '',
  venueName: '',
  venueAddress: '',
  eventTime: '',
  ribbonText: '',
  cemeteryName: '',
  cemeteryLocality: '',
  graveSection: '',
  graveRow: '',
  graveNumber: '',
  graveDescription: '',
  services: [],
  cardMessage: '',
  cardSignature: '',
  anonymous: false,
  substitution: DEFAULT_SUBSTITUTION,
  wantsInvoice: false,
  invoiceNip: '',
  invoiceCompany: '',
  invoiceAddress: '',
};

export const DELIVERY_COST_UNKNOWN_MESSAGE = 'Nie obliczono kosztu dostawy. Sprawdź adres i spróbuj ponownie.';

/**
 * The BLIK code typed at checkout (PayU REST with 'payu_blik_code'): a
 * one-time secret, so never one of the form's values (those are saved on the
 * device as a draft); it is checked where it is sent and then forgotten.
 */
export const BLIK_CODE_LENGTH = 6;
export const BLIK_CODE_REQUIRED = 'Wpisz kod BLIK z aplikacji banku.';
export const BLIK_CODE_INVALID = 'Kod BLIK składa się z 6 cyfr.';

/** The code as the bank app shows it may be typed with a space in the middle ('123 456'). */
export function normalizeBlikCode(raw: string): string {
  return raw.replace(/\s/g, '');
}

/** The message for a code that cannot be sent, or undefined for six digits. */
export function blikCodeError(raw: string): string | undefined {
  const code = normalizeBlikCode(raw);
  if (code === '') return BLIK_CODE_REQUIRED;
  return /^\d{6}$/.test(code) ? undefined : BLIK_CODE_INVALID;
}
