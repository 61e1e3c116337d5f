import type { LedgerPaymentState, LedgerRefundState } from '../../src/domain/payment-ledger.ts';
import { refundStateOf } from '../_shared/stripe-checkout.ts';

/**
 * What a verified Stripe event means to the shop, read defensively: the
 * signature proves who sent it, not that every field has the shape this
 * code expects, so each field is checked before it reaches the ledger.
 */

/** A Checkout Session's outcome, from one of the checkout.session.* events. */
export interface SessionOutcome {
  kind: 'session';
  sessionId: string;
  /** client_reference_id, else metadata.order_id; null when the session is not the shop's. */
  orderId: string | null;
  amount: number;
  currency: string;
  state: LedgerPaymentState;
  paymentIntent: string | null;
}

/** A refund's outcome, from refund.* / charge.refunded. */
export interface RefundOutcome {
  /** The shop's own refund id (metadata.refund_id); null for a refund made elsewhere (the dashboard). */
  refundId: string | null;
  providerRefundId: string;
  amount: number;
  currency: string;
  state: LedgerRefundState;
}

export type StripeEventMeaning =
  | SessionOutcome
  | { kind: 'refunds'; refunds: RefundOutcome[] }
  /** A type the shop does not act on, or a content it cannot read (why). */
  | { kind: 'ignored'; reason: string };

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function wholeAmount(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;
}

/** A PaymentIntent arrives as its id, or expanded into an object. */
function idOf(value: unknown): string | null {
  return text(value) ?? (isObject(value) ? text(value.id) : null);
}

const SESSION_STATES: Record<string, (session: Json) => LedgerPaymentState> = {
  // Delayed methods complete the session unpaid; their result follows as async_payment_*.
  'checkout.session.completed': (session) => (session.payment_status === 'paid' ? 'completed' : 'pending'),
  'checkout.session.async_payment_succeeded': () => 'completed',
  'checkout.session.async_payment_failed': () => 'rejected',
  'checkout.session.expired': () => 'canceled',
};

/** The events whose object is a Refund. */
const REFUND_EVENTS = new Set(['refund.created', 'refund.updated', 'refund.failed', 'charge.refund.updated']);

function sessionOutcome(type: string, session: unknown): StripeEventMeaning {
  const state = SESSION_STATES[type];
  if (!state) return { kind: 'ignored', reason: 'event_type' };
  if (!isObject(session) || session.object !== 'checkout.session') return { kind: 'ignored', reason: 'unreadable_session' };
  const sessionId = text(session.id);
  const amount = wholeAmount(session.amount_total);
  const currency = text(session.currency);
  if (!sessionId || amount === null || !currency) return { kind: 'ignored', reason: 'unreadable_session' };
  const metadata = isObject(session.metadata) ? session.metadata : {};
  const reference = text(session.client_reference_id);
  const metadataOrder = text(metadata.order_id);
  return {
    kind: 'session',
    sessionId,
    // Two different orders named in one session: neither can be trusted to be the one paid for.
    orderId: reference && metadataOrder && reference !== metadataOrder ? null : (reference ?? metadataOrder),
    amount,
    currency: currency.toUpperCase(),
    state: state(session),
    paymentIntent: idOf(session.payment_intent),
  };
}

function refundOutcome(refund: unknown): RefundOutcome | null {
  if (!isObject(refund) || refund.object !== 'refund') return null;
  const providerRefundId = text(refund.id);
  const amount = wholeAmount(refund.amount);
  const currency = text(refund.currency);
  if (!providerRefundId || amount === null || !currency) return null;
  const metadata = isObject(refund.metadata) ? refund.metadata : {};
  return {
    refundId: text(metadata.refund_id),
    providerRefundId,
    amount,
    currency: currency.toUpperCase(),
    state: refundStateOf(text(refund.status)),
  };
}

/** A charge lists its refunds only when the API version includes them; refund.* events carry each anyway. */
function chargeRefunds(charge: unknown): RefundOutcome[] {
  if (!isObject(charge) || charge.object !== 'charge' || !isObject(charge.refunds) || !Array.isArray(charge.refunds.data)) return [];
  return charge.refunds.data.map(refundOutcome).filter((refund): refund is RefundOutcome => refund !== null);
}

/** Reads a verified event: `type` and `data.object`. */
export function readStripeEvent(event: unknown): { id: string; meaning: StripeEventMeaning } | null {
  if (!isObject(event) || event.object !== 'event') return null;
  const id = text(event.id);
  const type = text(event.type);
  if (!id || !type || !isObject(event.data)) return null;
  const object = event.data.object;
  if (type.startsWith('checkout.session.')) return { id, meaning: sessionOutcome(type, object) };
  if (REFUND_EVENTS.has(type)) {
    const refund = refundOutcome(object);
    return { id, meaning: refund ? { kind: 'refunds', refunds: [refund] } : { kind: 'ignored', reason: 'unreadable_refund' } };
  }
  if (type === 'charge.refunded') return { id, meaning: { kind: 'refunds', refunds: chargeRefunds(object) } };
  return { id, meaning: { kind: 'ignored', reason: 'event_type' } };
}
