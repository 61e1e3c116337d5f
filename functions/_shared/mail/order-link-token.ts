import { hashAccessKey, newAccessKey } from '../order-access.ts';

/**
 * The order page's link token (/zamowienie/<number>?t=<token>): 256 random
 * bits, base64url, minted for each mail that links the order. The database
 * keeps only its SHA-256 (public.order_link_tokens), the same hashing as the
 * devices' payment access keys.
 */
export const newOrderLinkToken = newAccessKey;
export const hashOrderLinkToken = hashAccessKey;

const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

/** Whether a string can be a token at all (anything else is not looked up). */
export function isOrderLinkTokenShape(value: string): boolean {
  return TOKEN_FORMAT.test(value);
}

/** Which mails link the order page (every customer mail; the owner's notices link the admin instead). */
export function mailLinksOrderPage(kind: string): boolean {
  return !kind.startsWith('owner-');
}
