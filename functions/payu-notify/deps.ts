import { functionFromEnv, PAYMENT_CONFIGURATION_MESSAGE, type EnvGetter, type FunctionEnv } from '../_shared/env.ts';
import type { Handler } from '../_shared/http.ts';
import { createLedgerStore } from '../_shared/ledger.ts';
import { createPaymentStore } from '../_shared/payments.ts';
import { createAdminClient } from '../_shared/supabase-clients.ts';
import { createPayuNotifyHandler, type PayuNotifyDeps } from './handler.ts';

export function createPayuNotifyDeps(env: FunctionEnv): PayuNotifyDeps {
  const admin = createAdminClient(env);
  return {
    store: createPaymentStore(admin),
    ledger: createLedgerStore(admin),
    env,
    fetch: (input, init) => fetch(input, init),
    now: () => Date.now(),
  };
}

/**
 * payu-notify as it is served: PayU REST's notifyUrl. PayU posts without any
 * apikey or Authorization, so, like payment-notification, it needs no anon
 * or publishable key; it authenticates each notification by its
 * OpenPayu-Signature (the second key) and then asks PayU itself (handler.ts).
 */
export function payuNotifyFunction(get: EnvGetter): Handler {
  return functionFromEnv('payu-notify', get, (env) => createPayuNotifyHandler(createPayuNotifyDeps(env)), {
    callers: false,
    configurationMessage: PAYMENT_CONFIGURATION_MESSAGE,
  });
}
