import { htmlPage, paymentPage } from './payu-rest-simulator-page.ts';
import {
  BLIK_CODE_FORMAT,
  PAYU_OAUTH_PATH,
  PAYU_ORDERS_PATH,
  productsTotal,
  signOpenPayuNotification,
  type PayuOrderCreateRequest,
  type PayuOrderStatus,
  type PayuProduct,
  type PayuRefundStatus,
} from '../../../src/domain/payu-rest.ts';
import { isHttpUrl } from '../../../src/domain/payu-fields.ts';
import type { Handler } from '../../../functions/_shared/http.ts';
import type { PaymentStore } from '../../../functions/_shared/payments.ts';

/**
 * A stand-in for PayU's REST API 2.1, for the local backend only (it lives
 * in server/, never in functions/, so nothing deploys it). It keeps its own
 * orders in memory and behaves as PayU documents: OAuth client_credentials,
 * order create (302 + JSON with redirectUri; 201 for a BLIK code), retrieve,
 * refunds, and notifications signed with the second key
 * (OpenPayu-Signature, MD5) posted to the order's notifyUrl. Its payment
 * page stands in for PayU's. BLIK codes as in PayU's sandbox (developers.payu.com
 * /europe/docs/payment-solutions/blik/testing): 777xxx and 200201 approve,
 * 500500 declines, 700701–700703 are an expired, cancelled or used code.
 */

export interface PayuRestSimulatorDeps {
  /** Only the POS settings: the simulator never reads or writes the shop's orders. */
  store: Pick<PaymentStore, 'loadSettings'>;
  /** The simulator's public address (where its payment page is), e.g. `${SUPABASE_URL}/functions/v1/payu-rest-simulator`. */
  baseUrl: string;
  fetch(input: string, init: RequestInit): Promise<Response>;
  now(): number;
  /** Runs later what PayU does on its own time (BLIK confirmation, refund settlement); default setTimeout. */
  later?(task: () => Promise<void>, delayMs: number): void;
}

export const SIMULATOR_TOKEN_SECONDS = 43_199;
/** How long after a BLIK code the bank app's confirmation "arrives". */
export const BLIK_CONFIRMATION_MS = 2_000;
export const REFUND_SETTLEMENT_MS = 2_000;
const MAX_BODY_BYTES = 64 * 1024;

interface SimRefund {
  refundId: string;
  extRefundId?: string;
  amount: number;
  description: string;
  status: PayuRefundStatus;
  creationDateTime: string;
  statusDateTime: string;
}

interface SimOrder {
  orderId: string;
  request: PayuOrderCreateRequest;
  status: PayuOrderStatus;
  createdAt: string;
  /** The buyer chose BLIK in the shop: the payment page asks for the code. */
  blikOnPage: boolean;
  refunds: SimRefund[];
}

interface PosSettings {
  posId: string;
  clientId: string;
  clientSecret: string;
  secondKey: string;
}

async function posSettings(store: PayuRestSimulatorDeps['store']): Promise<PosSettings | null> {
  const settings = await store.loadSettings(['payu_rest_pos_id', 'payu_rest_client_id', 'payu_rest_client_secret', 'payu_rest_second_key']);
  const value = (key: string) => settings[key]?.trim() ?? '';
  const pos = {
    posId: value('payu_rest_pos_id'),
    clientId: value('payu_rest_client_id'),
    clientSecret: value('payu_rest_client_secret'),
    secondKey: value('payu_rest_second_key'),
  };
  return Object.values(pos).every(Boolean) ? pos : null;
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers },
  });
}

function payuError(status: number, statusCode: string, statusDesc: string, codeLiteral?: string): Response {
  return json(status, { status: { statusCode, severity: 'ERROR', ...(codeLiteral ? { codeLiteral } : {}), statusDesc } });
}

async function readText(request: Request): Promise<string | null> {
  const text = await request.text();
  return new TextEncoder().encode(text).length > MAX_BODY_BYTES ? null : text;
}

function randomId(): string {
  return crypto.randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase();
}

function isText(value: unknown, max = 4096): value is string {
  return typeof value === 'string' && value.trim() !== '' && value.length <= max;
}

/** PayU's own checks of an order, as far as the shop can trip them; null when the body is acceptable. */
function createProblem(body: Record<string, unknown>, posId: string): Response | null {
  for (const field of [
    'notifyUrl',
    'customerIp',
    'merchantPosId',
    'description',
    'currencyCode',
    'totalAmount',
    'extOrderId',
    'products',
  ]) {
    if (body[field] === undefined || body[field] === '') return payuError(400, 'ERROR_VALUE_MISSING', `Missing required field: ${field}`);
  }
  if (body.merchantPosId !== posId) return payuError(400, 'ERROR_VALUE_INVALID', 'Invalid merchantPosId', 'INVALID_POS_ID');
  if (body.currencyCode !== 'PLN') return payuError(400, 'ERROR_VALUE_INVALID', 'Unsupported currency', 'INVALID_CURRENCY');
  if (!isHttpUrl(body.notifyUrl as string) || (body.continueUrl !== undefined && !isHttpUrl(body.continueUrl as string))) {
    return payuError(400, 'ERROR_VALUE_INVALID', 'Invalid notifyUrl or continueUrl');
  }
  if (!isText(body.description) || !isText(body.extOrderId, 100) || !isText(body.customerIp, 45)) {
    return payuError(400, 'ERROR_VALUE_INVALID', 'Invalid description, extOrderId or customerIp');
  }
  const total = typeof body.totalAmount === 'string' && /^[1-9]\d{0,11}$/.test(body.totalAmount) ? Number(body.totalAmount) : null;
  const products = Array.isArray(body.products) ? (body.products as PayuProduct[]) : [];
  const valid = products.length > 0 && products.every((product) => isText(product?.name, 255));
  const sum = valid
    ? productsTotal(products.map((p) => ({ name: p.name, unitPrice: String(p.unitPrice), quantity: String(p.quantity) })))
    : null;
  if (total === null || sum === null) return payuError(400, 'ERROR_VALUE_INVALID', 'Invalid totalAmount or products');
  if (sum !== total) return payuError(400, 'ERROR_VALUE_INVALID', 'Sum of products is not equal to totalAmount', 'INVALID_TOTAL_AMOUNT');
  return null;
}

type BlikOutcome = 'COMPLETED' | 'CANCELED';

/** PayU sandbox's BLIK codes: 777xxx and 200201 approve; 500500 (declined), 700701–3 and any other code do not. */
export function blikOutcomeOfCode(code: string): BlikOutcome {
  return /^777\d{3}$/.test(code) || code === '200201' ? 'COMPLETED' : 'CANCELED';
}

// ------------------------------------------------------------------ the handler

/**
 * The routes under the simulator's address: the OAuth and order API paths
 * of PayU, and /pay/{orderId}, the payment page its redirectUri names.
 */
export function createPayuRestSimulatorHandler(deps: PayuRestSimulatorDeps): Handler {
  const orders = new Map<string, SimOrder>();
  const extOrderIds = new Set<string>();
  const tokens = new Map<string, number>();
  let refundCount = 0;
  const later = deps.later ?? ((task, delayMs) => void setTimeout(() => void task(), delayMs));
  const base = deps.baseUrl.replace(/\/+$/, '');
  const basePath = new URL(base).pathname;
  const iso = () => new Date(deps.now()).toISOString();

  async function post(url: string, body: unknown, pos: PosSettings): Promise<void> {
    const text = JSON.stringify(body);
    try {
      const response = await deps.fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'OpenPayu-Signature': await signOpenPayuNotification(text, pos.secondKey, 'MD5') },
        body: text,
      });
      // PayU would retry until it gets 200; the simulator only says so.
      if (response.status !== 200) console.error(`[payu-rest-simulator] the shop answered a notification with ${response.status}`);
    } catch (error) {
      console.error('[payu-rest-simulator] the shop could not be notified', error);
    }
  }

  async function setStatus(order: SimOrder, status: PayuOrderStatus): Promise<void> {
    // As at PayU, a completed or canceled order stays so.
    if (order.status === status || order.status === 'COMPLETED' || order.status === 'CANCELED') return;
    order.status = status;
    const pos = await posSettings(deps.store);
    if (!pos) return;
    const { payMethods: _chosen, ...request } = order.request;
    await post(
      order.request.notifyUrl,
      {
        order: { ...request, orderId: order.orderId, orderCreateDate: order.createdAt, status },
        localReceiptDateTime: iso(),
        properties: [{ name: 'PAYMENT_ID', value: order.orderId.slice(3, 13) }],
      },
      pos,
    );
  }

  function authorized(request: Request): boolean {
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
    const expiresAt = token ? tokens.get(token) : undefined;
    return expiresAt !== undefined && expiresAt > deps.now();
  }

  async function oauth(request: Request): Promise<Response> {
    const form = new URLSearchParams((await readText(request)) ?? '');
    const pos = await posSettings(deps.store);
    if (form.get('grant_type') !== 'client_credentials')
      return json(400, { error: 'unsupported_grant_type', error_description: 'Unsupported grant type' });
    if (!pos || form.get('client_id') !== pos.clientId || form.get('client_secret') !== pos.clientSecret) {
      return json(401, { error: 'invalid_client', error_description: 'Bad client credentials' });
    }
    const token = crypto.randomUUID();
    tokens.set(token, deps.now() + SIMULATOR_TOKEN_SECONDS * 1000);
    return json(200, { access_token: token, token_type: 'bearer', expires_in: SIMULATOR_TOKEN_SECONDS, grant_type: 'client_credentials' });
  }

  async function createOrder(request: Request): Promise<Response> {
    const text = await readText(request);
    let body: unknown;
    try {
      body = JSON.parse(text ?? '');
    } catch {
      return payuError(400, 'ERROR_SYNTAX', 'Incorrect request syntax');
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return payuError(400, 'ERROR_SYNTAX', 'Incorrect request syntax');
    const pos = await posSettings(deps.store);
    if (!pos) return payuError(500, 'ERROR_INTERNAL', 'The simulator has no POS settings');
    const problem = createProblem(body as Record<string, unknown>, pos.posId);
    if (problem) return problem;
    const orderRequest = body as PayuOrderCreateRequest;
    if (extOrderIds.has(orderRequest.extOrderId))
      return payuError(400, 'ERROR_ORDER_NOT_UNIQUE', 'Order with this extOrderId already exists');

    const payMethod = orderRequest.payMethods?.payMethod;
    const blikCode = payMethod?.type === 'BLIK_AUTHORIZATION_CODE' ? payMethod.value : null;
    if (payMethod?.type === 'BLIK_AUTHORIZATION_CODE' && !BLIK_CODE_FORMAT.test(String(blikCode))) {
      return payuError(400, 'ERROR_VALUE_INVALID', 'Invalid BLIK authorization code', 'INVALID_BLIK_CODE');
    }
    const order: SimOrder = {
      orderId: `SIM${randomId()}GUEST000P01`,
      request: orderRequest,
      status: 'NEW',
      createdAt: iso(),
      blikOnPage: payMethod?.type === 'PBL' && payMethod.value === 'blik',
      refunds: [],
    };
    orders.set(order.orderId, order);
    extOrderIds.add(orderRequest.extOrderId);

    if (blikCode !== null) {
      // The code is taken at once; the bank app's confirmation comes later, then the notifications.
      later(async () => {
        await setStatus(order, 'PENDING');
        later(() => setStatus(order, blikOutcomeOfCode(blikCode)), BLIK_CONFIRMATION_MS);
      }, 100);
      return json(201, { status: { statusCode: 'SUCCESS' }, orderId: order.orderId, extOrderId: orderRequest.extOrderId });
    }
    const redirectUri = `${base}/pay/${order.orderId}`;
    return json(
      302,
      { status: { statusCode: 'SUCCESS' }, redirectUri, orderId: order.orderId, extOrderId: orderRequest.extOrderId },
      { Location: redirectUri },
    );
  }

  function orderAnswer(order: SimOrder): Record<string, unknown> {
    const { payMethods: _chosen, continueUrl: _return, ...request } = order.request;
    return { ...request, orderId: order.orderId, orderCreateDate: order.createdAt, status: order.status };
  }

  function refundAnswer(refund: SimRefund): Record<string, unknown> {
    return { ...refund, amount: String(refund.amount), currencyCode: 'PLN' };
  }

  async function settleRefund(order: SimOrder, refund: SimRefund): Promise<void> {
    refund.status = 'FINALIZED';
    refund.statusDateTime = iso();
    const pos = await posSettings(deps.store);
    if (!pos) return;
    // As PayU's refund notification: no extRefundId, so the shop asks for the refund itself.
    await post(
      order.request.notifyUrl,
      {
        orderId: order.orderId,
        extOrderId: order.request.extOrderId,
        refund: {
          refundId: refund.refundId,
          amount: String(refund.amount),
          currencyCode: 'PLN',
          status: refund.status,
          statusDateTime: refund.statusDateTime,
          reason: 'refund',
          reasonDescription: refund.description,
          refundDate: refund.statusDateTime,
        },
      },
      pos,
    );
  }

  async function createRefund(order: SimOrder, request: Request): Promise<Response> {
    let body: { refund?: { description?: unknown; amount?: unknown; extRefundId?: unknown } } | null;
    try {
      body = JSON.parse((await readText(request)) ?? '') as typeof body;
    } catch {
      return payuError(400, 'ERROR_SYNTAX', 'Incorrect request syntax');
    }
    const refund = body?.refund;
    if (!refund || !isText(refund.description)) return payuError(400, 'ERROR_VALUE_MISSING', 'Missing required field: refund.description');
    if (order.status !== 'COMPLETED') return payuError(400, 'BUSINESS_ERROR', 'Order is not completed', 'ORDER_NOT_COMPLETED');
    const extRefundId = typeof refund.extRefundId === 'string' ? refund.extRefundId : undefined;
    const known = extRefundId ? order.refunds.find((made) => made.extRefundId === extRefundId) : undefined;
    if (known)
      return json(200, {
        orderId: order.orderId,
        refund: refundAnswer(known),
        status: { statusCode: 'SUCCESS', statusDesc: 'Refund queued for processing' },
      });
    const refunded = order.refunds.filter((made) => made.status !== 'CANCELED').reduce((sum, made) => sum + made.amount, 0);
    const left = Number(order.request.totalAmount) - refunded;
    const amount = refund.amount === undefined ? left : Number(refund.amount);
    if (!Number.isSafeInteger(amount) || amount <= 0 || amount > left) {
      return payuError(400, 'ERROR_VALUE_INVALID', 'Refund amount exceeds what is left to refund', 'INVALID_REFUND_AMOUNT');
    }
    const made: SimRefund = {
      refundId: String(5_000_001 + refundCount++),
      ...(extRefundId ? { extRefundId } : {}),
      amount,
      description: refund.description,
      status: 'PENDING',
      creationDateTime: iso(),
      statusDateTime: iso(),
    };
    order.refunds.push(made);
    later(() => settleRefund(order, made), REFUND_SETTLEMENT_MS);
    return json(200, {
      orderId: order.orderId,
      refund: refundAnswer(made),
      status: { statusCode: 'SUCCESS', statusDesc: 'Refund queued for processing' },
    });
  }

  function returnAddress(order: SimOrder, declined: boolean): Response {
    const target = order.request.continueUrl;
    if (!target) return htmlPage(200, `<p>${declined ? 'Płatność odrzucona.' : 'Płatność przyjęta.'}</p>`);
    const url = declined ? `${target}${target.includes('?') ? '&' : '?'}error=501` : target;
    return new Response(null, { status: 303, headers: { Location: url, 'Cache-Control': 'no-store' } });
  }

  async function finishOnPage(order: SimOrder, request: Request): Promise<Response> {
    const form = new URLSearchParams((await readText(request)) ?? '');
    const action = form.get('action');
    if (action !== 'pay' && action !== 'reject') return paymentPage(order, 'Nieznana akcja płatności.');
    if (order.status === 'COMPLETED' || order.status === 'CANCELED') return returnAddress(order, order.status === 'CANCELED');
    if (action === 'reject') {
      await setStatus(order, 'CANCELED');
      return returnAddress(order, true);
    }
    let outcome: BlikOutcome = 'COMPLETED';
    if (order.blikOnPage) {
      const code = (form.get('blikCode') ?? '').replace(/\s/g, '');
      if (!BLIK_CODE_FORMAT.test(code)) return paymentPage(order, 'Kod BLIK składa się z 6 cyfr.');
      outcome = blikOutcomeOfCode(code);
    }
    await setStatus(order, 'PENDING');
    await setStatus(order, outcome);
    return returnAddress(order, outcome === 'CANCELED');
  }

  async function route(request: Request): Promise<Response> {
    const pathname = new URL(request.url).pathname;
    const path = pathname.startsWith(basePath) ? pathname.slice(basePath.length) || '/' : pathname;
    const method = request.method;
    if (path === PAYU_OAUTH_PATH) return method === 'POST' ? oauth(request) : json(405, { error: 'method_not_allowed' });

    const page = /^\/pay\/([A-Z0-9]+)$/.exec(path);
    if (page) {
      const order = orders.get(page[1]!);
      if (!order) return htmlPage(404, '<p>Nie znaleziono płatności.</p>');
      if (method === 'GET') return order.status === 'NEW' ? paymentPage(order) : returnAddress(order, order.status === 'CANCELED');
      return method === 'POST' ? finishOnPage(order, request) : htmlPage(405, '<p>Nieobsługiwana metoda żądania.</p>');
    }

    if (!path.startsWith(PAYU_ORDERS_PATH)) return payuError(404, 'DATA_NOT_FOUND', 'Unknown resource');
    if (!authorized(request)) return json(401, { error: 'invalid_token', error_description: 'Invalid access token' });
    const rest = path.slice(PAYU_ORDERS_PATH.length);
    if (rest === '' || rest === '/') return method === 'POST' ? createOrder(request) : payuError(405, 'ERROR_SYNTAX', 'Method not allowed');
    const match = /^\/([A-Za-z0-9]+)(?:\/refunds(?:\/([0-9A-Za-z]+))?)?$/.exec(rest);
    const order = match ? orders.get(match[1]!) : undefined;
    if (!match || !order) return payuError(404, 'DATA_NOT_FOUND', 'Order not found');
    if (rest.endsWith('/refunds') && method === 'POST') return createRefund(order, request);
    if (match[2] !== undefined && method === 'GET') {
      const refund = order.refunds.find((made) => made.refundId === match[2]);
      return refund ? json(200, refundAnswer(refund)) : payuError(404, 'DATA_NOT_FOUND', 'Refund not found');
    }
    if (!rest.includes('/refunds') && method === 'DELETE') {
      // PayU cancels an order that is not paid yet, and says so in a notification; a completed one stays.
      if (order.status === 'COMPLETED') return payuError(400, 'ERROR_ORDER_NOT_CANCELABLE', 'Order cannot be canceled');
      await setStatus(order, 'CANCELED');
      return json(200, { orderId: order.orderId, extOrderId: order.request.extOrderId, status: { statusCode: 'SUCCESS' } });
    }
    if (!rest.includes('/refunds') && method === 'GET') {
      return json(200, { orders: [orderAnswer(order)], status: { statusCode: 'SUCCESS', statusDesc: 'Request processing successful' } });
    }
    return payuError(405, 'ERROR_SYNTAX', 'Method not allowed');
  }

  return async (request) => {
    try {
      return await route(request);
    } catch (error) {
      console.error('[payu-rest-simulator] unexpected error', error);
      return payuError(500, 'ERROR_INTERNAL', 'Internal error');
    }
  };
}
