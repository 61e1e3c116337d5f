/**
 * NIP, the Polish tax identification number (for invoices). The
 * checkout, the place-order function and the order views share this module.
 *
 * A NIP is 10 digits; the last is a check digit: the first nine times the
 * weights 6,5,7,2,3,4,5,6,7, summed, mod 11. A remainder of 10 is never
 * issued, so such a number is invalid. The first three digits name a tax
 * office, and none has the code 000 (so '0000000000', whose check digit
 * adds up, is refused too).
 */

export const INVALID_NIP_MESSAGE = 'Nieprawidłowy NIP';

const NIP_WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7] as const;

/**
 * What the customer typed, as the shop stores it: without spaces, dashes and
 * the EU VAT prefix 'PL' (any case). Anything else stays, so it fails validation.
 */
export function normaliseNip(text: string): string {
  return text.replace(/[\s\u00a0-]/g, '').replace(/^pl/i, '');
}

/** Whether the text (dashes, spaces and 'PL' allowed) is a NIP with a correct check digit. */
export function isValidNip(text: string): boolean {
  const nip = normaliseNip(text);
  if (!/^\d{10}$/.test(nip) || nip.startsWith('000')) return false;
  const digits = [...nip].map(Number);
  const sum = NIP_WEIGHTS.reduce((total, weight, index) => total + weight * digits[index]!, 0);
  const remainder = sum % 11;
  return remainder !== 10 && remainder === digits[9];
}

/** '7740001454' → '774-000-14-54', the way NIPs are usually printed. */
export function formatNip(nip: string): string {
  return /^\d{10}$/.test(nip) ? `${nip.slice(0, 3)}-${nip.slice(3, 6)}-${nip.slice(6, 8)}-${nip.slice(8)}` : nip;
}
