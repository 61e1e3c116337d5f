import { functionFromEnv, PAYMENT_CONFIGURATION_MESSAGE, type EnvGetter, type FunctionEnv } from '../_shared/env.ts';
import type { Handler } from '../_shared/http.ts';
import { createPaymentStoreFromEnv } from '../_shared/payments.ts';
import { createCallerAuthFromEnv } from '../_shared/supabase-clients.ts';
import { createCreatePaymentHandler, type CreatePaymentDeps } from './handler.ts';

export function createCreatePaymentDeps(env: FunctionEnv): CreatePaymentDeps {
  return {
    authenticate: createCallerAuthFromEnv(env),
    store: createPaymentStoreFromEnv(env),
    env,
    fetch: (input, init) => fetch(input, init),
    now: () => Date.now(),
  };
}

/** create-payment as it is served: `Deno.serve(createPaymentFunction((name) => Deno.env.get(name)))`. */
export function createPaymentFunction(get: EnvGetter): Handler {
  return functionFromEnv('create-payment', get, (env) => createCreatePaymentHandler(createCreatePaymentDeps(env)), {
    configurationMessage: PAYMENT_CONFIGURATION_MESSAGE,
    // The checkout shows `details` first.
    configurationBody: (message) => ({ details: message }),
  });
}
