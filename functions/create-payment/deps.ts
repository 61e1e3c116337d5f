import type { FunctionEnv } from '../_shared/env.ts';
import { createPaymentStoreFromEnv } from '../_shared/payments.ts';
import type { CreatePaymentDeps } from './handler.ts';

export function createCreatePaymentDeps(env: FunctionEnv): CreatePaymentDeps {
  return { store: createPaymentStoreFromEnv(env), env, fetch: (input, init) => fetch(input, init), now: () => Date.now() };
}
