import { EMAIL_PATTERN } from './patterns.ts';
import {
  cutText,
  isHttpUrl,
  MAX_GATEWAY_NAME_LENGTH,
  normalizeEmail,
  normalizePhone,
  verifyGatewaySignature,
  type ParamRecord,
} from './payu-fields.ts';
import type { GatewayBuyer, GatewayItem } from './payu-classic.ts';

/**
 * What the payment functions accept: the exact field set of a payment start
 * (docs/spec.md §5, the simulator's and the notification's side) and the body
 * of a payment request.
 */

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
