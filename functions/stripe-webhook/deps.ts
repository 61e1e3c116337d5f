import { functionFromEnv, PAYMENT_CONFIGURATION_MESSAGE, type EnvGetter, type FunctionEnv } from '../_shared/env.ts';
import type { Handler } from '../_shared/http.ts';
import { createLedgerStore } from '../_shared/ledger.ts';
import { createPaymentStore } from '../_shared/payments.ts';
import { createAdminClient } from '../_shared/supabase-clients.ts';
import { createStripeWebhookHandler, type StripeWebhookDeps } from './handler.ts';

export function createStripeWebhookDeps(env: FunctionEnv): StripeWebhookDeps {
  const admin = createAdminClient(env);
  return { store: createPaymentStore(admin), ledger: createLedgerStore(admin), env, now: () => Date.now() };
}

/**
 * stripe-webhook as it is served. Stripe posts its events with no apikey
 * and no Authorization; the function authenticates them by Stripe's
 * signature instead (handler.ts), so it needs no anon or publishable key.
 */
export function stripeWebhookFunction(get: EnvGetter): Handler {
  return functionFromEnv('stripe-webhook', get, (env) => createStripeWebhookHandler(createStripeWebhookDeps(env)), {
    callers: false,
    configurationMessage: PAYMENT_CONFIGURATION_MESSAGE,
  });
}
