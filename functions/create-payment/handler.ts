import type { Authenticate } from '../_shared/caller-auth.ts';
import { PAYMENT_CONFIGURATION_MESSAGE, type FunctionEnv } from '../_shared/env.ts';
import { HttpError, jsonResponse, readJsonObject, type Handler } from '../_shared/http.ts';
import { assertOrderAccess, readPaymentTarget } from '../_shared/order-access.ts';
import { closeAttempt } from '../_shared/payment-lookups.ts';
import { PAYU_API_SETTING, startPayuRestPayment, usesPayuRest } from '../_shared/payu-rest-client.ts';
import { startStripeCheckout } from '../_shared/stripe-checkout.ts';
import { loadStripeCheckoutSettings } from '../_shared/stripe-settings.ts';
import { clientAddress } from '../_shared/rate-limit.ts';
import {
  isPayable,
  loadGatewaySettings,
  orderGatewayRedirect,
  paymentPostHandler,
  PAYMENT_REFUSALS,
  recordClassicStart,
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

const ONLINE_METHODS = new Set(['payu', 'stripe', 'blik', 'card']);

export type Gateway = 'stripe' | 'payu-rest' | 'payu-classic';

/**
 * Which gateway takes an order's payment: cards go to Stripe where the shop
 * has it; PayU (BLIK, fast transfers, cards) through REST where the owner
 * chose it, else classic; BLIK goes to Stripe only when PayU REST is off.
 */
export function chooseGateway(method: string, configured: { stripe: boolean; payuRest: boolean }): Gateway {
  const payu: Gateway = configured.payuRest ? 'payu-rest' : 'payu-classic';
  if (method === 'stripe' || method === 'card') return configured.stripe ? 'stripe' : payu;
  if (method === 'blik' && !configured.payuRest && configured.stripe) return 'stripe';
  return payu;
}

/** Polish `details` for the client, which shows details before error (docs/spec.md §8 Payment session). */
const DETAILS = { ...PAYMENT_REFUSALS, configuration: PAYMENT_CONFIGURATION_MESSAGE };

/**
 * docs/spec.md §7 create-payment: { orderId, accessKey?, blikCode? } from the
 * order's buyer (their session or their device's key) → { url } of the
 * gateway's page, or { blik: 'pending' } when PayU took a BLIK code typed in
 * the checkout (the buyer confirms in the bank's app; the notification
 * settles it). The gateway is chosen by chooseGateway. Other body fields
 * (items, delivery) are ignored; the stored order is the truth.
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
      if (!target) throw new HttpError(400, 'Order id is required', DETAILS.missingOrder);
      const { orderId, accessKey, linkToken } = target;

      const order = await deps.store.findOrderById(orderId);
      if (!order) throw new HttpError(404, 'Order not found', DETAILS.notFound);
      await assertOrderAccess(deps.store, order, { caller, accessKey, linkToken }).catch((error: unknown) => {
        // This function's errors carry the English `error` in the code and the Polish text as `details`.
        if (error instanceof HttpError)
          throw new HttpError(error.status, error.status === 401 ? 'Invalid session' : 'Access denied', error.message);
        throw error;
      });
      if (!ONLINE_METHODS.has(order.paymentMethod)) throw new HttpError(409, 'Order is not paid online', DETAILS.offline);
      if (!isPayable(order)) throw new HttpError(409, 'Order is already paid or closed', DETAILS.closed);
      // One attempt at a time: an attempt left open is closed at its gateway first, so nobody pays twice.
      const open = await deps.store.openAttempts(order.id);
      for (const attempt of open) await closeAttempt(deps, attempt);
      const current = open.length > 0 ? await deps.store.findOrderById(order.id) : order;
      if (!current || !isPayable(current)) throw new HttpError(409, 'Order is already paid or closed', DETAILS.closed);

      const stripe = await loadStripeCheckoutSettings(deps.store, deps.env);
      const payuRest = usesPayuRest(await deps.store.loadSettings([PAYU_API_SETTING]));
      const blikCode = typeof body.blikCode === 'string' ? body.blikCode : null;
      const gatewayChoice = chooseGateway(order.paymentMethod, { stripe: stripe !== null, payuRest });
      if (gatewayChoice === 'stripe' && stripe) {
        const { url } = await startStripeCheckout({ ledger: deps.store, fetch: deps.fetch, now: deps.now }, order, stripe);
        return jsonResponse(200, { url });
      }
      if (gatewayChoice === 'payu-rest') {
        const started = await startPayuRestPayment(
          { store: deps.store, ledger: deps.store, env: deps.env, fetch: deps.fetch, now: deps.now },
          order,
          {
            customerIp: clientAddress(request),
            blikCode,
          },
        );
        return jsonResponse(200, started);
      }

      const gateway = await loadGatewaySettings(deps.store, deps.env);
      const redirect = gateway && orderGatewayRedirect(gateway, order, { paymentLabel: order.paymentMethod, ts: deps.now() });
      if (!redirect) throw new HttpError(503, 'Payment gateway configuration is missing', DETAILS.configuration);
      await recordClassicStart(deps.store, order, redirect.params.session_id!);
      return jsonResponse(200, { url: redirect.url });
    },
  );
}
