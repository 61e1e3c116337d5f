import { functionFromEnv, type EnvGetter, type FunctionEnv } from '../_shared/env.ts';
import type { Handler } from '../_shared/http.ts';
import { createPaymentStore } from '../_shared/payments.ts';
import { createAdminClient, createCallerAuthFromEnv } from '../_shared/supabase-clients.ts';
import { PENDING_PAYMENT_COLUMNS, toPendingPayment, type PendingPaymentRow } from '../_shared/ledger.ts';
import { gatewayLookups } from '../_shared/payment-lookups.ts';
import { createPaymentsReconcileHandler, type ReconcileDeps } from './handler.ts';

export function createPaymentsReconcileDeps(env: FunctionEnv): ReconcileDeps {
  const admin = createAdminClient(env);
  const store = createPaymentStore(admin);
  const fetchFn = (input: string, init: RequestInit) => fetch(input, init);
  const now = () => Date.now();
  return {
    authenticate: createCallerAuthFromEnv(env),
    now,
    reconcilers: gatewayLookups({ store, env, fetch: fetchFn, now }),
    store: {
      applyPaymentEvent: store.applyPaymentEvent,
      async pendingPayments(before, limit) {
        const { data, error } = await admin
          .from('payments')
          .select(PENDING_PAYMENT_COLUMNS)
          .eq('state', 'pending')
          .neq('provider', 'manual')
          .lt('created_at', before)
          .order('created_at')
          .limit(limit);
        if (error) throw new Error(`loading pending payments failed: ${error.message}`);
        return (data as PendingPaymentRow[]).map(toPendingPayment);
      },
      async expireUnpaidOnlineOrders(minutes, reason) {
        const { data, error } = await admin.rpc('expire_unpaid_online_orders', { p_minutes: minutes, p_reason: reason });
        if (error) throw new Error(`expiring unpaid orders failed: ${error.message}`);
        return (data ?? []) as string[];
      },
    },
  };
}

/** payments-reconcile as it is served: `Deno.serve(paymentsReconcileFunction((name) => Deno.env.get(name)))`. */
export function paymentsReconcileFunction(get: EnvGetter): Handler {
  return functionFromEnv('payments-reconcile', get, (env) => createPaymentsReconcileHandler(createPaymentsReconcileDeps(env)));
}
