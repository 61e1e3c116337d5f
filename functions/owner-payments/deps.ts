import { functionFromEnv, type EnvGetter, type FunctionEnv } from '../_shared/env.ts';
import type { Handler } from '../_shared/http.ts';
import { createAdminClient, createCallerAuthFromEnv } from '../_shared/supabase-clients.ts';
import { createOwnerPaymentsHandler, type OwnerPaymentsDeps } from './handler.ts';
import { createOwnerPaymentsStore } from './store.ts';

export function createOwnerPaymentsDeps(env: FunctionEnv): OwnerPaymentsDeps {
  return {
    authenticate: createCallerAuthFromEnv(env),
    store: createOwnerPaymentsStore(createAdminClient(env)),
    gatewayRefunds: {},
  };
}

/** owner-payments as it is served: `Deno.serve(ownerPaymentsFunction((name) => Deno.env.get(name)))`. */
export function ownerPaymentsFunction(get: EnvGetter): Handler {
  return functionFromEnv('owner-payments', get, (env) => createOwnerPaymentsHandler(createOwnerPaymentsDeps(env)));
}
