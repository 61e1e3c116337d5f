import { functionFromEnv, PAYMENT_CONFIGURATION_MESSAGE, type EnvGetter, type FunctionEnv } from '../_shared/env.ts';
import type { Handler } from '../_shared/http.ts';
import { createPaymentStoreFromEnv } from '../_shared/payments.ts';
import { createCallerAuthFromEnv } from '../_shared/supabase-clients.ts';
import { createPayuClassicPaymentHandler, type CreatePayuClassicPaymentDeps } from './handler.ts';

export function createPayuClassicPaymentDeps(env: FunctionEnv): CreatePayuClassicPaymentDeps {
  return { authenticate: createCallerAuthFromEnv(env), store: createPaymentStoreFromEnv(env), env, now: () => Date.now() };
}

/** create-payu-classic-payment as it is served: `Deno.serve(payuClassicPaymentFunction((name) => Deno.env.get(name)))`. */
export function payuClassicPaymentFunction(get: EnvGetter): Handler {
  return functionFromEnv('create-payu-classic-payment', get, (env) => createPayuClassicPaymentHandler(createPayuClassicPaymentDeps(env)), {
    configurationMessage: PAYMENT_CONFIGURATION_MESSAGE,
    // The checkout reads { success, error } and maps 'configuration…' to the message above.
    configurationBody: () => ({ success: false }),
  });
}
