import {
  CLIENT_IP_PLACEHOLDER,
  cutText,
  gatewayAmount,
  isHttpUrl,
  MAX_GATEWAY_NAME_LENGTH,
  MAX_GATEWAY_URL_LENGTH,
  normalizeEmail,
  normalizePhone,
  signGatewayParams,
  type ParamRecord,
} from './payu-fields.ts';

/**
 * The PayU classic gateway's form parameters (docs/spec.md §3): a payment's
 * signed parameters, its redirect address, the buyer's name and the gateway's
 * address. Shared by the payment functions, the local payment simulator and
 * the admin test screen.
 */

export const PAYMENT_REDIRECT_DELAY_MS = 500;

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

// ------------------------------------------------------------------ the gateway address

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
