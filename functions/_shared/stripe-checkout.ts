import type Stripe from 'stripe';
import { grosz, type Grosz } from '../../src/domain/money.ts';
import type { LedgerRefundState } from '../../src/domain/payment-ledger.ts';
import { HttpError } from './http.ts';
import type { LedgerStore } from './ledger.ts';
import { SHIPPING_LINE_NAME, type PaymentOrder } from './payments.ts';
import { createStripeClient, type FetchLike, type StripeApi, type StripeCheckoutSettings } from './stripe-settings.ts';

/**
 * Stripe Checkout for a stored order, and refunds of its payments, through
 * the official client. Every amount comes from the order as stored; nothing
 * a caller sent. The outcome reaches the shop only through the signed
 * webhook (functions/stripe-webhook).
 */

/** What the order's total holds besides its lines and shipping (the cemetery services, orders.services_cost). */
export const SERVICES_LINE_NAME = 'Usługi dodatkowe';

/** Stripe's minimum lifetime of a session is 30 minutes; one more covers a clock a little behind Stripe's. */
const SESSION_LIFETIME_S = 31 * 60;

export interface StripeCheckoutDeps {
  ledger: Pick<LedgerStore, 'startPayment'>;
  fetch: FetchLike;
  now(): number;
}

interface CheckoutLine {
  name: string;
  quantity: number;
  amount: Grosz;
}

/** The order's lines in grosz, shipping and services as their own lines, so they add up to the stored total exactly. */
export function checkoutLines(order: PaymentOrder): CheckoutLine[] {
  const lines: CheckoutLine[] = order.items.map((item) => ({ name: item.name, quantity: item.quantity, amount: item.price }));
  if (order.shippingCost > 0) lines.push({ name: SHIPPING_LINE_NAME, quantity: 1, amount: order.shippingCost });
  const listed = lines.reduce((sum, line) => sum + line.amount * line.quantity, 0);
  const rest = order.total - listed;
  if (rest > 0) lines.push({ name: SERVICES_LINE_NAME, quantity: 1, amount: grosz(rest) });
  if (rest < 0 || lines.length === 0) {
    console.error(`[payments] order ${order.id}: its lines come to ${listed} grosz, more than its total ${order.total}`);
    throw new HttpError(
      409,
      'Order total does not match its lines',
      'Nie można opłacić tego zamówienia online. Skontaktuj się ze sklepem.',
    );
  }
  return lines;
}

/**
 * The Checkout Session's parameters. `expires_at` is whole minutes, so a
 * repeat within the same minute sends exactly the same request and, under
 * the same idempotency key, gets the same session back.
 */
export function checkoutSessionParams(
  order: PaymentOrder,
  siteUrl: string,
  nowMs: number,
): { params: Stripe.Checkout.SessionCreateParams; idempotencyKey: string } {
  const number = encodeURIComponent(order.orderNumber);
  const expiresAt = Math.ceil((nowMs / 1000 + SESSION_LIFETIME_S) / 60) * 60;
  const params: Stripe.Checkout.SessionCreateParams = {
    mode: 'payment',
    currency: 'pln',
    // BLIK exists only for PLN, the shop's only currency. (API 2026-10-28 replaced payment_method_types with this filter.)
    allowed_payment_method_types: ['card', 'blik'],
    success_url: `${siteUrl}/checkout/success?payment=${encodeURIComponent(order.paymentMethod)}&orderId=${number}`,
    cancel_url: `${siteUrl}/checkout/cancel?orderId=${number}`,
    customer_email: order.customerEmail,
    client_reference_id: order.id,
    metadata: { order_id: order.id, order_number: order.orderNumber },
    expires_at: expiresAt,
    line_items: checkoutLines(order).map((line) => ({
      quantity: line.quantity,
      price_data: { currency: 'pln', unit_amount: line.amount, product_data: { name: line.name } },
    })),
  };
  return { params, idempotencyKey: `checkout-${order.id}-${expiresAt}` };
}

function gatewayFailure(what: string, error: unknown): HttpError {
  // Stripe's errors carry no secret; the message says which parameter it refused.
  const message = error instanceof Error ? error.message : String(error);
  console.error(`[payments] Stripe ${what} failed: ${message}`);
  return new HttpError(502, 'Failed to create payment session', 'Nie udało się połączyć z operatorem płatności.');
}

/**
 * Opens a Checkout Session for the order and records it in the ledger as
 * the order's pending Stripe payment; answers the page to send the buyer to.
 * The caller has checked that the buyer may pay the order and that it is payable.
 */
export async function startStripeCheckout(
  deps: StripeCheckoutDeps,
  order: PaymentOrder,
  settings: StripeCheckoutSettings,
): Promise<{ url: string; sessionId: string }> {
  const { params, idempotencyKey } = checkoutSessionParams(order, settings.siteUrl, deps.now());
  let session: Stripe.Checkout.Session;
  try {
    session = await createStripeClient(settings, deps.fetch).checkout.sessions.create(params, { idempotencyKey });
  } catch (error) {
    throw gatewayFailure('Checkout Session', error);
  }
  if (typeof session.url !== 'string' || session.amount_total !== order.total) {
    console.error(`[payments] Stripe answered session ${session.id} without a page or for ${session.amount_total} grosz`);
    throw new HttpError(502, 'Failed to create payment session', 'Nie udało się połączyć z operatorem płatności.');
  }
  await deps.ledger.startPayment({
    orderId: order.id,
    provider: 'stripe',
    providerPaymentId: session.id,
    method: order.paymentMethod,
    amount: order.total,
  });
  return { url: session.url, sessionId: session.id };
}

export interface StripeRefundRequest {
  /** The payment's PaymentIntent (the ledger's chargeId). */
  paymentIntent: string;
  amount: Grosz;
  /** The shop's refund id: sent as the Idempotency-Key and metadata.refund_id, which the webhook matches. */
  refundId: string;
}

/** Stripe's refund status in the ledger's words. */
export function refundStateOf(status: string | null | undefined): LedgerRefundState {
  if (status === 'succeeded') return 'completed';
  if (status === 'failed' || status === 'canceled') return 'failed';
  return 'pending';
}

/**
 * Asks Stripe to refund part or all of a payment. A repeat with the same
 * refund id is the same refund (idempotency key). The outcome arrives
 * later as refund.* / charge.refunded webhooks; the answer is Stripe's
 * first word on it.
 */
export async function refundStripePayment(
  api: StripeApi,
  fetchFn: FetchLike,
  request: StripeRefundRequest,
): Promise<{ providerRefundId: string; state: LedgerRefundState; amount: Grosz; currency: string }> {
  if (!(request.amount > 0)) throw new HttpError(400, 'invalid_amount', 'Kwota zwrotu musi być większa od zera.');
  let refund: Stripe.Refund;
  try {
    refund = await createStripeClient(api, fetchFn).refunds.create(
      { payment_intent: request.paymentIntent, amount: request.amount, metadata: { refund_id: request.refundId } },
      { idempotencyKey: `refund-${request.refundId}` },
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`[payments] Stripe refund ${request.refundId} failed: ${message}`);
    throw new HttpError(502, 'refund_failed', 'Operator płatności nie przyjął zwrotu.');
  }
  return {
    providerRefundId: refund.id,
    state: refundStateOf(refund.status),
    amount: grosz(refund.amount),
    currency: refund.currency.toUpperCase(),
  };
}
