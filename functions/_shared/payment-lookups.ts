import { grosz } from '../../src/domain/money.ts';
import type { LedgerOutcome, LedgerPaymentState, LedgerProvider } from '../../src/domain/payment-ledger.ts';
import type { FunctionEnv } from './env.ts';
import { HttpError } from './http.ts';
import type { PendingPayment } from './ledger.ts';
import { applyGatewayTransaction, loadGatewaySettings, type PaymentStore } from './payments.ts';
import { queryClassicTransaction } from './payu-classic-lookup.ts';
import { retrieveAndApplyPayuOrder } from './payu-rest-apply.ts';
import { createPayuRestClient, loadPayuRestSettings, PayuRestError, type FetchLike } from './payu-rest-client.ts';
import { createStripeClient, loadStripeCheckoutSettings } from './stripe-settings.ts';

/**
 * Asking a gateway about one payment attempt and applying its answer to the
 * ledger: what the reconciliation does for every attempt still pending, and
 * what create-payment does before it starts another attempt of the same
 * order (after closing the open one, so that nobody pays twice).
 */

/** Asks the provider about one payment and applies its answer; 'unchanged' when it had nothing new. */
export type Lookup = (payment: PendingPayment) => Promise<LedgerOutcome | 'unchanged'>;

export interface LookupDeps {
  store: PaymentStore;
  env: Pick<FunctionEnv, 'supabaseUrl' | 'siteUrl' | 'localPaymentSimulator'>;
  fetch: FetchLike;
  now(): number;
}

/** PayU classic: the same signed status query a report triggers. */
function classicLookup(deps: LookupDeps): Lookup {
  return async (payment) => {
    const settings = await loadGatewaySettings(deps.store, deps.env);
    if (!settings) throw new Error('PayU classic is not configured');
    const { transaction, outcome } = await queryClassicTransaction(deps, settings, payment.providerPaymentId);
    if (!outcome) return 'unchanged';
    const applied = await applyGatewayTransaction(deps.store, transaction, outcome);
    if (applied.kind !== 'recorded') throw new Error(`not applied: ${applied.kind}`);
    return 'applied';
  };
}

async function payuClient(deps: LookupDeps) {
  const settings = await loadPayuRestSettings(deps.store, deps.env);
  if (!settings) throw new Error('PayU REST is not configured');
  return createPayuRestClient(settings, deps.fetch, deps.now);
}

/** PayU REST: the same read-back a notification triggers. */
function payuRestLookup(deps: LookupDeps): Lookup {
  return async (payment) => {
    const outcome = await retrieveAndApplyPayuOrder(
      { store: deps.store, ledger: deps.store },
      await payuClient(deps),
      payment.providerPaymentId,
    );
    return outcome === 'ignored' ? 'unchanged' : outcome;
  };
}

/** A retrieved Checkout Session in the ledger's words: paid, given up (expired), or still open. */
export function stateOfCheckoutSession(status: string | null, paymentStatus: string): LedgerPaymentState {
  if (status === 'complete') return paymentStatus === 'paid' || paymentStatus === 'no_payment_required' ? 'completed' : 'pending';
  if (status === 'expired') return 'canceled';
  return 'pending';
}

async function stripeClient(deps: LookupDeps) {
  const settings = await loadStripeCheckoutSettings(deps.store, deps.env);
  if (!settings) throw new Error('Stripe is not configured');
  return createStripeClient(settings, deps.fetch);
}

/**
 * Stripe: the session as Stripe has it now. Webhooks are Stripe's proof,
 * but a missed one (an endpoint down for longer than Stripe retries, a
 * secret rotated) must not leave a paid order unpaid.
 */
function stripeLookup(deps: LookupDeps): Lookup {
  return async (payment) => {
    const session = await (await stripeClient(deps)).checkout.sessions.retrieve(payment.providerPaymentId);
    if (session.amount_total === null || !session.currency) return 'unchanged';
    const intent = session.payment_intent;
    return deps.store.applyPaymentEvent({
      provider: 'stripe',
      // Stripe gives a look-up no event id: the session's state is the event, so a repeat is one.
      eventId: `lookup:${session.id}:${session.status ?? 'none'}:${session.payment_status}`,
      orderId: payment.orderId,
      providerPaymentId: session.id,
      method: payment.method,
      amount: grosz(session.amount_total),
      currency: session.currency.toUpperCase(),
      state: stateOfCheckoutSession(session.status, session.payment_status),
      chargeId: typeof intent === 'string' ? intent : (intent?.id ?? null),
      content: session,
    });
  };
}

export function gatewayLookups(deps: LookupDeps): Record<Exclude<LedgerProvider, 'manual'>, Lookup> {
  return { 'payu-classic': classicLookup(deps), 'payu-rest': payuRestLookup(deps), stripe: stripeLookup(deps) };
}

/**
 * Closes an attempt the buyer left open (a gateway page closed, a BLIK code
 * never confirmed) before another one starts: PayU REST cancels the order,
 * Stripe expires the session; a classic session cannot be closed and is
 * only asked about. Then the gateway's answer is applied, so an attempt that
 * was paid meanwhile shows as paid and the new one is refused.
 */
export async function closeAttempt(deps: LookupDeps, payment: PendingPayment): Promise<void> {
  try {
    if (payment.provider === 'payu-rest') {
      await (await payuClient(deps)).cancelOrder(payment.providerPaymentId).catch((error: unknown) => {
        // PayU refuses to cancel an order that was paid: reading it back says so.
        if (!(error instanceof PayuRestError && error.kind === 'refused')) throw error;
      });
    } else if (payment.provider === 'stripe') {
      const stripe = await stripeClient(deps);
      const session = await stripe.checkout.sessions.retrieve(payment.providerPaymentId);
      if (session.status === 'open') await stripe.checkout.sessions.expire(payment.providerPaymentId);
    }
    if (payment.provider === 'manual') return;
    const lookup = gatewayLookups(deps)[payment.provider];
    if (payment.provider === 'payu-classic') {
      // A classic session cannot be closed, and one that never reached the gateway is unknown there: asking is all there is.
      await lookup(payment).catch((error: unknown) => {
        console.warn(`[payments] the classic attempt ${payment.id} could not be checked`, error);
      });
    } else await lookup(payment);
  } catch (error) {
    console.error(`[payments] the open ${payment.provider} attempt ${payment.id} could not be closed`, error);
    throw new HttpError(
      502,
      'Previous payment could not be checked',
      'Nie udało się sprawdzić poprzedniej próby płatności. Spróbuj ponownie za chwilę.',
    );
  }
}
