import { md5 } from './md5.ts';

/**
 * PayU's field values (docs/spec.md §3, §5): their limits, how the shop forms
 * them from an order (amounts, names, e-mail, phone), and the classic
 * gateway's signature over them. The classic parameters are built in
 * ./payu-classic.ts and checked in ./payu-classic-validation.ts; the REST
 * order body (./payu-rest.ts) forms its values here too.
 */

export const MAX_GATEWAY_URL_LENGTH = 2048;
export const MAX_GATEWAY_NAME_LENGTH = 127;
export const SIGNATURE_LENGTH = 32;
/** The gateway wants some client address; the shop never sends the real one. */
export const CLIENT_IP_PLACEHOLDER = '127.0.0.1';

/** Any flat string map, e.g. parameters read back from a URL or a form. */
export type ParamRecord = Readonly<Record<string, string | undefined>>;

/** Keys that never enter the signature. */
const UNSIGNED_KEYS = new Set(['sig', 'pos_auth_key']);

/** The text that is hashed: values in key-sorted order (code-unit order), then the key. */
export function signaturePayload(params: ParamRecord, authKey: string): string {
  const keys = Object.keys(params)
    .filter((key) => !UNSIGNED_KEYS.has(key) && params[key] !== undefined)
    .sort();
  return keys.map((key) => params[key]).join('') + authKey;
}

/** docs/spec.md §5: MD5 of the values concatenated in key-sorted order, without sig and the auth key, then the auth key. */
export function signGatewayParams(params: ParamRecord, authKey: string): string {
  return md5(signaturePayload(params, authKey));
}

/** Compares without an early exit, so the time taken does not tell how much of a guess was right. */
export function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i += 1) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

export function verifyGatewaySignature(params: ParamRecord, authKey: string): boolean {
  const sig = params.sig;
  if (typeof sig !== 'string' || sig.length !== SIGNATURE_LENGTH || authKey === '') return false;
  return sameText(sig.toLowerCase(), signGatewayParams(params, authKey));
}

/** PLN → grosz as the gateway wants it: Math.round(price * 100) as integer text. */
export function gatewayAmount(pln: number): string {
  return String(Math.round(pln * 100));
}

/** Cuts to a number of characters (code points, so a Polish letter or emoji is never split). */
export function cutText(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : chars.slice(0, max).join('');
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Spaces and other non-digits removed; a leading + is kept. */
export function normalizePhone(phone: string): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, '');
  return trimmed.startsWith('+') ? `+${digits}` : digits;
}

/** An absolute http(s) address: the only kind the gateway, its return pages and the simulator's redirects may use. */
export function isHttpUrl(value: string | undefined): value is string {
  if (!value) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * "Anna Maria Kowalska" → first "Anna Maria", last "Kowalska". The gateway
 * requires both first_name and last_name, so a one-word name serves as both:
 * a payment for an order stored under one word still starts, and the admin's
 * test payments predict exactly what the payment functions send.
 */
export function splitCustomerName(name: string): { firstName: string; lastName: string } {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  const cut = trimmed.lastIndexOf(' ');
  if (cut <= 0) return { firstName: trimmed, lastName: trimmed };
  return { firstName: trimmed.slice(0, cut), lastName: trimmed.slice(cut + 1) };
}
