import { readFunctionEnv, type EnvGetter } from '../../../functions/_shared/env.ts';
import type { Handler } from '../../../functions/_shared/http.ts';
import { calculateDeliveryFunction } from '../../../functions/calculate-delivery/deps.ts';
import { createPaymentFunction } from '../../../functions/create-payment/deps.ts';
import { deliveryAvailabilityFunction } from '../../../functions/delivery-availability/deps.ts';
import { payuClassicPaymentFunction } from '../../../functions/create-payu-classic-payment/deps.ts';
import { ksefSendFunction } from '../../../functions/ksef-send/deps.ts';
import { mailDispatchFunction } from '../../../functions/mail-dispatch/deps.ts';
import { orderLinkRequestFunction } from '../../../functions/order-link-request/deps.ts';
import { orderPageFunction } from '../../../functions/order-page/deps.ts';
import { ownerOrderFunction } from '../../../functions/owner-order/deps.ts';
import { ownerInvoicesFunction } from '../../../functions/owner-invoices/deps.ts';
import { ownerPaymentsFunction } from '../../../functions/owner-payments/deps.ts';
import { paymentNotificationFunction } from '../../../functions/payment-notification/deps.ts';
import { paymentsReconcileFunction } from '../../../functions/payments-reconcile/deps.ts';
import { payuNotifyFunction } from '../../../functions/payu-notify/deps.ts';
import { placeOrderFunction } from '../../../functions/place-order/deps.ts';
import { pushDevicesFunction } from '../../../functions/push-devices/deps.ts';
import { pushDispatchFunction } from '../../../functions/push-dispatch/deps.ts';
import { revokeOrderLinksFunction } from '../../../functions/revoke-order-links/deps.ts';
import { sendContactEmailFunction } from '../../../functions/send-contact-email/deps.ts';
import { stripeWebhookFunction } from '../../../functions/stripe-webhook/deps.ts';
import { withdrawalRequestFunction } from '../../../functions/withdrawal-request/deps.ts';
import { createPaymentStoreFromEnv, LOCAL_SIMULATOR_PATH } from '../../../functions/_shared/payments.ts';
import { createPaymentSimulatorHandler } from '../payments/payu-classic-simulator.ts';
import { createPayuRestSimulatorHandler } from '../payments/payu-rest-simulator.ts';
import { STRIPE_SIMULATOR_PATH } from '../../../functions/_shared/stripe-settings.ts';
import { createStripeSimulator } from '../payments/stripe-simulator.ts';
import { LOCAL_PAYU_REST_SIMULATOR_PATH } from '../../../src/domain/payu-rest.ts';
import { LOCAL_KSEF_SIMULATOR_PATH } from '../../../functions/_shared/ksef/environments.ts';
import { createKsefSimulator } from '../ksef/simulator.ts';

/**
 * The Edge Functions, by name. Each entry does exactly what
 * functions/<name>/index.ts does with `(name) => Deno.env.get(name)`: call it
 * with the function's environment, e.g. `FUNCTIONS[name]((n) => envMap[n])`.
 * It never throws for a missing secret: the function then answers 503 and
 * logs the missing names at its first request.
 */
export const FUNCTIONS: Record<string, (get: EnvGetter) => Handler> = {
  'calculate-delivery': calculateDeliveryFunction,
  'create-payment': createPaymentFunction,
  'create-payu-classic-payment': payuClassicPaymentFunction,
  'delivery-availability': deliveryAvailabilityFunction,
  'ksef-send': ksefSendFunction,
  'mail-dispatch': mailDispatchFunction,
  'order-link-request': orderLinkRequestFunction,
  'order-page': orderPageFunction,
  'owner-order': ownerOrderFunction,
  'owner-invoices': ownerInvoicesFunction,
  'owner-payments': ownerPaymentsFunction,
  'payment-notification': paymentNotificationFunction,
  'payments-reconcile': paymentsReconcileFunction,
  'payu-notify': payuNotifyFunction,
  'place-order': placeOrderFunction,
  'push-devices': pushDevicesFunction,
  'push-dispatch': pushDispatchFunction,
  'revoke-order-links': revokeOrderLinksFunction,
  'send-contact-email': sendContactEmailFunction,
  'stripe-webhook': stripeWebhookFunction,
  'withdrawal-request': withdrawalRequestFunction,
};

/**
 * Local-only routes, by path prefix: the payment gateways' and KSeF's stand-ins. The local
 * backend adds them only with LOCAL_PAYMENT_SIMULATOR=1; they are not Edge
 * Functions and are never deployed.
 */
export function localPaymentSimulatorRoutes(variables: Record<string, string>): Record<string, Handler> {
  const reading = readFunctionEnv((name) => variables[name], { callers: false });
  if (!reading.ok) throw new Error(`the local payment simulator cannot start: ${reading.problems.join(', ')}`);
  const { env } = reading;
  const simulator = createPaymentSimulatorHandler({
    store: createPaymentStoreFromEnv(env),
    notificationUrl: `${env.supabaseUrl}/functions/v1/payment-notification`,
    fetch: (input, init) => fetch(input, init),
    now: () => Date.now(),
  });
  const payuRest = createPayuRestSimulatorHandler({
    store: createPaymentStoreFromEnv(env),
    baseUrl: `${env.supabaseUrl}${LOCAL_PAYU_REST_SIMULATOR_PATH}`,
    fetch: (input, init) => fetch(input, init),
    now: () => Date.now(),
  });
  const stripe = createStripeSimulator({
    store: createPaymentStoreFromEnv(env),
    baseUrl: `${env.supabaseUrl}${STRIPE_SIMULATOR_PATH}`,
    webhookUrl: `${env.supabaseUrl}/functions/v1/stripe-webhook`,
    fetch: (input, init) => fetch(input, init),
    now: () => Date.now(),
  });
  return {
    [LOCAL_SIMULATOR_PATH]: simulator,
    [LOCAL_PAYU_REST_SIMULATOR_PATH]: payuRest,
    [STRIPE_SIMULATOR_PATH]: stripe.handle,
    [LOCAL_KSEF_SIMULATOR_PATH]: createKsefSimulator(),
  };
}
