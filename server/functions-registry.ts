import type { FunctionEnv } from '../functions/_shared/env.ts';
import type { Handler } from '../functions/_shared/http.ts';
import { createCalculateDeliveryDeps } from '../functions/calculate-delivery/deps.ts';
import { createCalculateDeliveryHandler } from '../functions/calculate-delivery/handler.ts';
import { createCreatePaymentDeps } from '../functions/create-payment/deps.ts';
import { createCreatePaymentHandler } from '../functions/create-payment/handler.ts';
import { createPayuClassicPaymentDeps } from '../functions/create-payu-classic-payment/deps.ts';
import { createPayuClassicPaymentHandler } from '../functions/create-payu-classic-payment/handler.ts';
import { createPaymentNotificationDeps } from '../functions/payment-notification/deps.ts';
import { createPaymentNotificationHandler } from '../functions/payment-notification/handler.ts';
import { createPlaceOrderDeps } from '../functions/place-order/deps.ts';
import { createPlaceOrderHandler } from '../functions/place-order/handler.ts';
import { createSendContactEmailDeps, readMailConfig } from '../functions/send-contact-email/deps.ts';
import { createSendContactEmailHandler } from '../functions/send-contact-email/handler.ts';
import { createPaymentStoreFromEnv, LOCAL_SIMULATOR_PATH } from '../functions/_shared/payments.ts';
import { createPaymentSimulatorHandler } from './payment-simulator.ts';

/**
 * The Edge Functions the local gateway serves at /functions/v1/<name>; each
 * entry builds the same handler that functions/<name>/index.ts gives Deno.serve.
 */
export const FUNCTIONS: Record<string, (env: FunctionEnv) => Handler> = {
  'calculate-delivery': (env) => createCalculateDeliveryHandler(createCalculateDeliveryDeps(env)),
  'create-payment': (env) => createCreatePaymentHandler(createCreatePaymentDeps(env)),
  'create-payu-classic-payment': (env) => createPayuClassicPaymentHandler(createPayuClassicPaymentDeps(env)),
  'payment-notification': (env) => createPaymentNotificationHandler(createPaymentNotificationDeps(env)),
  'place-order': (env) => createPlaceOrderHandler(createPlaceOrderDeps(env)),
  'send-contact-email': (env) =>
    createSendContactEmailHandler(createSendContactEmailDeps(env, readMailConfig((name) => process.env[name]))),
};

/**
 * Local-only routes, by path prefix: the PayU gateway simulator. The local
 * backend adds them only with LOCAL_PAYMENT_SIMULATOR=1; they are not Edge
 * Functions and are never deployed.
 */
export function localPaymentSimulatorRoutes(env: FunctionEnv): Record<string, Handler> {
  const simulator = createPaymentSimulatorHandler({
    store: createPaymentStoreFromEnv(env),
    notificationUrl: `${env.supabaseUrl}/functions/v1/payment-notification`,
    fetch: (input, init) => fetch(input, init),
    now: () => Date.now(),
  });
  return { [LOCAL_SIMULATOR_PATH]: simulator };
}
