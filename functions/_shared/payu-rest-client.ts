import {
  BLIK_CODE_FORMAT,
  LOCAL_PAYU_REST_SIMULATOR_PATH,
  PAYU_ID_FORMAT,
  PAYU_NOTIFY_FUNCTION,
  PAYU_OAUTH_PATH,
  PAYU_ORDERS_PATH,
  payuRestOrderBody,
  readPayuRefund,
  readRetrieveAnswer,
  readStatusBlock,
  type PayuOrder,
  type PayuOrderCreateRequest,
  type PayuPayMethodChoice,
  type PayuRefund,
  type PayuStatusBlock,
} from '../../src/domain/payu-rest.ts';
import { isHttpUrl } from '../../src/domain/payu-fields.ts';
import { PAYMENT_CONFIGURATION_MESSAGE, type FunctionEnv } from './env.ts';
import { HttpError } from './http.ts';
import type { LedgerStore } from './ledger.ts';
import type { PaymentOrder, PaymentStore } from './payments.ts';

/**
 * The shop's PayU REST 2.1 client (developers.payu.com/europe): OAuth
 * client_credentials with a cached token, order create / retrieve, refunds.
 * Every call has a timeout and goes through an injected fetch, so the
 * functions, the tests and the local simulator share it.
 */

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export const PAYU_REST_SETTING_KEYS = [
  'payu_rest_api_url',
  'payu_rest_pos_id',
  'payu_rest_client_id',
  'payu_rest_client_secret',
  'payu_rest_second_key',
  'payu_blik_code',
] as const;

/** 'rest' sends card/BLIK/PayU payments through this client; anything else keeps PayU classic. */
export const PAYU_API_SETTING = 'payu_api';

export function usesPayuRest(settings: Record<string, string>): boolean {
  return settings[PAYU_API_SETTING]?.trim() === 'rest';
}

/**
 * The values seed.sql puts in a fresh local database. Published here, so a
 * function refuses them outside the local backend (like the classic keys).
 */
export const SEEDED_PAYU_REST_SECRETS: readonly string[] = [
  'local-payu-rest-client-secret-change-me',
  'local-payu-rest-second-key-change-me',
];

export interface PayuRestSettings {
  /** https://secure.payu.com, the sandbox, or locally the simulator. */
  apiUrl: string;
  posId: string;
  clientId: string;
  clientSecret: string;
  /** 'Drugi klucz (MD5)': verifies notifications. */
  secondKey: string;
  /** The POS takes BLIK codes on the shop's page ('Płatność transparentna kodem autoryzacyjnym BLIK'). */
  blikCode: boolean;
}

type PayuEnv = Pick<FunctionEnv, 'supabaseUrl' | 'siteUrl' | 'localPaymentSimulator'>;

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/**
 * The settings, or null when they cannot be used (logged, never with a
 * secret): something missing, an address that is not http(s), or a seeded
 * secret outside the local backend. A blank address means the local
 * simulator, and only where it runs.
 */
export function resolvePayuRestSettings(settings: Record<string, string>, env: PayuEnv): PayuRestSettings | null {
  const setting = (key: string) => settings[key]?.trim() ?? '';
  const clientSecret = setting('payu_rest_client_secret');
  const secondKey = setting('payu_rest_second_key');
  if (!env.localPaymentSimulator && [clientSecret, secondKey].some((value) => SEEDED_PAYU_REST_SECRETS.includes(value))) {
    console.error('[payu-rest] refusing the seeded PayU REST secrets outside the local backend: set your own in the admin settings');
    return null;
  }
  const stored = setting('payu_rest_api_url');
  const apiUrl = stored || (env.localPaymentSimulator ? `${withoutTrailingSlash(env.supabaseUrl)}${LOCAL_PAYU_REST_SIMULATOR_PATH}` : '');
  const posId = setting('payu_rest_pos_id');
  const clientId = setting('payu_rest_client_id');
  const values = {
    payu_rest_pos_id: posId,
    payu_rest_client_id: clientId,
    payu_rest_client_secret: clientSecret,
    payu_rest_second_key: secondKey,
  };
  const missing = Object.entries(values)
    .filter(([, value]) => !value)
    .map(([key]) => key);
  if (!apiUrl) missing.push('payu_rest_api_url (e.g. https://secure.payu.com)');
  if (missing.length > 0 || !isHttpUrl(apiUrl) || !/^\d{1,12}$/.test(posId)) {
    console.error(
      `[payu-rest] PayU REST settings unusable: ${missing.length > 0 ? `missing ${missing.join(', ')}` : 'invalid address or POS id'}`,
    );
    return null;
  }
  return { apiUrl: withoutTrailingSlash(apiUrl), posId, clientId, clientSecret, secondKey, blikCode: setting('payu_blik_code') === 'true' };
}

export async function loadPayuRestSettings(store: Pick<PaymentStore, 'loadSettings'>, env: PayuEnv): Promise<PayuRestSettings | null> {
  return resolvePayuRestSettings(await store.loadSettings(PAYU_REST_SETTING_KEYS), env);
}

// ------------------------------------------------------------------ errors

export type PayuRestErrorKind =
  /** No answer (network, timeout) or a 5xx: worth trying again later. */
  | 'unreachable'
  /** OAuth refused the client id/secret. */
  | 'unauthorized'
  /** PayU refused the request (4xx with a status block). */
  | 'refused'
  /** An answer the client cannot read. */
  | 'malformed';

export class PayuRestError extends Error {
  constructor(
    readonly kind: PayuRestErrorKind,
    message: string,
    readonly status: PayuStatusBlock | null = null,
  ) {
    super(message);
  }
}

// ------------------------------------------------------------------ the client

export const PAYU_REST_TIMEOUT_MS = 10_000;
/** A token is renewed this long before PayU says it expires. */
const TOKEN_MARGIN_MS = 60_000;

/** Tokens by API address and client id, for the life of the function instance. */
const tokenCache = new Map<string, { token: string; expiresAt: number }>();

/** Forgets every cached token (tests; a changed secret takes effect at once). */
export function clearPayuTokenCache(): void {
  tokenCache.clear();
}

export type PayuCreateResult =
  /** The buyer goes to PayU (or the simulator) to pay. */
  | { kind: 'redirect'; orderId: string; redirectUri: string }
  /** A BLIK code was accepted: the buyer confirms in the bank's app; the notification tells the outcome. */
  | { kind: 'blik-pending'; orderId: string };

export interface PayuRestClient {
  createOrder(body: PayuOrderCreateRequest): Promise<PayuCreateResult>;
  /** The order as PayU has it; null when PayU does not know it. */
  retrieveOrder(orderId: string): Promise<PayuOrder | null>;
  /**
   * Asks PayU to cancel an order nobody has paid (DELETE, as the SDKs'
   * OpenPayU_Order::cancel). PayU refuses to cancel a completed one; the
   * caller reads the order back either way.
   */
  cancelOrder(orderId: string): Promise<void>;
  refund(orderId: string, refund: { amount: number; extRefundId: string; description: string }): Promise<PayuRefund>;
  /** One refund as PayU has it; null when PayU does not know it. */
  retrieveRefund(orderId: string, refundId: string): Promise<PayuRefund | null>;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

function statusOf(payload: unknown): PayuStatusBlock | null {
  return typeof payload === 'object' && payload !== null ? readStatusBlock((payload as { status?: unknown }).status) : null;
}

function describe(status: PayuStatusBlock | null, httpStatus: number): string {
  return status ? [status.statusCode, status.codeLiteral, status.statusDesc].filter(Boolean).join(' ') : `HTTP ${httpStatus}`;
}

export function createPayuRestClient(settings: PayuRestSettings, fetchImpl: FetchLike, now: () => number = Date.now): PayuRestClient {
  const cacheKey = `${settings.apiUrl}\n${settings.clientId}`;

  async function send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetchImpl(url, { ...init, signal: AbortSignal.timeout(PAYU_REST_TIMEOUT_MS) });
    } catch (error) {
      throw new PayuRestError('unreachable', `PayU unreachable: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async function token(): Promise<string> {
    const cached = tokenCache.get(cacheKey);
    if (cached && cached.expiresAt > now()) return cached.token;
    const response = await send(`${settings.apiUrl}${PAYU_OAUTH_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
      }).toString(),
    });
    const payload = (await readJson(response)) as { access_token?: unknown; expires_in?: unknown } | null;
    if (response.status >= 500) throw new PayuRestError('unreachable', `PayU OAuth answered HTTP ${response.status}`);
    if (!response.ok) throw new PayuRestError('unauthorized', `PayU OAuth refused the client (HTTP ${response.status})`);
    const accessToken = payload?.access_token;
    const expiresIn = typeof payload?.expires_in === 'number' ? payload.expires_in : Number(payload?.expires_in);
    if (typeof accessToken !== 'string' || !accessToken || !Number.isFinite(expiresIn) || expiresIn <= 0) {
      throw new PayuRestError('malformed', 'PayU OAuth answer without a token');
    }
    tokenCache.set(cacheKey, { token: accessToken, expiresAt: now() + expiresIn * 1000 - TOKEN_MARGIN_MS });
    return accessToken;
  }

  /** An API call with the bearer token; a 401 drops the cached token and tries once more with a new one. */
  async function call(path: string, init: RequestInit): Promise<{ response: Response; payload: unknown }> {
    for (let attempt = 0; ; attempt += 1) {
      const bearer = await token();
      const response = await send(`${settings.apiUrl}${path}`, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), Authorization: `Bearer ${bearer}` },
      });
      const payload = await readJson(response);
      if (response.status === 401 && attempt === 0) {
        tokenCache.delete(cacheKey);
        continue;
      }
      if (response.status >= 500) throw new PayuRestError('unreachable', `PayU answered HTTP ${response.status}`, statusOf(payload));
      return { response, payload };
    }
  }

  function orderPath(orderId: string): string {
    if (!PAYU_ID_FORMAT.test(orderId)) throw new PayuRestError('malformed', 'Not a PayU order id');
    return `${PAYU_ORDERS_PATH}/${encodeURIComponent(orderId)}`;
  }

  return {
    async createOrder(body) {
      // PayU answers 302 with a JSON body; following it would load PayU's payment page instead.
      const { response, payload } = await call(PAYU_ORDERS_PATH, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        redirect: 'manual',
      });
      const status = statusOf(payload);
      const record = (payload ?? {}) as { orderId?: unknown; redirectUri?: unknown };
      const accepted = [200, 201, 302].includes(response.status);
      if (!accepted || !status || !['SUCCESS', 'WARNING_CONTINUE_REDIRECT', 'WARNING_CONTINUE_3DS'].includes(status.statusCode)) {
        throw new PayuRestError('refused', `PayU refused the order: ${describe(status, response.status)}`, status);
      }
      if (typeof record.orderId !== 'string' || !PAYU_ID_FORMAT.test(record.orderId)) {
        throw new PayuRestError('malformed', 'PayU order answer without an orderId');
      }
      if (typeof record.redirectUri === 'string' && isHttpUrl(record.redirectUri)) {
        return { kind: 'redirect', orderId: record.orderId, redirectUri: record.redirectUri };
      }
      if (body.payMethods?.payMethod.type === 'BLIK_AUTHORIZATION_CODE' && status.statusCode === 'SUCCESS') {
        return { kind: 'blik-pending', orderId: record.orderId };
      }
      throw new PayuRestError('malformed', 'PayU order answer without a redirect address');
    },

    async retrieveOrder(orderId) {
      const { response, payload } = await call(orderPath(orderId), { method: 'GET' });
      if (response.status === 404) return null;
      const order = response.ok ? readRetrieveAnswer(payload) : null;
      if (!order) throw new PayuRestError('malformed', `PayU order answer unreadable: ${describe(statusOf(payload), response.status)}`);
      return order;
    },

    async cancelOrder(orderId) {
      const { response, payload } = await call(orderPath(orderId), { method: 'DELETE' });
      if (!response.ok && response.status !== 404) {
        throw new PayuRestError('refused', `PayU did not cancel the order: ${describe(statusOf(payload), response.status)}`);
      }
    },

    async refund(orderId, refund) {
      if (!Number.isSafeInteger(refund.amount) || refund.amount <= 0)
        throw new PayuRestError('malformed', 'A refund amount is whole grosz above 0');
      const { response, payload } = await call(`${orderPath(orderId)}/refunds`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          refund: { description: refund.description, amount: String(refund.amount), extRefundId: refund.extRefundId },
        }),
      });
      const status = statusOf(payload);
      if (!response.ok || status?.statusCode !== 'SUCCESS') {
        throw new PayuRestError('refused', `PayU refused the refund: ${describe(status, response.status)}`, status);
      }
      const made = readPayuRefund((payload as { refund?: unknown }).refund);
      if (!made) throw new PayuRestError('malformed', 'PayU refund answer unreadable');
      return made;
    },

    async retrieveRefund(orderId, refundId) {
      if (!PAYU_ID_FORMAT.test(refundId)) throw new PayuRestError('malformed', 'Not a PayU refund id');
      const { response, payload } = await call(`${orderPath(orderId)}/refunds/${encodeURIComponent(refundId)}`, { method: 'GET' });
      if (response.status === 404) return null;
      // The documented answer is the refund itself; a wrapped { refund } is read too.
      const wrapped = (payload as { refund?: unknown } | null)?.refund;
      const refund = response.ok ? readPayuRefund(wrapped ?? payload) : null;
      if (!refund) throw new PayuRestError('malformed', `PayU refund answer unreadable (HTTP ${response.status})`);
      return refund;
    },
  };
}

// ------------------------------------------------------------------ starting a payment

export interface StartPayuRestPaymentDeps {
  store: Pick<PaymentStore, 'loadSettings'>;
  ledger: Pick<LedgerStore, 'startPayment'>;
  env: PayuEnv;
  fetch: FetchLike;
  now(): number;
}

export interface StartPayuRestPaymentOptions {
  /** The buyer's address (first X-Forwarded-For entry); PayU requires one. */
  customerIp?: string;
  /** The 6-digit code typed in the checkout, for a BLIK order on a POS that takes codes. */
  blikCode?: string | null;
}

/** A redirect to PayU's page, or a BLIK code PayU accepted: the buyer confirms in the bank's app and the notification settles it. */
export type StartPayuRestPaymentResult = { url: string } | { blik: 'pending' };

/** The messages the checkout shows (Polish `details`, English `error` in the code, as create-payment answers). */
const MESSAGES = {
  unreachable: 'Nie udało się połączyć z operatorem płatności. Spróbuj ponownie za chwilę.',
  refused: 'Operator płatności odrzucił płatność. Spróbuj ponownie lub wybierz inną metodę.',
  blikCode: 'Kod BLIK jest nieprawidłowy lub wygasł. Wygeneruj nowy kod w aplikacji banku i spróbuj ponownie.',
  blikFormat: 'Kod BLIK składa się z 6 cyfr.',
};

function appendQuery(url: string, query: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

function payMethodOf(order: PaymentOrder, settings: PayuRestSettings, blikCode: string | null | undefined): PayuPayMethodChoice {
  if (order.paymentMethod !== 'blik') return { kind: 'none' };
  const code = blikCode?.replace(/\s/g, '') ?? '';
  if (code && settings.blikCode) {
    if (!BLIK_CODE_FORMAT.test(code)) throw new HttpError(400, 'Invalid BLIK code', MESSAGES.blikFormat);
    return { kind: 'blik-code', code };
  }
  return { kind: 'blik-redirect' };
}

/**
 * Starts the stored order's payment at PayU REST and records the attempt in
 * the ledger (provider 'payu-rest', PayU's orderId). Every amount and buyer
 * field comes from the order. The caller has already checked that the
 * caller may pay this order and that it is payable. Throws HttpError with
 * create-payment's shape (English code, Polish message).
 */
export async function startPayuRestPayment(
  deps: StartPayuRestPaymentDeps,
  order: PaymentOrder,
  options: StartPayuRestPaymentOptions = {},
): Promise<StartPayuRestPaymentResult> {
  const settings = await loadPayuRestSettings(deps.store, deps.env);
  if (!settings) throw new HttpError(503, 'Payment gateway configuration is missing', PAYMENT_CONFIGURATION_MESSAGE);
  if (!deps.env.siteUrl) {
    console.error('[payu-rest] missing secret SITE_URL: PayU sends the buyer back to `${SITE_URL}/checkout/success`');
    throw new HttpError(503, 'Payment gateway configuration is missing', PAYMENT_CONFIGURATION_MESSAGE);
  }
  const number = encodeURIComponent(order.orderNumber);
  const continueUrl = appendQuery(
    `${withoutTrailingSlash(deps.env.siteUrl)}/checkout/success`,
    `payment=${encodeURIComponent(order.paymentMethod)}&orderId=${number}`,
  );
  const built = payuRestOrderBody(order, {
    merchantPosId: settings.posId,
    notifyUrl: `${withoutTrailingSlash(deps.env.supabaseUrl)}/functions/v1/${PAYU_NOTIFY_FUNCTION}`,
    continueUrl,
    customerIp: options.customerIp,
    ts: deps.now(),
    payMethod: payMethodOf(order, settings, options.blikCode),
  });
  if (!built.ok) {
    console.error(`[payu-rest] order ${order.orderNumber} cannot be sent to PayU: ${built.problems.join('; ')}`);
    throw new HttpError(503, 'Payment gateway configuration is missing', PAYMENT_CONFIGURATION_MESSAGE);
  }

  let created: PayuCreateResult;
  try {
    created = await createPayuRestClient(settings, deps.fetch, deps.now).createOrder(built.body);
  } catch (error) {
    if (!(error instanceof PayuRestError)) throw error;
    console.error(`[payu-rest] order ${order.orderNumber}: ${error.message}`);
    if (error.kind === 'unauthorized') throw new HttpError(503, 'Payment gateway configuration is missing', PAYMENT_CONFIGURATION_MESSAGE);
    if (error.kind === 'refused' && built.body.payMethods?.payMethod.type === 'BLIK_AUTHORIZATION_CODE') {
      throw new HttpError(422, 'BLIK code rejected', MESSAGES.blikCode);
    }
    if (error.kind === 'refused') throw new HttpError(502, 'Failed to create payment session', MESSAGES.refused);
    throw new HttpError(502, 'Failed to create payment session', MESSAGES.unreachable);
  }

  await deps.ledger.startPayment({
    orderId: order.id,
    provider: 'payu-rest',
    providerPaymentId: created.orderId,
    method: order.paymentMethod,
    amount: order.total,
  });
  return created.kind === 'redirect' ? { url: created.redirectUri } : { blik: 'pending' };
}
