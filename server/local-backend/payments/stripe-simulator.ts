import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { isHttpUrl } from '../../../src/domain/payu-fields.ts';
import type { Handler } from '../../../functions/_shared/http.ts';
import type { PaymentStore } from '../../../functions/_shared/payments.ts';
import { parseStripeForm, type FormObject, type FormValue } from './stripe-form.ts';
import { checkoutPage, messagePage } from './stripe-simulator-page.ts';

/**
 * A stand-in for Stripe, for the local backend only: it lives in
 * server/local-backend/, never in functions/, so nothing deploys it, and the
 * gateway serves it only when LOCAL_PAYMENT_SIMULATOR=1. It answers the part
 * of Stripe's API the shop calls (Checkout Sessions, refunds) with objects
 * shaped as Stripe documents them, shows a hosted page in their place, and
 * delivers signed webhooks to the shop's stripe-webhook, as Stripe does.
 * State is in memory.
 */
export interface StripeSimulatorDeps {
  /** The Stripe settings only (secret key, webhook secret); it never reads or writes orders. */
  store: Pick<PaymentStore, 'loadSettings'>;
  /** The simulator's public address (its mount point), for the hosted page's links. */
  baseUrl: string;
  /** The shop's stripe-webhook. */
  webhookUrl: string;
  fetch(input: string, init: RequestInit): Promise<Response>;
  now(): number;
}

export interface StripeSimulator {
  handle: Handler;
  /** Resolves once every webhook started so far was delivered (tests wait on it). */
  idle(): Promise<void>;
}

const MAX_BODY_BYTES = 64 * 1024;
/** Stripe's limits for a session's expires_at, in seconds after creation. */
const MIN_LIFETIME_S = 30 * 60;
const MAX_LIFETIME_S = 24 * 60 * 60;
/** Stripe's smallest PLN charge, and the largest amount of any charge. */
const MIN_AMOUNT = 200;
const MAX_AMOUNT = 99_999_999;
const METHODS = ['card', 'blik'];

type Json = Record<string, unknown>;

interface SessionRecord {
  session: Json;
  lines: { name: string; quantity: number; amount: number }[];
  refunded: number;
}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

function apiJson(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body, null, 2), {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', 'Request-Id': `req_${randomId(14)}`, ...headers },
  });
}

function randomId(bytes = 12): string {
  return randomBytes(bytes).toString('hex');
}

function invalid(message: string, param?: string, code = 'parameter_invalid'): StripeApiError {
  return new StripeApiError(400, message, code, param);
}

function text(value: FormValue | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function wholeNumber(value: FormValue | undefined, param: string, min: number, max: number): number {
  const raw = text(value);
  if (raw === undefined || !/^\d{1,12}$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw invalid(`Invalid integer: ${param} must be a whole number from ${min} to ${max}`, param, 'parameter_invalid_integer');
  }
  return Number(raw);
}

function record(value: FormValue | undefined): FormObject {
  return typeof value === 'object' && !Array.isArray(value) ? value : {};
}

function metadataOf(value: FormValue | undefined): Record<string, string> {
  const entries = Object.entries(record(value));
  if (entries.length > 50 || entries.some(([key, item]) => typeof item !== 'string' || key.length > 40 || item.length > 500)) {
    throw invalid('Invalid metadata: at most 50 keys of up to 40 characters, values up to 500', 'metadata');
  }
  return Object.fromEntries(entries) as Record<string, string>;
}

/** Line items as Stripe checks them, and their total: every line in the session's currency, the sum within Stripe's limits. */
function linesOf(form: FormObject, currency: string): SessionRecord['lines'] {
  const items = form.line_items;
  if (!Array.isArray(items) || items.length === 0 || items.length > 100) {
    throw invalid('line_items must list 1 to 100 items in payment mode', 'line_items', 'parameter_missing');
  }
  return items.map((item, index) => {
    const param = `line_items[${index}]`;
    const price = record(record(item).price_data);
    if (text(price.currency) !== currency)
      throw invalid(`${param}[price_data][currency] must be ${currency}`, `${param}[price_data][currency]`);
    const name = text(record(price.product_data).name)?.trim();
    if (!name)
      throw invalid(
        `${param}[price_data][product_data][name] is required`,
        `${param}[price_data][product_data][name]`,
        'parameter_missing',
      );
    return {
      name,
      quantity: wholeNumber(record(item).quantity, `${param}[quantity]`, 1, 999_999),
      amount: wholeNumber(price.unit_amount, `${param}[price_data][unit_amount]`, 0, MAX_AMOUNT),
    };
  });
}

function returnUrl(form: FormObject, param: 'success_url' | 'cancel_url'): string {
  const url = text(form[param]);
  if (!isHttpUrl(url)) throw invalid(`Not a valid URL: ${param}`, param, url ? 'url_invalid' : 'parameter_missing');
  return url;
}

function methodsOf(form: FormObject): string[] {
  const listed = form.allowed_payment_method_types ?? form.payment_method_types;
  if (listed === undefined) return METHODS;
  if (!Array.isArray(listed) || listed.length === 0 || listed.some((method) => typeof method !== 'string' || !METHODS.includes(method))) {
    throw invalid(`The local simulator offers only ${METHODS.join(', ')}`, 'allowed_payment_method_types');
  }
  return listed as string[];
}

function createSession(form: FormObject, baseUrl: string, nowS: number): SessionRecord {
  if (text(form.mode) !== 'payment') throw invalid('The local simulator supports mode=payment only', 'mode');
  const currency = text(form.currency) ?? 'pln';
  if (currency !== 'pln') throw invalid('The local simulator supports currency=pln only', 'currency');
  const lines = linesOf(form, currency);
  const amountTotal = lines.reduce((sum, line) => sum + line.amount * line.quantity, 0);
  // The lines must add up to an amount Stripe can charge.
  if (amountTotal < MIN_AMOUNT)
    throw invalid('The Checkout Session’s total amount due must add up to at least 2,00 zł', 'line_items', 'amount_too_small');
  if (amountTotal > MAX_AMOUNT) throw invalid('The Checkout Session’s total amount due is too large', 'line_items', 'amount_too_large');
  const expiresAt =
    form.expires_at === undefined ? nowS + MAX_LIFETIME_S : wholeNumber(form.expires_at, 'expires_at', 0, Number.MAX_SAFE_INTEGER);
  if (expiresAt < nowS + MIN_LIFETIME_S || expiresAt > nowS + MAX_LIFETIME_S) {
    throw invalid('expires_at must be 30 minutes to 24 hours after the session is created', 'expires_at');
  }
  const reference = text(form.client_reference_id);
  if (reference !== undefined && (reference.length === 0 || reference.length > 200))
    throw invalid('client_reference_id: 1 to 200 characters', 'client_reference_id');
  const id = `cs_test_${randomId(24)}`;
  return {
    lines,
    refunded: 0,
    session: {
      id,
      object: 'checkout.session',
      amount_subtotal: amountTotal,
      amount_total: amountTotal,
      cancel_url: returnUrl(form, 'cancel_url'),
      client_reference_id: reference ?? null,
      created: nowS,
      currency,
      customer_email: text(form.customer_email) ?? null,
      expires_at: expiresAt,
      livemode: false,
      metadata: metadataOf(form.metadata),
      mode: 'payment',
      payment_intent: null,
      payment_method_types: methodsOf(form),
      payment_status: 'unpaid',
      status: 'open',
      success_url: returnUrl(form, 'success_url'),
      url: `${baseUrl}/pay/${id}`,
    },
  };
}

/** Creates the simulator; `handle` serves everything under its mount point. */
export function createStripeSimulator(deps: StripeSimulatorDeps): StripeSimulator {
  const sessions = new Map<string, SessionRecord>();
  const idempotent = new Map<string, { body: string; status: number; answer: unknown }>();
  const deliveries = new Set<Promise<void>>();
  const basePath = new URL(deps.baseUrl).pathname.replace(/\/+$/, '');
  const nowS = () => Math.floor(deps.now() / 1000);

  async function settings() {
    const values = await deps.store.loadSettings(['stripe_secret_key', 'stripe_webhook_secret']);
    return { secretKey: values.stripe_secret_key?.trim() ?? '', webhookSecret: values.stripe_webhook_secret?.trim() ?? '' };
  }

  /** Posts one signed event to the shop, as Stripe does; a refusal is logged (Stripe would retry). */
  async function deliver(type: string, object: Json): Promise<void> {
    const { webhookSecret } = await settings();
    if (!webhookSecret) {
      console.error(`[stripe-simulator] stripe_webhook_secret is blank: ${type} not delivered`);
      return;
    }
    const timestamp = nowS();
    const event = {
      id: `evt_${randomId(12)}`,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: timestamp,
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    const payload = JSON.stringify(event, null, 2);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret, timestamp });
    try {
      const response = await deps.fetch(deps.webhookUrl, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'Stripe-Signature': signature,
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
      });
      if (!response.ok)
        console.error(`[stripe-simulator] the shop answered ${type} with ${response.status}: ${(await response.text()).slice(0, 200)}`);
    } catch (error) {
      console.error(`[stripe-simulator] ${type} could not be delivered`, error);
    }
  }

  function deliverLater(events: [string, Json][]): void {
    const delivery = (async () => {
      for (const [type, object] of events) await deliver(type, { ...object });
    })();
    deliveries.add(delivery);
    void delivery.finally(() => deliveries.delete(delivery));
  }

  async function authorize(request: Request): Promise<void> {
    const { secretKey } = await settings();
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
    // The key is never echoed back, as Stripe masks it.
    if (!secretKey || bearer !== secretKey) throw new StripeApiError(401, 'Invalid API Key provided.', 'api_key_invalid');
  }

  async function readForm(request: Request): Promise<{ form: FormObject; body: string }> {
    const body = await request.text();
    if (Buffer.byteLength(body) > MAX_BODY_BYTES) throw invalid('Request body too large');
    const form = parseStripeForm(body);
    if (!form) throw invalid('Invalid request body: malformed parameter names');
    return { form, body };
  }

  /** Stripe's Idempotency-Key: a repeat gets the first answer; the same key with other parameters is an error. */
  async function once(request: Request, body: string, create: () => Promise<Json> | Json): Promise<Response> {
    const key = request.headers.get('idempotency-key');
    const earlier = key ? idempotent.get(`${new URL(request.url).pathname} ${key}`) : undefined;
    if (earlier) {
      if (earlier.body !== body) {
        throw new StripeApiError(
          400,
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          'idempotency_key_in_use',
        );
      }
      return apiJson(earlier.status, earlier.answer, { 'Idempotent-Replayed': 'true' });
    }
    const answer = await create();
    if (key) idempotent.set(`${new URL(request.url).pathname} ${key}`, { body, status: 200, answer });
    return apiJson(200, answer);
  }

  function sessionOf(id: string): SessionRecord {
    const found = sessions.get(id);
    if (!found) throw new StripeApiError(404, `No such checkout.session: '${id}'`, 'resource_missing', 'id');
    return found;
  }

  /** An open session past its expires_at expires, as Stripe's does, and says so to the shop. */
  function expireIfDue(record: SessionRecord, force = false): void {
    const { session } = record;
    if (session.status !== 'open' || (!force && nowS() < Number(session.expires_at))) return;
    Object.assign(session, { status: 'expired', url: null });
    deliverLater([['checkout.session.expired', session]]);
  }

  async function createRefund(form: FormObject): Promise<Json> {
    const paymentIntent = text(form.payment_intent);
    const record = [...sessions.values()].find((candidate) => candidate.session.payment_intent === paymentIntent);
    if (!paymentIntent || !record)
      throw new StripeApiError(404, `No such payment_intent: '${paymentIntent ?? ''}'`, 'resource_missing', 'payment_intent');
    const remaining = Number(record.session.amount_total) - record.refunded;
    const amount = form.amount === undefined ? remaining : wholeNumber(form.amount, 'amount', 1, MAX_AMOUNT);
    if (remaining <= 0)
      throw invalid(`Charge for ${paymentIntent} has already been refunded.`, 'payment_intent', 'charge_already_refunded');
    if (amount > remaining)
      throw invalid(`Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`, 'amount', 'amount_too_large');
    record.refunded += amount;
    const charge = `ch_${randomId(12)}`;
    const refund: Json = {
      id: `re_${randomId(12)}`,
      object: 'refund',
      amount,
      charge,
      created: nowS(),
      currency: record.session.currency,
      metadata: metadataOf(form.metadata),
      payment_intent: paymentIntent,
      status: 'pending',
    };
    // Stripe answers pending, then reports the outcome by webhook; charge.refunded no longer lists the refunds.
    deliverLater([
      ['refund.created', refund],
      ['refund.updated', { ...refund, status: 'succeeded' }],
      [
        'charge.refunded',
        {
          id: charge,
          object: 'charge',
          amount: record.session.amount_total,
          amount_refunded: record.refunded,
          currency: record.session.currency,
          payment_intent: paymentIntent,
          refunded: record.refunded >= Number(record.session.amount_total),
        },
      ],
    ]);
    return refund;
  }

  async function api(request: Request, path: string): Promise<Response> {
    await authorize(request);
    const sessionPath = /^\/v1\/checkout\/sessions\/(cs_test_[a-f0-9]+)(\/expire)?$/.exec(path);
    if (path === '/v1/checkout/sessions' && request.method === 'POST') {
      const { form, body } = await readForm(request);
      return once(request, body, () => {
        const created = createSession(form, `${deps.baseUrl.replace(/\/+$/, '')}`, nowS());
        sessions.set(String(created.session.id), created);
        return created.session;
      });
    }
    if (sessionPath && !sessionPath[2] && request.method === 'GET') {
      const record = sessionOf(sessionPath[1]!);
      expireIfDue(record);
      return apiJson(200, record.session);
    }
    if (sessionPath?.[2] && request.method === 'POST') {
      const record = sessionOf(sessionPath[1]!);
      if (record.session.status !== 'open')
        throw invalid('Only open Checkout Sessions can be expired.', 'session', 'checkout_session_not_open');
      expireIfDue(record, true);
      return apiJson(200, record.session);
    }
    if (path === '/v1/refunds' && request.method === 'POST') {
      const { form, body } = await readForm(request);
      return once(request, body, () => createRefund(form));
    }
    throw new StripeApiError(404, `Unrecognized request URL (${request.method}: ${path}).`);
  }

  async function hostedPage(request: Request, id: string): Promise<Response> {
    const record = sessions.get(id);
    if (!record) return messagePage(404, 'Nie znaleziono sesji płatności.');
    expireIfDue(record);
    const { session } = record;
    if (session.status === 'expired') return messagePage(410, 'Sesja płatności wygasła. Wróć do sklepu i spróbuj ponownie.');
    if (session.status === 'complete') return messagePage(409, 'Ta płatność została już przyjęta.');
    if (request.method === 'GET') {
      const metadata = record.session.metadata as Record<string, string>;
      return checkoutPage({
        orderLabel: metadata.order_number ?? String(session.client_reference_id ?? session.id),
        amountTotal: Number(session.amount_total),
        email: typeof session.customer_email === 'string' ? session.customer_email : null,
        lines: record.lines,
      });
    }
    const action = new URLSearchParams(await request.text()).get('action');
    if (action === 'cancel') return redirect(String(session.cancel_url));
    if (action !== 'card' && action !== 'blik') return messagePage(400, 'Nieznana akcja płatności.');
    Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: `pi_${randomId(12)}`, url: null });
    // Delivered before the browser returns, so the shop's thank-you page already sees the payment.
    await deliver('checkout.session.completed', { ...session });
    return redirect(String(session.success_url).replace('{CHECKOUT_SESSION_ID}', id));
  }

  function redirect(location: string): Response {
    return new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });
  }

  const handle: Handler = async (request) => {
    const pathname = new URL(request.url).pathname;
    const path = pathname.startsWith(basePath) ? pathname.slice(basePath.length) : pathname;
    const page = /^\/pay\/(cs_test_[a-f0-9]+)$/.exec(path);
    try {
      if (page) {
        if (request.method !== 'GET' && request.method !== 'POST') return messagePage(405, 'Nieobsługiwana metoda żądania.');
        return await hostedPage(request, page[1]!);
      }
      return await api(request, path);
    } catch (error) {
      if (error instanceof StripeApiError) {
        const type = error.status === 401 || error.status === 404 || error.status === 400 ? 'invalid_request_error' : 'api_error';
        return apiJson(error.status, {
          error: {
            type,
            message: error.message,
            ...(error.code ? { code: error.code } : {}),
            ...(error.param ? { param: error.param } : {}),
          },
        });
      }
      console.error('[stripe-simulator] unexpected error', error);
      return apiJson(500, { error: { type: 'api_error', message: 'The local Stripe simulator failed.' } });
    }
  };

  return {
    handle,
    async idle() {
      while (deliveries.size > 0) await Promise.all([...deliveries]);
    },
  };
}
