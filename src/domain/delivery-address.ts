import { needsAddress, type DeliveryMethod } from './delivery.ts';
import { POSTAL_CODE_PATTERN } from './patterns.ts';

/** The parts of a delivery address the quote needs (docs/spec.md §5 'Delivery quote'). */
export interface DeliveryAddress {
  street: string;
  houseNumber: string;
  apartment?: string;
  city: string;
  postalCode: string;
  /**
   * The cemetery's name, present only for a cemetery: a cemetery is found by
   * its name and locality, and often has no street or house number.
   */
  cemetery?: string;
}

/** An address part the customer types, as the checkout names its fields. */
export type AddressPart = 'street' | 'houseNumber' | 'postalCode' | 'city';

const STREET_ADDRESS_PARTS: readonly AddressPart[] = ['street', 'houseNumber', 'postalCode', 'city'];
const CEMETERY_ADDRESS_PARTS: readonly AddressPart[] = ['postalCode', 'city'];

/** The parts a method cannot go without, in the order of the form: a cemetery needs only its postal code and locality. */
export function requiredAddressParts(method: DeliveryMethod): readonly AddressPart[] {
  if (!needsAddress(method)) return [];
  return method === 'cemetery' ? CEMETERY_ADDRESS_PARTS : STREET_ADDRESS_PARTS;
}

export const POSTAL_CODE_FORMAT_MESSAGE = 'Kod pocztowy powinien być w formacie XX-XXX';

/** The format message for a typed postal code, or undefined when it is empty or NN-NNN. */
export function postalCodeFormatError(postalCode: string): string | undefined {
  const code = postalCode.trim();
  return code === '' || POSTAL_CODE_PATTERN.test(code) ? undefined : POSTAL_CODE_FORMAT_MESSAGE;
}

export interface AddressProblem {
  part: AddressPart;
  kind: 'missing' | 'invalid';
}

/** What keeps the address from being quoted, in the order of the form. */
export function addressProblems(address: DeliveryAddress): AddressProblem[] {
  const parts = address.cemetery === undefined ? STREET_ADDRESS_PARTS : CEMETERY_ADDRESS_PARTS;
  return parts.flatMap((part): AddressProblem[] => {
    if (address[part].trim() === '') return [{ part, kind: 'missing' }];
    if (part === 'postalCode' && postalCodeFormatError(address.postalCode)) return [{ part, kind: 'invalid' }];
    return [];
  });
}

/** Street, house number, city and a NN-NNN postal code (a cemetery: its city and postal code): enough to quote. */
export function isAddressComplete(address: DeliveryAddress): boolean {
  return addressProblems(address).length === 0;
}

/** The address fields of the checkout a delivery address is read from. */
export interface AddressValues {
  deliveryMethod: DeliveryMethod;
  street: string;
  houseNumber: string;
  apartment: string;
  city: string;
  postalCode: string;
  cemeteryName: string;
}

/** The address the order goes to, as the quote and the order read it: a cemetery has no apartment, and is named. */
export function deliveryAddressOf(values: AddressValues): DeliveryAddress & { apartment: string } {
  const { street, houseNumber, city, postalCode } = values;
  if (values.deliveryMethod === 'cemetery') return { street, houseNumber, apartment: '', city, postalCode, cemetery: values.cemeteryName };
  return { street, houseNumber, apartment: values.apartment, city, postalCode };
}

/**
 * 'Mickiewicza 3/2, 37-700 Przemyśl': street, house number, optional /apartment,
 * postal code and city; a cemetery's name goes first ('Cmentarz Główny, Słowackiego, 37-700 Przemyśl').
 */
export function formatDestinationAddress(address: DeliveryAddress): string {
  const apartment = address.apartment?.trim();
  const house = apartment ? `${address.houseNumber.trim()}/${apartment}` : address.houseNumber.trim();
  const street = [address.street.trim(), house].filter(Boolean).join(' ');
  const place = [address.postalCode.trim(), address.city.trim()].filter(Boolean).join(' ');
  return [address.cemetery?.trim() ?? '', street, place].filter(Boolean).join(', ');
}

export const ADDRESS_REQUIRED_MESSAGE = 'Adres jest wymagany';
export const ADDRESS_INCOMPLETE_MESSAGE = 'Uzupełnij adres dostawy, aby obliczyć koszt';
