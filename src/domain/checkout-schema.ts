import * as v from 'valibot';
import { DEFAULT_DELIVERY_METHOD, DELIVERY_METHODS, needsAddress } from './delivery.ts';
import { CHECKOUT_PAYMENT_METHODS, DEFAULT_PAYMENT_METHOD } from './payment-methods.ts';
import { EMAIL_PATTERN, PHONE_PATTERN, POSTAL_CODE_PATTERN } from './patterns.ts';

/**
 * The checkout form (docs/spec.md §3, §5), defined once: the checkout page validates
 * with it and the place-order function re-parses the same schema.
 */

const trimmed = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max, `Maksymalnie ${max} znaków`));

/** A pattern or length rule that stays quiet on an empty value, which 'required' already reports. */
const unlessEmpty = (isValid: (value: string) => boolean, message: string) =>
  v.check((value: string) => value === '' || isValid(value), message);

const requiredName = (required: string, tooShort: string) =>
  v.pipe(
    trimmed(100),
    v.nonEmpty(required),
    unlessEmpty((value) => value.length >= 2, tooShort),
  );

const checkoutFieldsSchema = v.object({
  firstName: requiredName('Imię jest wymagane', 'Imię musi mieć co najmniej 2 znaki'),
  lastName: requiredName('Nazwisko jest wymagane', 'Nazwisko musi mieć co najmniej 2 znaki'),
  email: v.pipe(
    trimmed(254),
    v.nonEmpty('Email jest wymagany'),
    unlessEmpty((value) => EMAIL_PATTERN.test(value), 'Nieprawidłowy format email'),
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
});

type CheckoutFields = v.InferOutput<typeof checkoutFieldsSchema>;

/** Address rules apply only when the method ships somewhere. */
const shipsTo = (input: { deliveryMethod: CheckoutFields['deliveryMethod'] }) => needsAddress(input.deliveryMethod);

// Partial checks run even when other fields have issues, so the customer sees
// every message at once (valibot skips plain pipe checks after an issue).
export const checkoutFormSchema = v.pipe(
  checkoutFieldsSchema,
  v.forward(
    v.partialCheck([['deliveryMethod'], ['street']], (input) => !shipsTo(input) || input.street !== '', 'Ulica jest wymagana'),
    ['street'],
  ),
  v.forward(
    v.partialCheck(
      [['deliveryMethod'], ['houseNumber']],
      (input) => !shipsTo(input) || input.houseNumber !== '',
      'Numer domu jest wymagany',
    ),
    ['houseNumber'],
  ),
  v.forward(
    v.partialCheck([['deliveryMethod'], ['city']], (input) => !shipsTo(input) || input.city !== '', 'Miasto jest wymagane'),
    ['city'],
  ),
  v.forward(
    v.partialCheck(
      [['deliveryMethod'], ['postalCode']],
      (input) => !shipsTo(input) || input.postalCode !== '',
      'Kod pocztowy jest wymagany',
    ),
    ['postalCode'],
  ),
  v.forward(
    v.partialCheck(
      [['deliveryMethod'], ['postalCode']],
      (input) => !shipsTo(input) || input.postalCode === '' || POSTAL_CODE_PATTERN.test(input.postalCode),
      'Kod pocztowy powinien być w formacie XX-XXX',
    ),
    ['postalCode'],
  ),
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
};

export const DELIVERY_COST_UNKNOWN_MESSAGE = 'Nie obliczono kosztu dostawy. Sprawdź adres i spróbuj ponownie.';
