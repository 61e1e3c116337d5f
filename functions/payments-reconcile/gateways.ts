import { grosz } from '../../src/domain/money.ts';
import type { LedgerPaymentState } from '../../src/domain/payment-ledger.ts';
import type { FunctionEnv } from '../_shared/env.ts';
import type { PaymentStore } from '../_shared/payments.ts';
import { retrieveAndApplyPayuOrder } from '../_shared/payu-rest-apply.ts';
import { createPayuRestClient, loadPayuRestSettings, type FetchLike } from '../_shared/payu-rest-client.ts';
import { createStripeClient, loadStripeCheckoutSettings } from '../_shared/stripe-settings.ts';
import type { Reconciler } from './handler.ts';

type GatewayEnv = Pick<FunctionEnv, 'supabaseUrl' | 'siteUrl' | 'localPaymentSimulator'>;

/** PayU REST: the same read-back a notification triggers, for an order nobody notified about. */
export function payuRestReconciler(store: PaymentStore, env: GatewayEnv, fetchFn: FetchLike, now: () => number): Reconciler {
  return async (payment) => {
    const settings = await loadPayuRestSettings(store, env);
    if (!settings) throw new Error('PayU REST is not configured');
    const outcome = await retrieveAndApplyPayuOrder(
      { store, ledger: store },
      createPayuRestClient(settings, fetchFn, now),
      payment.providerPaymentId,
    );
    return outcome === 'ignored' ? 'unchanged' : outcome;
  };
}

/** A retrieved Checkout Session in the ledger's words: paid, given up (expired), or still open. */
export function stateOfCheckoutSession(status: string | null, paymentStatus: string): LedgerPaymentState {
  if (status === 'complete' && paymentStatus !== 'unpaid')
    return paymentStatus === 'paid' || paymentStatus === 'no_payment_required' ? 'completed' : 'pending';
  if (status === 'expired') return 'canceled';
  return 'pending';
}

/**
 * Stripe: the session as Stripe has it now. Webhooks are Stripe's proof,
 * but a missed one (an endpoint down for longer than Stripe retries, a
 * secret rotated) must not leave a paid order unpaid.
 */
export function stripeReconciler(store: PaymentStore, env: GatewayEnv, fetchFn: FetchLike): Reconciler {
  return async (payment) => {
    const settings = await loadStripeCheckoutSettings(store, env);
    if (!settings) throw new Error('Stripe is not configured');
    const session = await createStripeClient(settings, fetchFn).checkout.sessions.retrieve(payment.providerPaymentId);
    if (session.amount_total === null || !session.currency) return 'unchanged';
    const state = stateOfCheckoutSession(session.status, session.payment_status);
    const intent = session.payment_intent;
    return store.applyPaymentEvent({
      provider: 'stripe',
      // Stripe gives a look-up no event id: the session's state is the event, so a repeat is one.
      eventId: `lookup:${session.id}:${session.status ?? 'none'}:${session.payment_status}`,
      orderId: payment.orderId,
      providerPaymentId: session.id,
      method: payment.method,
      amount: grosz(session.amount_total),
      currency: session.currency.toUpperCase(),
      state,
      chargeId: typeof intent === 'string' ? intent : (intent?.id ?? null),
      content: session,
    });
  };
}
