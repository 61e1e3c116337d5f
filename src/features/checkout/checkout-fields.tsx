import type { ReactNode } from 'react';
import { postalCodeFormatError } from '../../domain/delivery-address.ts';
import { optionalLabel } from './checkout-text-field.tsx';

/** The look of a checkout section's title: the cart's heading and every fieldset's legend. */
export const sectionTitleClass = 'text-xl font-semibold text-forest-900';

type TextFieldName =
  'firstName' | 'lastName' | 'email' | 'phone' | 'street' | 'houseNumber' | 'apartment' | 'city' | 'postalCode' | 'cemeteryName';

/** One text input of the checkout form: what the browser needs to fill it in and limit it. */
export interface TextFieldConfig {
  name: TextFieldName;
  label: ReactNode;
  autoComplete: string;
  type?: 'text' | 'email' | 'tel';
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
  placeholder?: string;
  maxLength: number;
  /** Spans both columns of the grid. */
  wide?: boolean;
  /** What is wrong with the value, said as soon as the field is left (not only on submit). */
  checkOnBlur?: (value: string) => string | undefined;
}

export const CONTACT_FIELDS: TextFieldConfig[] = [
  { name: 'firstName', label: 'Imię', autoComplete: 'given-name', maxLength: 100 },
  { name: 'lastName', label: 'Nazwisko', autoComplete: 'family-name', maxLength: 100 },
  { name: 'email', label: 'E-mail', autoComplete: 'email', type: 'email', inputMode: 'email', maxLength: 254 },
  { name: 'phone', label: 'Telefon', autoComplete: 'tel', type: 'tel', inputMode: 'tel', placeholder: '+48 123 456 789', maxLength: 30 },
];

const POSTAL_CODE_FIELD: TextFieldConfig = {
  name: 'postalCode',
  label: 'Kod pocztowy',
  autoComplete: 'postal-code',
  inputMode: 'numeric',
  placeholder: '37-700',
  maxLength: 6,
  checkOnBlur: postalCodeFormatError,
};

export const ADDRESS_FIELDS: TextFieldConfig[] = [
  { name: 'street', label: 'Ulica', autoComplete: 'address-line1', maxLength: 200, wide: true },
  { name: 'houseNumber', label: 'Numer domu', autoComplete: 'off', maxLength: 20 },
  { name: 'apartment', label: optionalLabel('Numer mieszkania'), autoComplete: 'off', maxLength: 20 },
  POSTAL_CODE_FIELD,
  { name: 'city', label: 'Miasto / miejscowość', autoComplete: 'address-level2', maxLength: 100 },
];

/**
 * A cemetery's address: its name and locality (asked once: the locality is
 * the address's city, which the quote prices), and a street and number only
 * if it has them; never a flat. The grave is asked in its own section.
 */
export const CEMETERY_ADDRESS_FIELDS: TextFieldConfig[] = [
  {
    name: 'cemeteryName',
    label: 'Nazwa cmentarza',
    autoComplete: 'off',
    placeholder: 'Np. Cmentarz parafialny',
    maxLength: 150,
    wide: true,
  },
  { name: 'street', label: optionalLabel('Ulica'), autoComplete: 'off', maxLength: 200 },
  { name: 'houseNumber', label: optionalLabel('Numer posesji'), autoComplete: 'off', maxLength: 20 },
  POSTAL_CODE_FIELD,
  { name: 'city', label: 'Miejscowość', autoComplete: 'off', maxLength: 100 },
];
