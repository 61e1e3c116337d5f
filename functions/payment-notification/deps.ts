import { functionFromEnv, PAYMENT_CONFIGURATION_MESSAGE, type EnvGetter, type FunctionEnv } from '../_shared/env.ts';
import type { Handler } from '../_shared/http.ts';
import { createPaymentStoreFromEnv } from '../_shared/payments.ts';
import { createPaymentNotificationHandler, type PaymentNotificationDeps } from './handler.ts';

export function createPaymentNotificationDeps(env: FunctionEnv): PaymentNotificationDeps {
  return { store: createPaymentStoreFromEnv(env), env, fetch: (input, init) => fetch(input, init), now: () => Date.now() };
}

/**
 * payment-notification as it is served. It is the one function open to
 * callers without any key: PayU's gateway posts its reports with no apikey
 * and no Authorization. It authenticates the report by PayU's signature
 * (key2) instead, and changes an order only by PayU's own signed answer to
 * the shop's status query (see handler.ts). So it needs no anon or
 * publishable key in its environment.
 */
export function paymentNotificationFunction(get: EnvGetter): Handler {
  return functionFromEnv('payment-notification', get, (env) => createPaymentNotificationHandler(createPaymentNotificationDeps(env)), {
    callers: false,
    configurationMessage: PAYMENT_CONFIGURATION_MESSAGE,
  });
}
