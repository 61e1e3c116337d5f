import { functionFromEnv, type EnvGetter, type FunctionEnv } from '../_shared/env.ts';
import type { Handler } from '../_shared/http.ts';
import { createPaymentStore } from '../_shared/payments.ts';
import { createAdminClient, createCallerAuthFromEnv } from '../_shared/supabase-clients.ts';
import { PENDING_PAYMENT_COLUMNS, toPendingPayment } from '../_shared/ledger.ts';
import { gatewayLookups } from '../_shared/payment-lookups.ts';
import { TRANSFER_PAYMENT_DAYS_SETTING } from '../../src/domain/payment-deadlines.ts';
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
        return data.map(toPendingPayment);
      },
      async unpaidTransfers(limit) {
        const { data, error } = await admin
          .from('orders')
          .select('id, created_at, delivery_date')
          .eq('status', 'pending')
          .eq('payment_method', 'transfer')
          .eq('amount_paid', 0)
          .order('created_at')
          .limit(limit);
        if (error) throw new Error(`loading unpaid transfers failed: ${error.message}`);
        return data.map((row) => ({
          id: row.id,
          createdAt: row.created_at,
          deliveryDate: row.delivery_date,
        }));
      },
      async transferPaymentDays() {
        return (await store.loadSettings([TRANSFER_PAYMENT_DAYS_SETTING]))[TRANSFER_PAYMENT_DAYS_SETTING];
      },
      async remindUnpaidTransfer(orderId, payBy) {
        const { data, error } = await admin.rpc('remind_unpaid_transfer', { p_order_id: orderId, p_pay_by: payBy });
        if (error) throw new Error(`queueing a transfer reminder failed: ${error.message}`);
        return data === true;
      },
      async cancelUnpaidTransfer(orderId, reason) {
        const { data, error } = await admin.rpc('cancel_unpaid_transfer', { p_order_id: orderId, p_reason: reason });
        if (error) throw new Error(`cancelling an unpaid transfer failed: ${error.message}`);
        return data === true;
      },
      async expireUnpaidOnlineOrders(minutes, reason) {
        const { data, error } = await admin.rpc('expire_unpaid_online_orders', { p_minutes: minutes, p_reason: reason });
        if (error) throw new Error(`expiring unpaid orders failed: ${error.message}`);
        return data ?? [];
      },
    },
  };
}

/** payments-reconcile as it is served: `Deno.serve(paymentsReconcileFunction((name) => Deno.env.get(name)))`. */
export function paymentsReconcileFunction(get: EnvGetter): Handler {
  return functionFromEnv('payments-reconcile', get, (env) => createPaymentsReconcileHandler(createPaymentsReconcileDeps(env)));
}
