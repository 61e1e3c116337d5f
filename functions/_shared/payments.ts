import type { Row } from '../../src/domain/database.ts';
import type { AdminClient } from './supabase-clients.ts';
import { isUuid } from '../../src/domain/patterns.ts';
import { fromPln, grosz, toPln, type Grosz } from '../../src/domain/money.ts';
import { buildGatewayRedirect, LOCAL_SIMULATOR_PATH, resolveGatewayUrl, type GatewayParams } from '../../src/domain/payu-classic.ts';
import { gatewayFieldSetProblems } from '../../src/domain/payu-classic-validation.ts';
import { isHttpUrl, splitCustomerName, type ParamRecord } from '../../src/domain/payu-fields.ts';
import { orderNumberOfSession, statusUrlOf, type GatewayTransaction, type PaymentOutcome } from '../../src/domain/payu-status.ts';
import { corsHeaders } from './cors.ts';
import type { FunctionEnv } from './env.ts';
import { HttpError, MAX_JSON_BYTES } from './http.ts';
import { createLedgerStore, type LedgerStore } from './ledger.ts';
import { createOrderAccessStore, type OrderAccessStore } from './order-access.ts';
import { createAdminClient } from './supabase-clients.ts';
import type { LedgerPaymentState } from '../../src/domain/payment-ledger.ts';
import { lineName } from '../../src/domain/product-sizes.ts';

/**
 * What the payment functions share: the stored order (the only source of
 * amounts and buyer data), the gateway settings, and recording a payment
 * result the same way for the simulator and the gateway's notifications.
 */

export type PayuStatus = PaymentOutcome;

export interface PaymentOrderItem {
  name: string;
  quantity: number;
  /** Unit price as stored at purchase. */
  price: Grosz;
}

export interface PaymentOrder {
  id: string;
  /** The customer's account, null for a guest order. */
  userId: string | null;
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

/** The orders and settings a payment function reads, and the ledger it writes (ledger.ts). */
export interface PaymentStore extends OrderAccessStore, LedgerStore {
  findOrderById(id: string): Promise<PaymentOrder | null>;
  findOrderByNumber(orderNumber: string): Promise<PaymentOrder | null>;
  /** Values of the asked app_settings keys; absent keys are missing from the result. */
  loadSettings(keys: readonly string[]): Promise<Record<string, string>>;
}

const ORDER_NUMBER_FORMAT = /^KT\d{9}$/;

const ORDER_COLUMNS =
  'id, user_id, payu_order_id, status, payu_status, payment_method, delivery_method, total, shipping_cost, customer_name, customer_email, customer_phone, order_items(product_name, size_label, quantity, price)';

type OrderRow = Pick<
  Row<'orders'>,
  | 'id'
  | 'user_id'
  | 'payu_order_id'
  | 'status'
  | 'payu_status'
  | 'payment_method'
  | 'delivery_method'
  | 'total'
  | 'shipping_cost'
  | 'customer_name'
  | 'customer_email'
  | 'customer_phone'
> & {
  order_items: (Pick<Row<'order_items'>, 'product_name' | 'quantity' | 'price'> & Partial<Pick<Row<'order_items'>, 'size_label'>>)[] | null;
};

function toPaymentOrder(row: OrderRow): PaymentOrder {
  return {
    id: row.id,
    userId: row.user_id,
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
      .map((item) => ({ name: lineName(item.product_name, item.size_label), quantity: item.quantity, price: fromPln(item.price) }))
      .sort((a, b) => a.name.localeCompare(b.name, 'pl')),
  };
}

/** The real store: the service-role client, after the caller's input was validated. */
export function createPaymentStore(admin: AdminClient): PaymentStore {
  async function findOne(column: 'id' | 'payu_order_id', value: string): Promise<PaymentOrder | null> {
    const { data, error } = await admin.from('orders').select(ORDER_COLUMNS).eq(column, value).maybeSingle();
    if (error) throw new Error(`loading order failed: ${error.message}`);
    return data ? toPaymentOrder(data) : null;
  }
  return {
    // Malformed ids never reach PostgREST (a bad uuid would be a 22P02 error, not "not found").
    findOrderById: (id) => (isUuid(id) ? findOne('id', id) : Promise.resolve(null)),
    findOrderByNumber: (orderNumber) =>
      ORDER_NUMBER_FORMAT.test(orderNumber) ? findOne('payu_order_id', orderNumber) : Promise.resolve(null),

    async loadSettings(keys) {
      const { data, error } = await admin
        .from('app_settings')
        .select('key, value')
        .in('key', [...keys]);
      if (error) throw new Error(`loading settings failed: ${error.message}`);
      return Object.fromEntries(data.map((row) => [row.key, row.value]));
    },

    ...createOrderAccessStore(admin),
    ...createLedgerStore(admin),
  };
}

export function createPaymentStoreFromEnv(env: FunctionEnv): PaymentStore {
  return createPaymentStore(createAdminClient(env));
}

const LEDGER_STATE_OF_OUTCOME: Record<PayuStatus, LedgerPaymentState> = {
  COMPLETED: 'completed',
  CANCELED: 'canceled',
  REJECTED: 'rejected',
  PENDING: 'pending',
};

export type TransactionOutcome =
  | { kind: 'recorded'; order: PaymentOrder }
  | { kind: 'order_not_found' }
  /** The session does not belong to the order it names. */
  | { kind: 'session_mismatch' }
  | { kind: 'amount_mismatch'; order: PaymentOrder }
  /** The ledger refused it (another order's session, a currency other than PLN). */
  | { kind: 'refused'; order: PaymentOrder };

/**
 * Applies what the gateway itself answered about a payment (never what a
 * report claimed): the session must belong to the order, and a completed
 * payment must be of the order's stored total. Safe to repeat.
 */
export async function applyGatewayTransaction(
  store: PaymentStore,
  transaction: GatewayTransaction,
  outcome: PayuStatus,
): Promise<TransactionOutcome> {
  const order = await store.findOrderByNumber(transaction.orderId);
  if (!order) return { kind: 'order_not_found' };
  if (orderNumberOfSession(transaction.sessionId) !== order.orderNumber) return { kind: 'session_mismatch' };
  if (!/^\d{1,12}$/.test(transaction.amount) || Number(transaction.amount) !== order.total) return { kind: 'amount_mismatch', order };
  const applied = await store.applyPaymentEvent({
    provider: 'payu-classic',
    // One event per session and state: the notice and a later look-up of the same state are one event.
    eventId: `${transaction.sessionId}:${transaction.status}`,
    orderId: order.id,
    providerPaymentId: transaction.sessionId,
    method: order.paymentMethod,
    amount: grosz(Number(transaction.amount)),
    currency: 'PLN',
    state: LEDGER_STATE_OF_OUTCOME[outcome],
    content: transaction,
  });
  if (applied === 'applied' || applied === 'duplicate') return { kind: 'recorded', order };
  if (applied === 'amount_mismatch') return { kind: 'amount_mismatch', order };
  return applied === 'order_not_found' ? { kind: 'order_not_found' } : { kind: 'refused', order };
}

/** The classic session the browser is sent to, as the ledger's pending payment (the reconciliation asks about it later). */
export function recordClassicStart(store: PaymentStore, order: PaymentOrder, sessionId: string): Promise<void> {
  return store.startPayment({
    orderId: order.id,
    provider: 'payu-classic',
    providerPaymentId: sessionId,
    method: order.paymentMethod,
    amount: order.total,
  });
}

/** An order can still be paid: pending and not paid already. */
export function isPayable(order: PaymentOrder): boolean {
  return order.status === 'pending' && order.payuStatus !== 'COMPLETED';
}

// ------------------------------------------------------------------ gateway settings

export const GATEWAY_SETTING_KEYS = [
  'payu_classic_pos_id',
  'payu_classic_pos_auth_key',
  'payu_classic_key2',
  'payu_classic_gateway_url',
  'payu_classic_success_url',
  'payu_classic_failure_url',
] as const;

export interface GatewaySettings {
  posId: string;
  /** Signs the shop's requests to the gateway (key1 in PayU's terms; docs/spec.md §5 calls it the auth key). */
  authKey: string;
  /** Verifies what the gateway sends: its reports and its status answers. */
  key2: string;
  gatewayUrl: string;
  /** Payment/get: where the shop asks for a payment's real state. */
  statusUrl: string;
  successUrl: string;
  failureUrl: string;
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

function httpUrl(value: string | undefined): string | null {
  return isHttpUrl(value) ? withoutTrailingSlash(value) : null;
}

/**
 * The keys seed.sql puts in a fresh local database. Published in this
 * repository, so anyone could sign with them: outside the local backend a
 * function refuses to use them.
 */
export const SEEDED_GATEWAY_KEYS: readonly string[] = ['local-pos-auth-key-change-me', 'local-payu-key2-change-me'];

/** The local backend mounts its simulator here (server/ reads it from this module). */
export { LOCAL_SIMULATOR_PATH };

type GatewayEnv = Pick<FunctionEnv, 'supabaseUrl' | 'siteUrl' | 'localPaymentSimulator'>;

/**
 * The gateway settings, or null when they cannot be used: data missing, an
 * address that cannot be formed, or a seeded key outside the local backend
 * (logged, so the owner can tell why payments fail). Blank addresses mean
 * the app's /checkout/success and /checkout/cancel, and — only locally —
 * the local payment simulator.
 */
export function resolveGatewaySettings(settings: Record<string, string>, env: GatewayEnv): GatewaySettings | null {
  const setting = (key: string) => settings[key]?.trim() ?? '';
  const posId = setting('payu_classic_pos_id');
  const authKey = setting('payu_classic_pos_auth_key');
  const key2 = setting('payu_classic_key2');
  if (!env.localPaymentSimulator && [authKey, key2].some((key) => SEEDED_GATEWAY_KEYS.includes(key))) {
    console.error('[payments] refusing the seeded PayU keys outside the local backend: set your own in the admin settings');
    return null;
  }
  const site = env.siteUrl ? withoutTrailingSlash(env.siteUrl) : '';
  const gatewayUrl = resolveGatewayUrl(settings.payu_classic_gateway_url, env.localPaymentSimulator ? env.supabaseUrl : null);
  const successUrl = httpUrl(setting('payu_classic_success_url') || (site && `${site}/checkout/success`));
  const failureUrl = httpUrl(setting('payu_classic_failure_url') || (site && `${site}/checkout/cancel`));
  if (!site && (!setting('payu_classic_success_url') || !setting('payu_classic_failure_url'))) {
    // SITE_URL is not one of the secrets hosted Supabase sets by itself.
    console.error(
      '[payments] missing secret SITE_URL: the payment return addresses (payu_classic_success_url, payu_classic_failure_url) are blank, ' +
        'so they are built from SITE_URL; set it with `supabase secrets set SITE_URL=https://…` or fill both addresses in the admin settings',
    );
  }
  if (!posId || !authKey || !key2 || authKey === key2 || !gatewayUrl || !successUrl || !failureUrl) return null;
  return { posId, authKey, key2, gatewayUrl, statusUrl: statusUrlOf(gatewayUrl), successUrl, failureUrl };
}

export async function loadGatewaySettings(store: PaymentStore, env: GatewayEnv): Promise<GatewaySettings | null> {
  return resolveGatewaySettings(await store.loadSettings(GATEWAY_SETTING_KEYS), env);
}

export const SHIPPING_LINE_NAME = 'Dostawa';

/** Why a payment cannot start, as the customer (and the owner's testing tab) reads it. */
export const PAYMENT_REFUSALS = {
  missingOrder: 'Brak numeru zamówienia.',
  notFound: 'Nie znaleziono zamówienia.',
  closed: 'To zamówienie jest już opłacone lub zamknięte.',
  offline: 'To zamówienie nie jest opłacane online.',
} as const;

function appendQuery(url: string, query: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

export interface OrderRedirectOptions {
  /** The value of ?payment= on the success page. */
  paymentLabel: string;
  ts: number;
}

/**
 * The signed gateway redirect for a stored order: every field — amount,
 * description, buyer and lines — from the order (with shipping as its own
 * line, so the lines add up); nothing a caller sent. Null if the order's
 * data does not fit the gateway's field rules or its URL length.
 */
export function orderGatewayRedirect(
  settings: GatewaySettings,
  order: PaymentOrder,
  options: OrderRedirectOptions,
): { url: string; params: GatewayParams } | null {
  const number = encodeURIComponent(order.orderNumber);
  const { firstName, lastName } = splitCustomerName(order.customerName);
  const items = order.items.map((item) => ({ name: item.name, quantity: item.quantity, unitPrice: toPln(item.price) }));
  if (order.shippingCost > 0) items.push({ name: SHIPPING_LINE_NAME, quantity: 1, unitPrice: toPln(order.shippingCost) });
  const redirect = buildGatewayRedirect(settings.gatewayUrl, {
    posId: settings.posId,
    posAuthKey: settings.authKey,
    orderNumber: order.orderNumber,
    description: `Zamówienie ${order.orderNumber}`,
    desc2: `Kwiaciarnia – zamówienie ${order.orderNumber}`,
    trsDesc: `Zamówienie ${order.orderNumber}`,
    totalAmount: toPln(order.total),
    buyer: { email: order.customerEmail, phone: order.customerPhone, firstName, lastName },
    items,
    successUrl: appendQuery(settings.successUrl, `payment=${encodeURIComponent(options.paymentLabel)}&orderId=${number}`),
    failureUrl: appendQuery(settings.failureUrl, `orderId=${number}`),
    ts: options.ts,
  });
  if (!redirect) return null;
  const { pos_auth_key: _signingKey, ...sent } = redirect.params;
  return gatewayFieldSetProblems(sent as ParamRecord).length === 0 ? redirect : null;
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
