import type { FunctionEnv } from '../_shared/env.ts';
import { createPaymentStoreFromEnv } from '../_shared/payments.ts';
import type { PaymentNotificationDeps } from './handler.ts';

export function createPaymentNotificationDeps(env: FunctionEnv): PaymentNotificationDeps {
  return { store: createPaymentStoreFromEnv(env), env, fetch: (input, init) => fetch(input, init), now: () => Date.now() };
}
