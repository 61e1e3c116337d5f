import { functionFromEnv, PAYMENT_CONFIGURATION_MESSAGE, type EnvGetter, type FunctionEnv } from '../_shared/env.ts';
import { HttpError, type Handler } from '../_shared/http.ts';
import { createPaymentStore } from '../_shared/payments.ts';
import { createPayuRestClient, loadPayuRestSettings, type FetchLike } from '../_shared/payu-rest-client.ts';
import { refundStripePayment } from '../_shared/stripe-checkout.ts';
import { loadStripeCheckoutSettings } from '../_shared/stripe-settings.ts';
import { createAdminClient, createCallerAuthFromEnv } from '../_shared/supabase-clients.ts';
import { createOwnerPaymentsHandler, type GatewayRefund, type OwnerPaymentsDeps } from './handler.ts';
import { createOwnerPaymentsStore } from './store.ts';

const notConfigured = () => new HttpError(503, 'configuration_missing', PAYMENT_CONFIGURATION_MESSAGE);

/** The gateways that send money back themselves; the shop's refund id is their idempotency key. */
function gatewayRefunds(
  env: FunctionEnv,
  settingsStore: ReturnType<typeof createPaymentStore>,
  fetchFn: FetchLike,
): Record<'payu-rest' | 'stripe', GatewayRefund> {
  return {
    'payu-rest': async (payment, refund) => {
      const settings = await loadPayuRestSettings(settingsStore, env);
      if (!settings) throw notConfigured();
      const answer = await createPayuRestClient(settings, fetchFn).refund(payment.providerPaymentId, {
        amount: refund.amount,
        extRefundId: refund.refundId,
        description: refund.description,
      });
      return answer.refundId;
    },
    stripe: async (payment, refund) => {
      const settings = await loadStripeCheckoutSettings(settingsStore, env);
      if (!settings) throw notConfigured();
      if (!payment.chargeId) {
        throw new HttpError(409, 'no_payment_intent', 'Stripe nie podał identyfikatora tej płatności. Zwróć pieniądze w panelu Stripe.');
      }
      const answer = await refundStripePayment(settings, fetchFn, {
        paymentIntent: payment.chargeId,
        amount: refund.amount,
        refundId: refund.refundId,
      });
      return answer.providerRefundId;
    },
  };
}

export function createOwnerPaymentsDeps(env: FunctionEnv): OwnerPaymentsDeps {
  const admin = createAdminClient(env);
  return {
    authenticate: createCallerAuthFromEnv(env),
    store: createOwnerPaymentsStore(admin),
    gatewayRefunds: gatewayRefunds(env, createPaymentStore(admin), (input, init) => fetch(input, init)),
  };
}

/** owner-payments as it is served: `Deno.serve(ownerPaymentsFunction((name) => Deno.env.get(name)))`. */
export function ownerPaymentsFunction(get: EnvGetter): Handler {
  return functionFromEnv('owner-payments', get, (env) => createOwnerPaymentsHandler(createOwnerPaymentsDeps(env)));
}
