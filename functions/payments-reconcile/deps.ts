import { functionFromEnv, type EnvGetter, type FunctionEnv } from '../_shared/env.ts';
import type { Handler } from '../_shared/http.ts';
import { createPaymentStore } from '../_shared/payments.ts';
import { createAdminClient, createCallerAuthFromEnv } from '../_shared/supabase-clients.ts';
import { classicReconciler } from './classic.ts';
import { payuRestReconciler, stripeReconciler } from './gateways.ts';
import { createPaymentsReconcileHandler, type PendingPayment, type ReconcileDeps } from './handler.ts';

interface PendingRow {
  id: string;
  order_id: string;
  provider: PendingPayment['provider'];
  provider_payment_id: string;
  method: string;
  created_at: string;
}

export function createPaymentsReconcileDeps(env: FunctionEnv): ReconcileDeps {
  const admin = createAdminClient(env);
  const store = createPaymentStore(admin);
  const fetchFn = (input: string, init: RequestInit) => fetch(input, init);
  const now = () => Date.now();
  return {
    authenticate: createCallerAuthFromEnv(env),
    now,
    reconcilers: {
      'payu-classic': classicReconciler(store, env, { fetch: fetchFn, now }),
      'payu-rest': payuRestReconciler(store, env, fetchFn, now),
      stripe: stripeReconciler(store, env, fetchFn),
    },
    store: {
      async pendingPayments(before, limit) {
        const { data, error } = await admin
          .from('payments')
          .select('id, order_id, provider, provider_payment_id, method, created_at')
          .eq('state', 'pending')
          .neq('provider', 'manual')
          .lt('created_at', before)
          .order('created_at')
          .limit(limit);
        if (error) throw new Error(`loading pending payments failed: ${error.message}`);
        return (data as PendingRow[]).map((row) => ({
          id: row.id,
          orderId: row.order_id,
          provider: row.provider,
          providerPaymentId: row.provider_payment_id,
          method: row.method,
          createdAt: row.created_at,
        }));
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
