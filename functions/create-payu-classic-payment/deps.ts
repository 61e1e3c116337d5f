import type { FunctionEnv } from '../_shared/env.ts';
import { createPaymentStoreFromEnv } from '../_shared/payments.ts';
import type { CreatePayuClassicPaymentDeps } from './handler.ts';

export function createPayuClassicPaymentDeps(env: FunctionEnv): CreatePayuClassicPaymentDeps {
  return { store: createPaymentStoreFromEnv(env), env, now: () => Date.now() };
}
