import type { SupabaseClient } from '@supabase/supabase-js';
import { fromPln, toPln, type Grosz } from '../../src/domain/money.ts';
import { buildGatewayRedirect, type GatewayParams } from '../../src/domain/payu-classic.ts';
import { corsHeaders } from './cors.ts';
import type { FunctionEnv } from './env.ts';
import { HttpError, MAX_JSON_BYTES } from './http.ts';
import { createAdminClient } from './supabase-clients.ts';

/**
 * What the payment functions share: the stored order (the only source of
 * amounts and buyer data), the gateway settings, and recording a payment
 * result the same way for the simulator and the gateway's notifications.
 */

export type PayuStatus = 'COMPLETED' | 'CANCELED' | 'PENDING' | 'REJECTED';
export const PAYU_STATUSES: readonly PayuStatus[] = ['COMPLETED', 'CANCELED', 'PENDING', 'REJECTED'];

export interface PaymentOrderItem {
  name: string;
  quantity: number;
  /** Unit price as stored at purchase. */
  price: Grosz;
}

export interface PaymentOrder {
  id: string;
  /** The shop's order number (orders.payu_order_id, 'KT…'). */
  orderNumber: string;
  status: string;
  payuStatus: string | null;
  paymentMethod: string;
  deliveryMethod: string;
  total: Grosz;
  shippingCost: Grosz;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  items: PaymentOrderItem[];
}

export interface PaymentStore {
  findOrderById(id: string): Promise<PaymentOrder | null>;
  findOrderByNumber(orderNumber: string): Promise<PaymentOrder | null>;
  /** Values of the asked app_settings keys; absent keys are missing from the result. */
  loadSettings(keys: readonly string[]): Promise<Record<string, string>>;
  /** Sets payu_status (never over a COMPLETED payment) and, if asked, moves a pending order to processing. */
  updatePaymentStatus(orderId: string, payuStatus: PayuStatus, markProcessing: boolean): Promise<void>;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ORDER_NUMBER_FORMAT = /^KT\d{9}$/;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

interface OrderRow {
  id: string;
  payu_order_id: string;
  status: string;
  payu_status: string | null;
  payment_method: string;
  delivery_method: string;
  total: number | string;
  shipping_cost: number | string;
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  order_items: { product_name: string; quantity: number; price: number | string }[] | null;
}

const ORDER_COLUMNS =
  'id, payu_order_id, status, payu_status, payment_method, delivery_method, total, shipping_cost, customer_name, customer_email, customer_phone, order_items(product_name, quantity, price)';

function toPaymentOrder(row: OrderRow): PaymentOrder {
  return {
    id: row.id,
    orderNumber: row.payu_order_id,
    status: row.status,
    payuStatus: row.payu_status,
    paymentMethod: row.payment_method,
    deliveryMethod: row.delivery_method,
    total: fromPln(row.total),
    shippingCost: fromPln(row.shipping_cost),
    customerName: row.customer_name,
    customerEmail: row.customer_email,
    customerPhone: row.customer_phone,
    items: (row.order_items ?? [])
      .map((item) => ({ name: item.product_name, quantity: item.quantity, price: fromPln(item.price) }))
      .sort((a, b) => a.name.localeCompare(b.name, 'pl')),
  };
}

/** The real store: the service-role client, after the caller's input was validated. */
export function createPaymentStore(admin: SupabaseClient): PaymentStore {
  async function findOne(column: 'id' | 'payu_order_id', value: string): Promise<PaymentOrder | null> {
    const { data, error } = await admin.from('orders').select(ORDER_COLUMNS).eq(column, value).maybeSingle();
    if (error) throw new Error(`loading order failed: ${error.message}`);
    return data ? toPaymentOrder(data as unknown as OrderRow) : null;
  }
  return {
    // Malformed ids never reach PostgREST (a bad uuid would be a 22P02 error, not "not found").
    findOrderById: (id) => (isUuid(id) ? findOne('id', id) : Promise.resolve(null)),
    findOrderByNumber: (orderNumber) => (ORDER_NUMBER_FORMAT.test(orderNumber) ? findOne('payu_order_id', orderNumber) : Promise.resolve(null)),

    async loadSettings(keys) {
      const { data, error } = await admin.from('app_settings').select('key, value').in('key', [...keys]);
      if (error) throw new Error(`loading settings failed: ${error.message}`);
      return Object.fromEntries((data as { key: string; value: string }[]).map((row) => [row.key, row.value]));
    },

    async updatePaymentStatus(orderId, payuStatus, markProcessing) {
      // The filter keeps a completed payment completed when a late CANCELED or PENDING arrives.
      const status = await admin
        .from('orders')
        .update({ payu_status: payuStatus })
        .eq('id', orderId)
        .or('payu_status.is.null,payu_status.neq.COMPLETED');
      if (status.error) throw new Error(`recording payment status failed: ${status.error.message}`);
      if (!markProcessing) return;
      const processing = await admin.from('orders').update({ status: 'processing' }).eq('id', orderId).eq('status', 'pending');
      if (processing.error) throw new Error(`moving order to processing failed: ${processing.error.message}`);
    },
  };
}

export function createPaymentStoreFromEnv(env: FunctionEnv): PaymentStore {
  return createPaymentStore(createAdminClient(env));
}

/**
 * Records a gateway result: COMPLETED marks the payment and moves a pending
 * order to processing; other results only set payu_status, and never over a
 * completed payment. Safe to repeat.
 */
export async function recordPaymentResult(store: PaymentStore, order: PaymentOrder, payuStatus: PayuStatus): Promise<void> {
  if (order.payuStatus === 'COMPLETED' && payuStatus !== 'COMPLETED') return;
  await store.updatePaymentStatus(order.id, payuStatus, payuStatus === 'COMPLETED' && order.status === 'pending');
}

export interface PaymentReport {
  /** The shop's order number, the gateway's order_id. */
  orderNumber: string;
  /** Grosz as integer text, as the gateway sends it. */
  amount: string;
  status: PayuStatus;
}

export type PaymentReportOutcome =
  | { kind: 'recorded'; order: PaymentOrder }
  | { kind: 'order_not_found' }
  | { kind: 'amount_mismatch'; order: PaymentOrder };

/**
 * The one way a signature-verified gateway result is applied (the
 * notification endpoint and the local simulator): the order must exist and
 * the reported amount must equal its stored total.
 */
export async function applyPaymentReport(store: PaymentStore, report: PaymentReport): Promise<PaymentReportOutcome> {
  const order = await store.findOrderByNumber(report.orderNumber);
  if (!order) return { kind: 'order_not_found' };
  if (!/^\d+$/.test(report.amount) || Number(report.amount) !== order.total) return { kind: 'amount_mismatch', order };
  await recordPaymentResult(store, order, report.status);
  return { kind: 'recorded', order };
}

/** An order can still be paid: pending and not paid already. */
export function isPayable(order: PaymentOrder): boolean {
  return order.status === 'pending' && order.payuStatus !== 'COMPLETED';
}

// ------------------------------------------------------------------ gateway settings

export const GATEWAY_SETTING_KEYS = [
  'payu_classic_pos_id',
  'payu_classic_pos_auth_key',
  'payu_classic_gateway_url',
  'payu_classic_success_url',
  'payu_classic_failure_url',
] as const;

export interface GatewaySettings {
  posId: string;
  authKey: string;
  gatewayUrl: string;
  successUrl: string;
  failureUrl: string;
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

function httpUrl(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? withoutTrailingSlash(value) : null;
  } catch {
    return null;
  }
}

/**
 * The gateway settings with the local defaults for blank URLs: the local
 * payment simulator, and the app's /checkout/success and /checkout/cancel.
 * Null when the POS data is missing or an address cannot be formed.
 */
export function resolveGatewaySettings(settings: Record<string, string>, env: Pick<FunctionEnv, 'supabaseUrl' | 'siteUrl'>): GatewaySettings | null {
  const posId = settings.payu_classic_pos_id?.trim() ?? '';
  const authKey = settings.payu_classic_pos_auth_key?.trim() ?? '';
  const site = env.siteUrl ? withoutTrailingSlash(env.siteUrl) : '';
  const setting = (key: string) => settings[key]?.trim() ?? '';
  const gatewayUrl = httpUrl(setting('payu_classic_gateway_url') || `${withoutTrailingSlash(env.supabaseUrl)}/functions/v1/payment-simulator`);
  const successUrl = httpUrl(setting('payu_classic_success_url') || (site && `${site}/checkout/success`));
  const failureUrl = httpUrl(setting('payu_classic_failure_url') || (site && `${site}/checkout/cancel`));
  if (!posId || !authKey || !gatewayUrl || !successUrl || !failureUrl) return null;
  return { posId, authKey, gatewayUrl, successUrl, failureUrl };
}

export async function loadGatewaySettings(store: PaymentStore, env: Pick<FunctionEnv, 'supabaseUrl' | 'siteUrl'>): Promise<GatewaySettings | null> {
  return resolveGatewaySettings(await store.loadSettings(GATEWAY_SETTING_KEYS), env);
}

/** "Anna Maria Kowalska" → first "Anna Maria", last "Kowalska"; one word serves as both. */
export function splitCustomerName(name: string): { firstName: string; lastName: string } {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  const cut = trimmed.lastIndexOf(' ');
  if (cut <= 0) return { firstName: trimmed, lastName: trimmed };
  return { firstName: trimmed.slice(0, cut), lastName: trimmed.slice(cut + 1) };
}

export const SHIPPING_LINE_NAME = 'Dostawa';

function appendQuery(url: string, query: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

export interface OrderRedirectOptions {
  /** The value of ?payment= on the success page. */
  paymentLabel: string;
  description?: string;
  ts: number;
}

/**
 * The signed gateway redirect for a stored order: amount, buyer and lines
 * all from the order (with shipping as its own line, so the lines add up).
 */
export function orderGatewayRedirect(settings: GatewaySettings, order: PaymentOrder, options: OrderRedirectOptions): { url: string; params: GatewayParams } | null {
  const number = encodeURIComponent(order.orderNumber);
  const { firstName, lastName } = splitCustomerName(order.customerName);
  const items = order.items.map((item) => ({ name: item.name, quantity: item.quantity, unitPrice: toPln(item.price) }));
  if (order.shippingCost > 0) items.push({ name: SHIPPING_LINE_NAME, quantity: 1, unitPrice: toPln(order.shippingCost) });
  const description = options.description || `Zamówienie ${order.orderNumber}`;
  return buildGatewayRedirect(settings.gatewayUrl, {
    posId: settings.posId,
    posAuthKey: settings.authKey,
    orderNumber: order.orderNumber,
    description: description.slice(0, 255),
    desc2: `Kwiaciarnia – zamówienie ${order.orderNumber}`,
    trsDesc: `Zamówienie ${order.orderNumber}`,
    totalAmount: toPln(order.total),
    buyer: { email: order.customerEmail, phone: order.customerPhone, firstName, lastName },
    items,
    successUrl: appendQuery(settings.successUrl, `payment=${encodeURIComponent(options.paymentLabel)}&orderId=${number}`),
    failureUrl: appendQuery(settings.failureUrl, `orderId=${number}`),
    ts: options.ts,
  });
}

// ------------------------------------------------------------------ request helpers

/** The body as a flat string map: JSON object (scalars only) or a URL-encoded form. Duplicate form keys are refused. */
export async function readParams(request: Request, maxBytes = MAX_JSON_BYTES): Promise<Record<string, string>> {
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  const body = await request.text();
  if (new TextEncoder().encode(body).length > maxBytes) throw new HttpError(413, 'payload_too_large', 'Wysyłane dane są zbyt duże.');
  if (type.includes('application/json')) {
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      throw new HttpError(400, 'invalid_json', 'Nieprawidłowe dane: to nie jest poprawny JSON.');
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new HttpError(400, 'invalid_body', 'Nieprawidłowe dane: oczekiwano obiektu JSON.');
    }
    const out: Record<string, string> = {};
    for (const [key, field] of Object.entries(value)) {
      if (typeof field === 'string') out[key] = field;
      else if (typeof field === 'number' && Number.isFinite(field)) out[key] = String(field);
      else throw new HttpError(400, 'invalid_body', `Nieprawidłowe dane: pole ${key} musi być tekstem lub liczbą.`);
    }
    return out;
  }
  if (type.includes('application/x-www-form-urlencoded')) return searchParamsRecord(new URLSearchParams(body));
  throw new HttpError(415, 'unsupported_media_type', 'Wysyłane dane muszą być w formacie JSON lub formularza.');
}

/** Query or form parameters as a record; a key given twice makes the set ambiguous, so it is refused. */
export function searchParamsRecord(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of params) {
    if (Object.hasOwn(out, key)) throw new HttpError(400, 'duplicate_parameter', `Parametr ${key} podano więcej niż raz.`);
    out[key] = value;
  }
  return out;
}

/**
 * A JSON POST function whose error bodies take the caller's shape (the
 * payment client reads `error`, sometimes `details`); never a stack trace.
 */
export function paymentPostHandler(
  name: string,
  errorBody: (error: HttpError) => Record<string, unknown>,
  handle: (request: Request) => Promise<Response>,
): (request: Request) => Promise<Response> {
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { ...corsHeaders, 'Content-Type': 'application/json; charset=utf-8' } });
  return async (request) => {
    if (request.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
    try {
      if (request.method !== 'POST') throw new HttpError(405, 'method_not_allowed', 'Dozwolona jest tylko metoda POST.');
      return await handle(request);
    } catch (error) {
      if (error instanceof HttpError) return json(error.status, errorBody(error));
      console.error(`[${name}] unexpected error`, error);
      return json(500, errorBody(new HttpError(500, 'internal_error', 'Wystąpił błąd serwera. Spróbuj ponownie za chwilę.')));
    }
  };
}
