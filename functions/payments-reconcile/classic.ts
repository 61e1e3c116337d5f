import type { FunctionEnv } from '../_shared/env.ts';
import { applyGatewayTransaction, loadGatewaySettings, type PaymentStore } from '../_shared/payments.ts';
import { queryClassicTransaction, type ClassicLookupDeps } from '../_shared/payu-classic-lookup.ts';
import type { Reconciler } from './handler.ts';

/** PayU classic: the same signed status query a report triggers, for a session nobody reported. */
export function classicReconciler(
  store: PaymentStore,
  env: Pick<FunctionEnv, 'supabaseUrl' | 'siteUrl' | 'localPaymentSimulator'>,
  lookup: ClassicLookupDeps,
): Reconciler {
  return async (payment) => {
    const settings = await loadGatewaySettings(store, env);
    if (!settings) throw new Error('PayU classic is not configured');
    const { transaction, outcome } = await queryClassicTransaction(lookup, settings, payment.providerPaymentId);
    if (!outcome) return 'unchanged';
    const applied = await applyGatewayTransaction(store, transaction, outcome);
    if (applied.kind !== 'recorded') throw new Error(`not applied: ${applied.kind}`);
    return 'applied';
  };
}
