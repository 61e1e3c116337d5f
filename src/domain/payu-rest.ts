import { md5 } from './md5.ts';
import { grosz, type Grosz } from './money.ts';
import type { LedgerPaymentState, LedgerRefundState } from './payment-ledger.ts';
import { CLIENT_IP_PLACEHOLDER, cutText, isHttpUrl, normalizeEmail, normalizePhone, sameText, splitCustomerName } from './payu-fields.ts';

/**
 * PayU's REST API 2.1 (developers.payu.com/europe: orders, notifications,
 * refunds, BLIK), as far as the shop uses it: the wire types, the
 * OpenPayu-Signature of notifications, the order body built from a stored
 * order, and what PayU's statuses mean for the payments ledger. Pure: shared
 * by the functions (Deno), the local simulator (Node) and the app.
 */

// ------------------------------------------------------------------ addresses

export const PAYU_PRODUCTION_URL = 'https://secure.payu.com';
export const PAYU_SANDBOX_URL = 'https://secure.snd.payu.com';
export const PAYU_OAUTH_PATH = '/pl/standard/user/oauth/authorize';
export const PAYU_ORDERS_PATH = '/api/v2_1/orders';
/** Where the local backend serves its PayU REST stand-in (never deployed). */
export const LOCAL_PAYU_REST_SIMULATOR_PATH = '/functions/v1/payu-rest-simulator';
/** The shop's notifyUrl function. */
export const PAYU_NOTIFY_FUNCTION = 'payu-notify';

// ------------------------------------------------------------------ wire types

export const PAYU_ORDER_STATUSES = ['NEW', 'PENDING', 'WAITING_FOR_CONFIRMATION', 'COMPLETED', 'CANCELED'] as const;
export type PayuOrderStatus = (typeof PAYU_ORDER_STATUSES)[number];

export const PAYU_REFUND_STATUSES = ['PENDING', 'FINALIZED', 'CANCELED'] as const;
export type PayuRefundStatus = (typeof PAYU_REFUND_STATUSES)[number];

/** The `status` block of every PayU answer. */
export interface PayuStatusBlock {
  statusCode: string;
  code?: string;
  codeLiteral?: string;
  statusDesc?: string;
  severity?: string;
}

export interface PayuProduct {
  name: string;
  /** Grosz as integer text. */
  unitPrice: string;
  quantity: string;
}

export interface PayuBuyer {
  email: string;
  phone?: string;
  firstName?: string;
  lastName?: string;
  language?: string;
}

/** BLIK with the buyer's 6-digit code, or a pay-by-link method (`blik` preselects BLIK on PayU's page). */
export type PayuPayMethod = { type: 'BLIK_AUTHORIZATION_CODE'; value: string } | { type: 'PBL'; value: string };

export interface PayuOrderCreateRequest {
  notifyUrl: string;
  continueUrl: string;
  customerIp: string;
  merchantPosId: string;
  description: string;
  currencyCode: 'PLN';
  /** Grosz as integer text. */
  totalAmount: string;
  extOrderId: string;
  /** Seconds the buyer has to pay; then PayU cancels the order (and notifies). */
  validityTime: string;
  buyer: PayuBuyer;
  products: PayuProduct[];
  payMethods?: { payMethod: PayuPayMethod };
}

/**
 * Half an hour, as Stripe's shortest session: long enough for a bank's
 * app, short enough that an abandoned payment soon frees the order's stock
 * and delivery place (payments-reconcile gives the order up after that).
 */
export const PAYU_ORDER_VALIDITY_SECONDS = 1800;

/** One order as PayU reports it (retrieve answer, notification). */
export interface PayuOrder {
  orderId: string;
  extOrderId?: string;
  orderCreateDate?: string;
  notifyUrl?: string;
  customerIp?: string;
  merchantPosId?: string;
  description?: string;
  currencyCode: string;
  /** Grosz as integer text. */
  totalAmount: string;
  status: string;
  buyer?: PayuBuyer;
  products?: PayuProduct[];
}

export interface PayuRefund {
  refundId: string;
  extRefundId?: string;
  /** Grosz as integer text. */
  amount: string;
  currencyCode: string;
  description?: string;
  creationDateTime?: string;
  status: string;
  statusDateTime?: string;
  reason?: string;
  reasonDescription?: string;
  refundDate?: string;
}

// ------------------------------------------------------------------ reading PayU's JSON

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function optionalText(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

const AMOUNT_TEXT = /^\d{1,12}$/;
const CURRENCY = /^[A-Z]{3}$/;
/** PayU's ids are short uppercase alphanumerics ('WZHF5FFDRJ140731GUEST000P01'); anything else is refused before it is put in a URL. */
export const PAYU_ID_FORMAT = /^[A-Za-z0-9_-]{1,64}$/;

/** PayU writes amounts as text, sometimes as numbers; either way an integer number of grosz. */
function amountText(value: unknown): string | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  return typeof value === 'string' && AMOUNT_TEXT.test(value) ? value : null;
}

export function readStatusBlock(value: unknown): PayuStatusBlock | null {
  if (!isRecord(value) || typeof value.statusCode !== 'string') return null;
  const block: PayuStatusBlock = { statusCode: value.statusCode };
  for (const key of ['code', 'codeLiteral', 'statusDesc', 'severity'] as const) {
    const text = optionalText(value[key]);
    if (text !== undefined) block[key] = text;
  }
  return block;
}

/** An order object with the fields the shop relies on well-formed; null otherwise. */
export function readPayuOrder(value: unknown): PayuOrder | null {
  if (!isRecord(value)) return null;
  const totalAmount = amountText(value.totalAmount);
  const { orderId, currencyCode, status } = value;
  if (typeof orderId !== 'string' || !PAYU_ID_FORMAT.test(orderId) || totalAmount === null) return null;
  if (typeof currencyCode !== 'string' || !CURRENCY.test(currencyCode) || typeof status !== 'string') return null;
  const order: PayuOrder = { orderId, totalAmount, currencyCode, status };
  for (const key of ['extOrderId', 'orderCreateDate', 'merchantPosId', 'description'] as const) {
    const text = optionalText(value[key]);
    if (text !== undefined) order[key] = text;
  }
  return order;
}

/** The first (only) order of a retrieve answer, or null when the answer is not one. */
export function readRetrieveAnswer(value: unknown): PayuOrder | null {
  if (!isRecord(value) || !Array.isArray(value.orders)) return null;
  if (readStatusBlock(value.status)?.statusCode !== 'SUCCESS') return null;
  return readPayuOrder(value.orders[0]);
}

/** A refund object (retrieve answer, create answer's `refund`, notification's `refund`); null unless well-formed. */
export function readPayuRefund(value: unknown): PayuRefund | null {
  if (!isRecord(value)) return null;
  const amount = amountText(value.amount);
  const refundId = typeof value.refundId === 'number' ? String(value.refundId) : value.refundId;
  const { currencyCode, status } = value;
  if (typeof refundId !== 'string' || !PAYU_ID_FORMAT.test(refundId) || amount === null) return null;
  if (typeof currencyCode !== 'string' || !CURRENCY.test(currencyCode) || typeof status !== 'string') return null;
  const refund: PayuRefund = { refundId, amount, currencyCode, status };
  for (const key of ['extRefundId', 'description', 'creationDateTime', 'statusDateTime', 'reason', 'reasonDescription'] as const) {
    const text = optionalText(value[key]);
    if (text !== undefined) refund[key] = text;
  }
  return refund;
}

/** What a (verified) notification asks the shop to look at. */
export type NotificationSubject = { kind: 'order'; orderId: string } | { kind: 'refund'; orderId: string; refundId: string };

/**
 * The subject of a notification body: only the ids are taken, the rest is
 * read again from PayU. Null when the body is neither shape.
 */
export function notificationSubject(body: unknown): NotificationSubject | null {
  if (!isRecord(body)) return null;
  if (isRecord(body.refund)) {
    const refundId = typeof body.refund.refundId === 'number' ? String(body.refund.refundId) : body.refund.refundId;
    const { orderId } = body;
    if (typeof orderId !== 'string' || !PAYU_ID_FORMAT.test(orderId)) return null;
    if (typeof refundId !== 'string' || !PAYU_ID_FORMAT.test(refundId)) return null;
    return { kind: 'refund', orderId, refundId };
  }
  if (isRecord(body.order)) {
    const { orderId } = body.order;
    return typeof orderId === 'string' && PAYU_ID_FORMAT.test(orderId) ? { kind: 'order', orderId } : null;
  }
  return null;
}

// ------------------------------------------------------------------ OpenPayu-Signature

/** The digests PayU names in the header (SDK: OpenPayU_Util::verifySignature); SHA-1 is refused as too weak. */
export const OPENPAYU_ALGORITHMS = ['MD5', 'SHA-256', 'SHA-384', 'SHA-512'] as const;
export type OpenPayuAlgorithm = (typeof OPENPAYU_ALGORITHMS)[number];

const ALGORITHM_NAMES: Readonly<Record<string, OpenPayuAlgorithm>> = {
  MD5: 'MD5',
  // The PHP SDK's aliases: SHA and SHA256 both mean SHA-256.
  SHA: 'SHA-256',
  SHA256: 'SHA-256',
  'SHA-256': 'SHA-256',
  SHA384: 'SHA-384',
  'SHA-384': 'SHA-384',
  SHA512: 'SHA-512',
  'SHA-512': 'SHA-512',
};
const HEX_LENGTH: Readonly<Record<OpenPayuAlgorithm, number>> = { MD5: 32, 'SHA-256': 64, 'SHA-384': 96, 'SHA-512': 128 };

export interface OpenPayuSignature {
  signature: string;
  algorithm: OpenPayuAlgorithm;
  sender?: string;
  content?: string;
}

/**
 * `sender=checkout;signature=…;algorithm=MD5;content=DOCUMENT` → its parts.
 * Null when a part is not `name=value`, a name repeats (which one would
 * count?), the signature or algorithm is missing, the algorithm is unknown
 * or the signature is not hex of that algorithm's length.
 */
export function parseOpenPayuSignature(header: string | null | undefined): OpenPayuSignature | null {
  if (!header || header.length > 1024) return null;
  const parts = new Map<string, string>();
  for (const part of header.trim().replace(/;$/, '').split(';')) {
    const cut = part.indexOf('=');
    if (cut <= 0 || part.indexOf('=', cut + 1) !== -1) return null;
    const name = part.slice(0, cut).trim().toLowerCase();
    if (parts.has(name)) return null;
    parts.set(name, part.slice(cut + 1).trim());
  }
  const algorithm = ALGORITHM_NAMES[(parts.get('algorithm') ?? '').toUpperCase()];
  const signature = (parts.get('signature') ?? '').toLowerCase();
  if (!algorithm || !/^[0-9a-f]+$/.test(signature) || signature.length !== HEX_LENGTH[algorithm]) return null;
  const parsed: OpenPayuSignature = { signature, algorithm };
  const sender = parts.get('sender');
  const content = parts.get('content');
  if (sender !== undefined) parsed.sender = sender;
  if (content !== undefined) parsed.content = content;
  return parsed;
}

async function digestHex(algorithm: OpenPayuAlgorithm, text: string): Promise<string> {
  if (algorithm === 'MD5') return md5(text);
  const digest = await crypto.subtle.digest(algorithm, new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** PayU's rule: the digest of the raw body followed by the second key. */
export function openPayuDigest(rawBody: string, secondKey: string, algorithm: OpenPayuAlgorithm): Promise<string> {
  return digestHex(algorithm, rawBody + secondKey);
}

/**
 * Whether the header signs exactly this raw body with the second key. The
 * body must be the bytes as received (as text): re-serialised JSON would
 * not match. False for a blank key, a malformed header or an unknown algorithm.
 */
export async function verifyOpenPayuSignature(header: string | null | undefined, rawBody: string, secondKey: string): Promise<boolean> {
  const parsed = parseOpenPayuSignature(header);
  if (!parsed || secondKey === '') return false;
  return sameText(parsed.signature, await openPayuDigest(rawBody, secondKey, parsed.algorithm));
}

/** The header PayU sends with a notification (the local simulator's). */
export async function signOpenPayuNotification(body: string, secondKey: string, algorithm: OpenPayuAlgorithm = 'MD5'): Promise<string> {
  if (secondKey === '') throw new Error('A second key is required to sign');
  return `sender=checkout;signature=${await openPayuDigest(body, secondKey, algorithm)};algorithm=${algorithm};content=DOCUMENT`;
}

// ------------------------------------------------------------------ the order body

/** The fields of a stored order the body is built from (functions/_shared/payments.ts PaymentOrder fits). */
export interface PayuRestOrderInput {
  orderNumber: string;
  total: Grosz;
  shippingCost: Grosz;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  items: readonly { name: string; quantity: number; price: Grosz }[];
}

export type PayuPayMethodChoice = { kind: 'blik-code'; code: string } | { kind: 'blik-redirect' } | { kind: 'none' };

export interface PayuRestOrderOptions {
  merchantPosId: string;
  notifyUrl: string;
  continueUrl: string;
  /** The buyer's address; PayU requires one. */
  customerIp?: string;
  /** Milliseconds since the epoch: makes the extOrderId of each attempt unique. */
  ts: number;
  payMethod?: PayuPayMethodChoice;
}

export const SHIPPING_PRODUCT_NAME = 'Dostawa';
/** Whatever the order's total holds beyond its items and shipping (the grave services of place-order). */
export const SERVICES_PRODUCT_NAME = 'Usługi dodatkowe';
const MAX_PRODUCT_NAME = 255;
const EXT_ORDER_ID_FORMAT = /^(KT\d{9})-(\d{10,16})$/;
const ORDER_NUMBER_FORMAT = /^KT\d{9}$/;
export const BLIK_CODE_FORMAT = /^\d{6}$/;
const IP_FORMAT = /^[\d.:a-f]{3,45}$/i;

/** `KT123456789-1700000000000`: the order number, a dash, the attempt's time. */
export function extOrderIdOf(orderNumber: string, ts: number): string {
  return `${orderNumber}-${Math.trunc(ts)}`;
}

/** The shop's order number an extOrderId belongs to; null for anything the shop did not make. */
export function orderNumberOfExtOrderId(extOrderId: string | undefined): string | null {
  return EXT_ORDER_ID_FORMAT.exec(extOrderId ?? '')?.[1] ?? null;
}

export type PayuOrderBodyResult = { ok: true; body: PayuOrderCreateRequest } | { ok: false; problems: string[] };

/**
 * The order create body, every field from the stored order: the total, the
 * buyer and the products, with shipping (and any other remainder of the
 * total) as lines of their own so that the lines add up to totalAmount.
 * Refuses what PayU would refuse or what could not be what the buyer owes.
 */
export function payuRestOrderBody(order: PayuRestOrderInput, options: PayuRestOrderOptions): PayuOrderBodyResult {
  const problems: string[] = [];
  if (!ORDER_NUMBER_FORMAT.test(order.orderNumber)) problems.push('Invalid order number');
  if (!/^\d{1,12}$/.test(options.merchantPosId)) problems.push('Invalid merchantPosId');
  if (!isHttpUrl(options.notifyUrl)) problems.push('Invalid notifyUrl');
  if (!isHttpUrl(options.continueUrl)) problems.push('Invalid continueUrl');
  const customerIp = options.customerIp?.trim() || CLIENT_IP_PLACEHOLDER;
  if (!IP_FORMAT.test(customerIp)) problems.push('Invalid customerIp');
  if (!Number.isSafeInteger(order.total) || order.total <= 0) problems.push('Invalid total amount');
  if (!Number.isSafeInteger(order.shippingCost) || order.shippingCost < 0) problems.push('Invalid shipping cost');
  if (order.items.length === 0) problems.push('No items provided for payment');

  const products: PayuProduct[] = [];
  let sum = 0;
  for (const item of order.items) {
    const name = cutText(item.name.trim(), MAX_PRODUCT_NAME);
    if (!name || !Number.isSafeInteger(item.quantity) || item.quantity <= 0 || !Number.isSafeInteger(item.price) || item.price < 0) {
      problems.push(`Invalid item ${cutText(item.name, 40)}`);
      continue;
    }
    products.push({ name, unitPrice: String(item.price), quantity: String(item.quantity) });
    sum += item.price * item.quantity;
  }
  if (order.shippingCost > 0) {
    products.push({ name: SHIPPING_PRODUCT_NAME, unitPrice: String(order.shippingCost), quantity: '1' });
    sum += order.shippingCost;
  }
  const rest = order.total - sum;
  if (rest > 0) products.push({ name: SERVICES_PRODUCT_NAME, unitPrice: String(rest), quantity: '1' });
  if (rest < 0) problems.push('The items cost more than the order total');

  const email = normalizeEmail(order.customerEmail);
  if (!email) problems.push('Customer email is required');
  const { firstName, lastName } = splitCustomerName(order.customerName);
  const buyer: PayuBuyer = { email, language: 'pl' };
  const phone = normalizePhone(order.customerPhone);
  if (phone) buyer.phone = phone;
  if (firstName) buyer.firstName = cutText(firstName, 100);
  if (lastName) buyer.lastName = cutText(lastName, 100);

  const choice = options.payMethod ?? { kind: 'none' };
  let payMethod: PayuPayMethod | null = null;
  if (choice.kind === 'blik-code') {
    if (BLIK_CODE_FORMAT.test(choice.code)) payMethod = { type: 'BLIK_AUTHORIZATION_CODE', value: choice.code };
    else problems.push('A BLIK code has 6 digits');
  } else if (choice.kind === 'blik-redirect') {
    payMethod = { type: 'PBL', value: 'blik' };
  }
  if (!Number.isFinite(options.ts) || options.ts <= 0) problems.push('Invalid timestamp');
  if (problems.length > 0) return { ok: false, problems };

  const body: PayuOrderCreateRequest = {
    notifyUrl: options.notifyUrl,
    continueUrl: options.continueUrl,
    customerIp,
    merchantPosId: options.merchantPosId,
    description: `Zamówienie ${order.orderNumber}`,
    currencyCode: 'PLN',
    totalAmount: String(order.total),
    extOrderId: extOrderIdOf(order.orderNumber, options.ts),
    validityTime: String(PAYU_ORDER_VALIDITY_SECONDS),
    buyer,
    products,
  };
  if (payMethod) body.payMethods = { payMethod };
  return { ok: true, body };
}

/** The products' sum in grosz (unitPrice × quantity), or null when a line is malformed. */
export function productsTotal(products: readonly PayuProduct[]): Grosz | null {
  let sum = 0;
  for (const product of products) {
    if (!AMOUNT_TEXT.test(product.unitPrice) || !/^[1-9]\d{0,5}$/.test(product.quantity)) return null;
    sum += Number(product.unitPrice) * Number(product.quantity);
  }
  return Number.isSafeInteger(sum) ? grosz(sum) : null;
}

// ------------------------------------------------------------------ statuses

/** What an order status means for the ledger; null for a status that changes nothing. */
export function ledgerStateOfPayuStatus(status: string): LedgerPaymentState | null {
  switch (status) {
    case 'NEW':
    case 'PENDING':
    case 'WAITING_FOR_CONFIRMATION':
      return 'pending';
    case 'COMPLETED':
      return 'completed';
    case 'CANCELED':
      return 'canceled';
    default:
      return null;
  }
}

/** What a refund status means for the ledger; null for anything else. */
export function ledgerStateOfPayuRefundStatus(status: string): LedgerRefundState | null {
  switch (status) {
    case 'PENDING':
      return 'pending';
    case 'FINALIZED':
      return 'completed';
    case 'CANCELED':
      return 'failed';
    default:
      return null;
  }
}
