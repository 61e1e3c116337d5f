import Stripe from 'stripe';
import { grosz } from '../../src/domain/money.ts';
import type { LedgerOutcome } from '../../src/domain/payment-ledger.ts';
import type { FunctionEnv } from '../_shared/env.ts';
import { HttpError, jsonResponse, type Handler } from '../_shared/http.ts';
import type { LedgerStore } from '../_shared/ledger.ts';
import { isUuid } from '../../src/domain/patterns.ts';
import type { PaymentStore } from '../_shared/payments.ts';
import { resolveStripeWebhookSecret } from '../_shared/stripe-settings.ts';
import { readStripeEvent, type RefundOutcome, type SessionOutcome } from './events.ts';

export interface StripeWebhookDeps {
  store: Pick<PaymentStore, 'findOrderById' | 'loadSettings'>;
  ledger: Pick<LedgerStore, 'applyPaymentEvent' | 'applyRefundEvent'>;
  env: Pick<FunctionEnv, 'localPaymentSimulator'>;
  now(): number;
}

/** Stripe's events are a few kilobytes; anything this big is not one. */
export const MAX_WEBHOOK_BYTES = 256 * 1024;
/** Stripe's default tolerance: a signed event older than this is a replay, refused. */
export const WEBHOOK_TOLERANCE_S = 300;

// Web Crypto: what Deno has; stripe-node's synchronous Node crypto is not there.
const cryptoProvider = Stripe.createSubtleCryptoProvider();

/** The raw body, as signed: read up to the limit and no further. */
async function readRawBody(request: Request, maxBytes: number): Promise<Uint8Array> {
  const tooLarge = () => new HttpError(413, 'payload_too_large', 'The webhook body is too large');
  if (Number(request.headers.get('content-length') ?? 0) > maxBytes) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body?.getReader();
  for (;;) {
    const chunk = await reader?.read();
    if (!chunk || chunk.done) break;
    size += chunk.value.byteLength;
    if (size > maxBytes) {
      await reader?.cancel();
      throw tooLarge();
    }
    chunks.push(chunk.value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** Stripe's own verification: HMAC-SHA256 of `${t}.${body}` against every v1 signature, and the timestamp's age. */
async function verifiedEvent(body: Uint8Array, header: string, secret: string, nowMs: number): Promise<unknown> {
  try {
    return await Stripe.webhooks.constructEventAsync(body, header, secret, WEBHOOK_TOLERANCE_S, cryptoProvider, nowMs);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      const stale = /tolerance/i.test(error.message);
      throw new HttpError(
        401,
        stale ? 'signature_expired' : 'invalid_signature',
        stale ? 'The webhook signature is too old' : 'Invalid webhook signature',
      );
    }
    // Signed, yet not JSON: nothing to act on.
    if (error instanceof SyntaxError) throw new HttpError(400, 'invalid_json', 'The webhook body is not JSON');
    throw error;
  }
}

const REFUSED: readonly LedgerOutcome[] = [
  'order_not_found',
  'amount_mismatch',
  'currency_mismatch',
  'payment_mismatch',
  'refund_not_found',
];

function logRefusal(eventId: string, what: string, outcome: LedgerOutcome): void {
  // The signature vouches for the event, so a refusal is the shop's data or a misrouted payment: the owner must see it.
  if (REFUSED.includes(outcome)) console.error(`[stripe-webhook] event ${eventId} (${what}) not applied: ${outcome}`);
}

async function applySession(
  deps: StripeWebhookDeps,
  eventId: string,
  session: SessionOutcome,
  content: unknown,
): Promise<Record<string, unknown>> {
  if (!session.orderId || !isUuid(session.orderId)) {
    console.error(`[stripe-webhook] event ${eventId}: session ${session.sessionId} names no order of this shop`);
    return { ignored: 'no_order' };
  }
  const order = await deps.store.findOrderById(session.orderId);
  if (!order) {
    console.error(`[stripe-webhook] event ${eventId}: session ${session.sessionId} names order ${session.orderId}, which does not exist`);
    return { ignored: 'order_not_found' };
  }
  const outcome = await deps.ledger.applyPaymentEvent({
    provider: 'stripe',
    eventId,
    orderId: order.id,
    providerPaymentId: session.sessionId,
    method: order.paymentMethod,
    amount: grosz(session.amount),
    currency: session.currency,
    state: session.state,
    chargeId: session.paymentIntent,
    content,
  });
  logRefusal(eventId, `session ${session.sessionId}`, outcome);
  return { outcome };
}

async function applyRefunds(
  deps: StripeWebhookDeps,
  eventId: string,
  refunds: RefundOutcome[],
  content: unknown,
): Promise<Record<string, unknown>> {
  const outcomes: Record<string, LedgerOutcome | 'not_the_shops'> = {};
  for (const refund of refunds) {
    if (!refund.refundId || !isUuid(refund.refundId)) {
      // Made in Stripe's dashboard, not by the shop (whose refund ids are uuids): there is no refund row to match.
      console.error(`[stripe-webhook] event ${eventId}: refund ${refund.providerRefundId} carries no metadata.refund_id of the shop`);
      outcomes[refund.providerRefundId] = 'not_the_shops';
      continue;
    }
    const outcome = await deps.ledger.applyRefundEvent({
      provider: 'stripe',
      // charge.refunded may list several refunds: one ledger event each.
      eventId: `${eventId}/${refund.providerRefundId}`,
      refundId: refund.refundId,
      providerRefundId: refund.providerRefundId,
      amount: grosz(refund.amount),
      currency: refund.currency,
      state: refund.state,
      content,
    });
    logRefusal(eventId, `refund ${refund.providerRefundId}`, outcome);
    outcomes[refund.providerRefundId] = outcome;
  }
  return { outcomes };
}

async function handle(deps: StripeWebhookDeps, request: Request): Promise<Response> {
  if (request.method !== 'POST') throw new HttpError(405, 'method_not_allowed', 'Only POST is allowed');
  const body = await readRawBody(request, MAX_WEBHOOK_BYTES);
  const header = request.headers.get('stripe-signature');
  if (!header) throw new HttpError(400, 'missing_signature', 'The Stripe-Signature header is missing');
  const secret = resolveStripeWebhookSecret(await deps.store.loadSettings(['stripe_webhook_secret']), deps.env);
  const event = await verifiedEvent(body, header, secret, deps.now());

  const read = readStripeEvent(event);
  if (!read) throw new HttpError(400, 'invalid_event', 'The webhook body is not a Stripe event');
  const { id, meaning } = read;
  if (meaning.kind === 'ignored') return jsonResponse(200, { received: true, ignored: meaning.reason });
  const result =
    meaning.kind === 'session' ? await applySession(deps, id, meaning, event) : await applyRefunds(deps, id, meaning.refunds, event);
  return jsonResponse(200, { received: true, ...result });
}

/**
 * Stripe's webhook endpoint. The signature (Stripe-Signature, the setting
 * `stripe_webhook_secret`, 300 s) is checked before anything else; a
 * verified event is applied through the ledger without asking Stripe again,
 * since Stripe documents the signature as the proof. Answers 200
 * `{ received: true, … }` once handled (Stripe retries anything else), or a
 * JSON error; never a stack trace.
 */
export function createStripeWebhookHandler(deps: StripeWebhookDeps): Handler {
  return async (request) => {
    try {
      return await handle(deps, request);
    } catch (error) {
      if (error instanceof HttpError && error.status === 503)
        return jsonResponse(503, { error: 'configuration_missing', message: 'Stripe webhook configuration is missing' });
      if (error instanceof HttpError) return jsonResponse(error.status, { error: error.code, message: error.message });
      console.error('[stripe-webhook] unexpected error', error);
      return jsonResponse(500, { error: 'internal_error', message: 'The event could not be handled; retry later' });
    }
  };
}
