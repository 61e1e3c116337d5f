import { POSTAL_CODE_PATTERN } from './patterns.ts';

/** The parts of a delivery address the quote needs (docs/spec.md §5 'Delivery quote'). */
export interface DeliveryAddress {
  street: string;
  houseNumber: string;
  apartment?: string;
  city: string;
  postalCode: string;
}

/** Street, house number, city and a NN-NNN postal code: enough to quote. */
export function isAddressComplete(address: DeliveryAddress): boolean {
  return (
    address.street.trim() !== '' &&
    address.houseNumber.trim() !== '' &&
    address.city.trim() !== '' &&
    POSTAL_CODE_PATTERN.test(address.postalCode.trim())
  );
}

/** 'Mickiewicza 3/2, 37-700 Przemyśl': street, house number, optional /apartment, postal code and city. */
export function formatDestinationAddress(address: DeliveryAddress): string {
  const apartment = address.apartment?.trim();
  const house = apartment ? `${address.houseNumber.trim()}/${apartment}` : address.houseNumber.trim();
  const street = [address.street.trim(), house].filter(Boolean).join(' ');
  const place = [address.postalCode.trim(), address.city.trim()].filter(Boolean).join(' ');
  return [street, place].filter(Boolean).join(', ');
}

export const ADDRESS_REQUIRED_MESSAGE = 'Adres jest wymagany';
export const ADDRESS_INCOMPLETE_MESSAGE = 'Uzupełnij adres dostawy aby obliczyć koszt';
