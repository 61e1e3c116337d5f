import { md5 } from './md5.ts';
import { EMAIL_PATTERN } from './patterns.ts';

/**
 * The PayU classic gateway's form parameters (docs/spec.md §3), their signature and
 * the checks of docs/spec.md §5. Shared by the payment functions (which build and
 * verify), the local payment simulator and the admin test screen.
 */

export const PAYMENT_REDIRECT_DELAY_MS = 500;
export const MAX_GATEWAY_URL_LENGTH = 2048;
export const MAX_GATEWAY_NAME_LENGTH = 127;
export const SIGNATURE_LENGTH = 32;
/** The gateway wants some client address; the shop never sends the real one. */
export const CLIENT_IP_PLACEHOLDER = '127.0.0.1';

type LineKey = `order_${number}_${'name' | 'quantity' | 'price'}`;

export interface GatewayBaseParams {
  pos_id: string;
  session_id: string;
  /** Sent to the real gateway's form; never part of the signature, never put in a redirect URL. */
  pos_auth_key?: string;
  /** Grosz as integer text. */
  amount: string;
  desc: string;
  desc2?: string;
  trsDesc?: string;
  order_id: string;
  first_name: string;
  last_name: string;
  payback_login?: string;
  client_email: string;
  phone: string;
  language: string;
  client_ip: string;
  ts: string;
  pay_type: string;
  js: string;
  pow_url: string;
  pow_url_blad: string;
  encoding: string;
  sig?: string;
}

export type GatewayParams = GatewayBaseParams & { [key: LineKey]: string };

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

export interface GatewayBuyer {
  email: string;
  phone: string;
  firstName: string;
  lastName: string;
}

export interface GatewayItem {
  name: string;
  /** PLN. */
  unitPrice: number;
  quantity: number;
}

export interface GatewayPaymentInput {
  posId: string;
  posAuthKey: string;
  /** The shop's order number (KT…), sent as order_id. */
  orderNumber: string;
  /** Defaults to `${orderNumber}-${ts}`. */
  sessionId?: string;
  description: string;
  desc2?: string;
  trsDesc?: string;
  /** PLN. */
  totalAmount: number;
  buyer: GatewayBuyer;
  items: readonly GatewayItem[];
  /** Full success return address (pow_url). */
  successUrl: string;
  /** Full failure return address (pow_url_blad). */
  failureUrl: string;
  /** Milliseconds since the epoch. */
  ts: number;
  clientIp?: string;
  paybackLogin?: string;
  /** Item names are cut to this many characters (127 unless a URL must get shorter). */
  itemNameLimit?: number;
}

/** The signed parameters of one payment (docs/spec.md §3, §9), pos_auth_key included for the gateway form. */
export function buildGatewayParams(input: GatewayPaymentInput): GatewayParams {
  const ts = String(Math.trunc(input.ts));
  const nameLimit = Math.min(input.itemNameLimit ?? MAX_GATEWAY_NAME_LENGTH, MAX_GATEWAY_NAME_LENGTH);
  const params: GatewayParams = {
    pos_id: input.posId,
    session_id: input.sessionId ?? `${input.orderNumber}-${ts}`,
    pos_auth_key: input.posAuthKey,
    amount: gatewayAmount(input.totalAmount),
    desc: input.description,
    order_id: input.orderNumber,
    first_name: cutText(input.buyer.firstName.trim(), MAX_GATEWAY_NAME_LENGTH),
    last_name: cutText(input.buyer.lastName.trim(), MAX_GATEWAY_NAME_LENGTH),
    client_email: normalizeEmail(input.buyer.email),
    phone: normalizePhone(input.buyer.phone),
    language: 'pl',
    client_ip: input.clientIp ?? CLIENT_IP_PLACEHOLDER,
    ts,
    pay_type: 't',
    js: '0',
    pow_url: input.successUrl,
    pow_url_blad: input.failureUrl,
    encoding: 'UTF-8',
  };
  if (input.desc2) params.desc2 = input.desc2;
  if (input.trsDesc) params.trsDesc = input.trsDesc;
  if (input.paybackLogin) params.payback_login = input.paybackLogin;
  input.items.forEach((item, index) => {
    const n = index + 1;
    params[`order_${n}_name`] = cutText(item.name.trim(), nameLimit);
    params[`order_${n}_quantity`] = String(item.quantity);
    params[`order_${n}_price`] = gatewayAmount(item.unitPrice);
  });
  params.sig = signGatewayParams(params as unknown as ParamRecord, input.posAuthKey);
  return params;
}

/**
 * The address the browser is sent to: the gateway URL with every parameter
 * and sig as the query, but never pos_auth_key — it is the signing key.
 */
export function gatewayRedirectUrl(gatewayUrl: string, params: GatewayParams): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (key === 'pos_auth_key' || typeof value !== 'string') continue;
    query.set(key, value);
  }
  return `${gatewayUrl}${gatewayUrl.includes('?') ? '&' : '?'}${query.toString()}`;
}

/**
 * A redirect URL within the 2048-character limit: first as built, then
 * without desc2/trsDesc, then with item names cut shorter, finally without
 * the item lines (which the gateway does not require). Null if even that is too long.
 */
export function buildGatewayRedirect(gatewayUrl: string, input: GatewayPaymentInput): { url: string; params: GatewayParams } | null {
  const lean = { ...input, desc2: undefined, trsDesc: undefined };
  const attempts: GatewayPaymentInput[] = [
    input,
    lean,
    { ...lean, itemNameLimit: 64 },
    { ...lean, itemNameLimit: 32 },
    { ...lean, itemNameLimit: 16 },
    { ...lean, items: [] },
  ];
  for (const attempt of attempts) {
    const params = buildGatewayParams(attempt);
    const url = gatewayRedirectUrl(gatewayUrl, params);
    if (url.length <= MAX_GATEWAY_URL_LENGTH) return { url, params };
  }
  return null;
}

// ------------------------------------------------------------------ the exact field set

function isControlCharacter(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return code < 0x20 || code === 0x7f;
}

/** No control characters, at most `max` characters. */
function plainText(max: number): (value: string) => boolean {
  return (value) => value.length > 0 && Array.from(value).length <= max && !Array.from(value).some(isControlCharacter);
}

function pattern(format: RegExp): (value: string) => boolean {
  return (value) => format.test(value);
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

function httpAddress(value: string): boolean {
  return value.length <= 1024 && isHttpUrl(value);
}

/**
 * Every field a payment start may carry, each with its length and
 * characters. The signature is a bare concatenation (the gateway fixes it),
 * so the verifier insists on this field set: a value cannot bring a field of
 * its own, and no field may be missing or added.
 */
const FIELD_RULES: Readonly<Record<string, (value: string) => boolean>> = {
  pos_id: pattern(/^\d{1,12}$/),
  session_id: pattern(/^KT\d{9}-\d{10,16}$/),
  amount: pattern(/^[1-9]\d{0,11}$/),
  desc: plainText(255),
  desc2: plainText(255),
  trsDesc: plainText(255),
  order_id: pattern(/^KT\d{9}$/),
  first_name: plainText(MAX_GATEWAY_NAME_LENGTH),
  last_name: plainText(MAX_GATEWAY_NAME_LENGTH),
  payback_login: plainText(64),
  client_email: (value) => value.length <= 320 && EMAIL_PATTERN.test(value),
  phone: pattern(/^\+?\d{9,15}$/),
  language: pattern(/^pl$/),
  client_ip: pattern(/^[\d.:a-f]{3,45}$/i),
  ts: pattern(/^\d{10,16}$/),
  pay_type: pattern(/^[a-z]{1,4}$/),
  js: pattern(/^[01]$/),
  pow_url: httpAddress,
  pow_url_blad: httpAddress,
  encoding: pattern(/^UTF-8$/),
  sig: pattern(/^[0-9a-f]{32}$/),
};
const OPTIONAL_FIELDS = new Set(['desc2', 'trsDesc', 'payback_login']);
const LINE_FIELD = /^order_([1-9]\d{0,2})_(name|quantity|price)$/;
const LINE_RULES: Readonly<Record<string, (value: string) => boolean>> = {
  name: plainText(MAX_GATEWAY_NAME_LENGTH),
  quantity: pattern(/^[1-9]\d{0,2}$/),
  price: pattern(/^\d{1,12}$/),
};

/**
 * The problems of a payment start's field set (sig included, pos_auth_key
 * never): unknown or missing fields, a value out of its format, or item
 * lines that are incomplete or not numbered 1, 2, 3…
 */
export function gatewayFieldSetProblems(params: ParamRecord): string[] {
  const problems: string[] = [];
  const lines = new Map<number, Set<string>>();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    const line = LINE_FIELD.exec(key);
    if (line) {
      const part = line[2]!;
      if (!LINE_RULES[part]!(value)) problems.push(`Invalid value of ${key}`);
      const parts = lines.get(Number(line[1])) ?? new Set<string>();
      parts.add(part);
      lines.set(Number(line[1]), parts);
      continue;
    }
    const rule = FIELD_RULES[key];
    if (!rule) problems.push(`Unexpected field ${key.slice(0, 40)}`);
    else if (!rule(value)) problems.push(`Invalid value of ${key}`);
  }
  const missing = Object.keys(FIELD_RULES).filter((key) => !OPTIONAL_FIELDS.has(key) && params[key] === undefined);
  if (missing.length > 0) problems.push(`Missing required fields: ${missing.join(', ')}`);
  const numbers = [...lines.keys()].sort((a, b) => a - b);
  if (numbers.some((number, index) => number !== index + 1) || [...lines.values()].some((parts) => parts.size !== 3)) {
    problems.push('Item lines are incomplete');
  }
  return problems;
}

/** A payment start as the gateway must see it: the exact field set, then the signature. */
export function verifyPaymentStart(params: ParamRecord, authKey: string): boolean {
  return gatewayFieldSetProblems(params).length === 0 && verifyGatewaySignature(params, authKey);
}

// ------------------------------------------------------------------ the buyer's name, the gateway address

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

/** Where the local backend serves its payment simulator (the gateway's stand-in). */
export const LOCAL_SIMULATOR_PATH = '/functions/v1/payment-simulator';

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/**
 * The gateway address payments go to: the stored setting, or when it is
 * blank the payment simulator of `simulatorBackendUrl` (given only where a
 * simulator runs). Null unless that is an http(s) address.
 */
export function resolveGatewayUrl(stored: string | undefined, simulatorBackendUrl: string | null): string | null {
  const url = stored?.trim() || (simulatorBackendUrl ? `${withoutTrailingSlash(simulatorBackendUrl)}${LOCAL_SIMULATOR_PATH}` : '');
  return isHttpUrl(url) ? withoutTrailingSlash(url) : null;
}

// ------------------------------------------------------------------ validation

const MIN_PHONE_LENGTH = 9;
const MIN_NAME_LENGTH = 2;

/** The body of create-payu-classic-payment (docs/spec.md §3 Payment request). */
export interface PaymentRequest {
  orderId: string;
  description: string;
  totalAmount: number;
  buyer: GatewayBuyer;
  products: GatewayItem[];
}

export type PaymentRequestValidation = { ok: true; value: PaymentRequest } | { ok: false; errors: string[] };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function item(value: unknown): GatewayItem {
  const record = isRecord(value) ? value : {};
  const unitPrice =
    typeof record.unitPrice === 'number' && Number.isFinite(record.unitPrice) ? Math.round(record.unitPrice * 100) / 100 : 0;
  const quantity = typeof record.quantity === 'number' && Number.isFinite(record.quantity) ? record.quantity : 0;
  return { name: cutText(text(record.name), MAX_GATEWAY_NAME_LENGTH), unitPrice, quantity };
}

/**
 * docs/spec.md §5 Payment creation: every problem, in a fixed order, with the
 * gateway function's English messages. Wrong types count as missing.
 */
export function validatePaymentRequest(body: unknown): PaymentRequestValidation {
  const record = isRecord(body) ? body : {};
  const buyer = isRecord(record.buyer) ? record.buyer : {};
  const email = normalizeEmail(typeof buyer.email === 'string' ? buyer.email : '');
  const firstName = text(buyer.firstName);
  const lastName = text(buyer.lastName);
  const phone = text(buyer.phone);
  const products = Array.isArray(record.products) ? record.products : [];
  const total = record.totalAmount;

  const errors: string[] = [];
  if (!email) errors.push('Customer email is required');
  if (!firstName) errors.push('Customer first name is required');
  if (!lastName) errors.push('Customer last name is required');
  if (!phone) errors.push('Customer phone is required');
  if (products.length === 0) errors.push('No items provided for payment');
  if (typeof total !== 'number' || !Number.isFinite(total) || total <= 0) errors.push('Invalid total amount');
  if (phone && normalizePhone(phone).length < MIN_PHONE_LENGTH) errors.push('Invalid phone number format');
  if (email && !EMAIL_PATTERN.test(email)) errors.push('Invalid email format');
  if (firstName && firstName.length < MIN_NAME_LENGTH) errors.push('Customer first name must be at least 2 characters');
  if (lastName && lastName.length < MIN_NAME_LENGTH) errors.push('Customer last name must be at least 2 characters');
  if (errors.length > 0) return { ok: false, errors };

  return {
    ok: true,
    value: {
      orderId: text(record.orderId),
      description: text(record.description),
      totalAmount: Math.round((total as number) * 100) / 100,
      buyer: { email, phone, firstName, lastName },
      products: products.map(item),
    },
  };
}

export interface CheckResult {
  errors: string[];
  warnings: string[];
}

export const REQUIRED_GATEWAY_FIELDS = [
  'pos_id',
  'session_id',
  'pos_auth_key',
  'amount',
  'desc',
  'client_email',
  'first_name',
  'last_name',
  'phone',
  'ts',
] as const;

const GATEWAY_PHONE_FORMAT = /^\+?\d{9,15}$/;

/** docs/spec.md §5 Payment test checks over a parameter set; sig defaults to the set's own. */
export function checkGatewayParams(params: ParamRecord, signature: string | undefined = params.sig): CheckResult {
  const errors: string[] = [];
  const warnings: string[] = [];
  const missing = REQUIRED_GATEWAY_FIELDS.filter((field) => !params[field]?.trim());
  if (missing.length > 0) errors.push(`Brak wymaganych pól: ${missing.join(', ')}`);
  const amount = params.amount;
  if (amount !== undefined && amount.trim() !== '') {
    const value = Number(amount);
    if (!Number.isFinite(value) || value <= 0) errors.push('Kwota musi być liczbą większą od zera');
  }
  const email = params.client_email;
  if (email && !EMAIL_PATTERN.test(email)) errors.push('Nieprawidłowy format adresu e-mail');
  const phone = params.phone;
  if (phone && !GATEWAY_PHONE_FORMAT.test(phone.replace(/[\s-]/g, ''))) warnings.push('Numer telefonu może mieć nieprawidłowy format');
  if (signature?.length !== SIGNATURE_LENGTH) errors.push('Wygenerowany podpis jest nieprawidłowy');
  return { errors, warnings };
}

export interface RedirectCheck extends CheckResult {
  valid: boolean;
}

export const REQUIRED_REDIRECT_PARAMS = ['pos_id', 'session_id', 'amount', 'desc', 'sig'] as const;

export const INVALID_REDIRECT_URL = 'Nieprawidłowy format adresu URL';
/** Followed by the missing names; the Testing tab lists them from this line. */
export const MISSING_REDIRECT_PARAMS = 'Brak wymaganych parametrów: ';

/** docs/spec.md §5 Redirect URL check: the address the browser is about to be sent to. */
export function checkRedirectUrl(url: string): RedirectCheck {
  const errors: string[] = [];
  const warnings: string[] = [];
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { valid: false, errors: [INVALID_REDIRECT_URL], warnings };
  }
  const query = parsed.searchParams;
  const missing = REQUIRED_REDIRECT_PARAMS.filter((name) => !query.get(name));
  if (missing.length > 0) errors.push(`${MISSING_REDIRECT_PARAMS}${missing.join(', ')}`);
  const amount = query.get('amount');
  if (amount && !Number.isFinite(Number(amount))) errors.push('Parametr amount nie jest poprawną liczbą');
  const sig = query.get('sig');
  if (sig && sig.length !== SIGNATURE_LENGTH) errors.push('Podpis (sig) musi mieć 32 znaki');
  if (url.length > MAX_GATEWAY_URL_LENGTH) {
    warnings.push(`Adres ma ${url.length} znaków, więcej niż zalecane ${MAX_GATEWAY_URL_LENGTH}`);
  }
  if (query.has('pos_auth_key')) warnings.push('Adres zawiera pos_auth_key, który musi pozostać tajny');
  return { valid: errors.length === 0, errors, warnings };
}
