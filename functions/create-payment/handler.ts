import type { Authenticate } from '../_shared/caller-auth.ts';
import { PAYMENT_CONFIGURATION_MESSAGE, type FunctionEnv } from '../_shared/env.ts';
import { HttpError, jsonResponse, readJsonObject, type Handler } from '../_shared/http.ts';
import { assertOrderAccess, readPaymentTarget } from '../_shared/order-access.ts';
import {
  SHIPPING_LINE_NAME,
  isPayable,
  loadGatewaySettings,
  orderGatewayRedirect,
  paymentPostHandler,
  recordClassicStart,
  type PaymentOrder,
  type PaymentStore,
} from '../_shared/payments.ts';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface CreatePaymentDeps {
  /** The checkout calls: anon/publishable key or a signed-in user; anything else is 401. */
  authenticate: Authenticate;
  store: PaymentStore;
  env: Pick<FunctionEnv, 'supabaseUrl' | 'siteUrl' | 'localPaymentSimulator'>;
  fetch: FetchLike;
  now(): number;
}

export const STRIPE_CHECKOUT_SESSIONS_URL = 'https://api.stripe.com/v1/checkout/sessions';
const ONLINE_METHODS = new Set(['payu', 'stripe', 'blik', 'card']);

/** Polish `details` for the client, which shows details before error (docs/spec.md §8 Payment session). */
const DETAILS = {
  notFound: 'Nie znaleziono zamówienia.',
  closed: 'To zamówienie jest już opłacone lub zamknięte.',
  offline: 'To zamówienie nie jest opłacane online.',
  configuration: PAYMENT_CONFIGURATION_MESSAGE,
};

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** The Checkout Session form (Stripe's bracket notation), every amount from the stored order. */
export function stripeSessionForm(order: PaymentOrder, siteUrl: string): URLSearchParams {
  const number = encodeURIComponent(order.orderNumber);
  const site = withoutTrailingSlash(siteUrl);
  const form = new URLSearchParams();
  form.set('mode', 'payment');
  form.set('currency', 'pln');
  form.set('payment_method_types[0]', 'card');
  // BLIK exists only for PLN, which is the shop's only currency.
  form.set('payment_method_types[1]', 'blik');
  form.set('success_url', `${site}/checkout/success?payment=${encodeURIComponent(order.paymentMethod)}&orderId=${number}`);
  form.set('cancel_url', `${site}/checkout/cancel?orderId=${number}`);
  form.set('customer_email', order.customerEmail);
  form.set('client_reference_id', order.id);
  form.set('metadata[order_id]', order.id);
  form.set('metadata[order_number]', order.orderNumber);
  const lines = order.items.map((item) => ({ name: item.name, quantity: item.quantity, amount: item.price }));
  if (order.shippingCost > 0) lines.push({ name: SHIPPING_LINE_NAME, quantity: 1, amount: order.shippingCost });
  lines.forEach((line, index) => {
    const prefix = `line_items[${index}]`;
    form.set(`${prefix}[quantity]`, String(line.quantity));
    form.set(`${prefix}[price_data][currency]`, 'pln');
    form.set(`${prefix}[price_data][unit_amount]`, String(line.amount));
    form.set(`${prefix}[price_data][product_data][name]`, line.name);
  });
  return form;
}

async function stripeCheckoutUrl(deps: CreatePaymentDeps, order: PaymentOrder, secretKey: string, siteUrl: string): Promise<string> {
  let response: Response;
  try {
    response = await deps.fetch(STRIPE_CHECKOUT_SESSIONS_URL, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${secretKey}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: stripeSessionForm(order, siteUrl).toString(),
    });
  } catch (error) {
    console.error('[create-payment] Stripe unreachable', error);
    throw new HttpError(502, 'Failed to create payment session', 'Nie udało się połączyć z operatorem płatności.');
  }
  const payload = (await response.json().catch(() => null)) as { url?: unknown; error?: { message?: unknown } } | null;
  if (!response.ok || typeof payload?.url !== 'string') {
    const message = typeof payload?.error?.message === 'string' ? payload.error.message : `Stripe HTTP ${response.status}`;
    throw new HttpError(502, 'Failed to create payment session', message);
  }
  return payload.url;
}

/**
 * docs/spec.md §7 create-payment: { orderId, accessKey? } from the order's buyer
 * (their session or their device's key) → { url } for the card/BLIK provider.
 * With a Stripe secret key: a Stripe Checkout Session; without one: the
 * local payment simulator, signed like the classic gateway. Other body
 * fields (items, delivery) are ignored; the stored order is the truth.
 * Errors: { error, details }.
 */
export function createCreatePaymentHandler(deps: CreatePaymentDeps): Handler {
  return paymentPostHandler(
    'create-payment',
    // HttpError.code carries the English `error`, its message the `details`.
    (error) => ({ error: error.status === 500 ? 'Failed to create payment session' : error.code, details: error.message }),
    async (request) => {
      const caller = await deps.authenticate(request).catch((error: unknown) => {
        if (error instanceof HttpError)
          throw new HttpError(401, error.code === 'invalid_session' ? 'Invalid session' : 'Unauthorized', error.message);
        throw error;
      });
      const body = await readJsonObject(request).catch((error: unknown) => {
        if (error instanceof HttpError) throw new HttpError(error.status, 'Invalid request', error.message);
        throw error;
      });
      const target = readPaymentTarget(body);
      if (!target) throw new HttpError(400, 'Order id is required', 'Brak numeru zamówienia.');
      const { orderId, accessKey } = target;

      const order = await deps.store.findOrderById(orderId);
      if (!order) throw new HttpError(404, 'Order not found', DETAILS.notFound);
      await assertOrderAccess(deps.store, order, { caller, accessKey }).catch((error: unknown) => {
        // This function's errors carry the English `error` in the code and the Polish text as `details`.
        if (error instanceof HttpError)
          throw new HttpError(error.status, error.status === 401 ? 'Invalid session' : 'Access denied', error.message);
        throw error;
      });
      if (!ONLINE_METHODS.has(order.paymentMethod)) throw new HttpError(409, 'Order is not paid online', DETAILS.offline);
      if (!isPayable(order)) throw new HttpError(409, 'Order is already paid or closed', DETAILS.closed);

      const settings = await deps.store.loadSettings(['stripe_secret_key']);
      const secretKey = settings.stripe_secret_key?.trim() ?? '';
      if (secretKey) {
        if (!deps.env.siteUrl) {
          // SITE_URL is not one of the secrets hosted Supabase sets by itself.
          console.error(
            "[create-payment] missing secret SITE_URL: Stripe needs the shop's address for its return pages; set it with `supabase secrets set SITE_URL=https://…`",
          );
          throw new HttpError(503, 'Payment gateway configuration is missing', DETAILS.configuration);
        }
        return jsonResponse(200, { url: await stripeCheckoutUrl(deps, order, secretKey, deps.env.siteUrl) });
      }

      const gateway = await loadGatewaySettings(deps.store, deps.env);
      const redirect = gateway && orderGatewayRedirect(gateway, order, { paymentLabel: order.paymentMethod, ts: deps.now() });
      if (!redirect) throw new HttpError(503, 'Payment gateway configuration is missing', DETAILS.configuration);
      await recordClassicStart(deps.store, order, redirect.params.session_id!);
      return jsonResponse(200, { url: redirect.url });
    },
  );
}
