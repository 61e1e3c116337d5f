import { functionFromEnv, type EnvGetter } from '../_shared/env.ts';
import type { Handler } from '../_shared/http.ts';
import { createAdminClient, createCallerAuthFromEnv } from '../_shared/supabase-clients.ts';
import { createOwnerInvoicesHandler } from './handler.ts';
import { createOwnerInvoicesStore } from './store.ts';

/** owner-invoices as it is served: `Deno.serve(ownerInvoicesFunction((name) => Deno.env.get(name)))`. */
export function ownerInvoicesFunction(get: EnvGetter): Handler {
  return functionFromEnv('owner-invoices', get, (env) =>
    createOwnerInvoicesHandler({
      authenticate: createCallerAuthFromEnv(env),
      store: createOwnerInvoicesStore(createAdminClient(env)),
      now: () => Date.now(),
    }),
  );
}
