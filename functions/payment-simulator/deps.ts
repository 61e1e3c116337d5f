import type { FunctionEnv } from '../_shared/env.ts';
import { createPaymentStoreFromEnv } from '../_shared/payments.ts';
import type { PaymentSimulatorDeps } from './handler.ts';

export function createPaymentSimulatorDeps(env: FunctionEnv): PaymentSimulatorDeps {
  return { store: createPaymentStoreFromEnv(env) };
}
