import { functionFromEnv, type EnvGetter, type FunctionEnv } from '../_shared/env.ts';
import type { Handler } from '../_shared/http.ts';
import { createOrderAccessStore, hashAccessKey, newAccessKey } from '../_shared/order-access.ts';
import { createAdminClient, createCallerAuthFromEnv } from '../_shared/supabase-clients.ts';
import { createOrderPageHandler, type OrderPageDeps } from './handler.ts';
import { ORDER_PAGE_COLUMNS, toPaymentAttemptState, type OrderPageRow } from './view.ts';

/** The real dependencies: service-role reads of the order and its link tokens (no API role may read order_link_tokens). */
export function createOrderPageDeps(env: FunctionEnv): OrderPageDeps {
  const admin = createAdminClient(env);
  return {
    authenticate: createCallerAuthFromEnv(env),
    async findOrder(number) {
      const { data, error } = await admin.from('orders').select(ORDER_PAGE_COLUMNS).eq('payu_order_id', number).maybeSingle();
      if (error) throw new Error(`loading the order failed: ${error.message}`);
      return (data as unknown as OrderPageRow | null) ?? null;
    },
    async hasLinkToken(orderId, tokenHash) {
      const { data, error } = await admin
        .from('order_link_tokens')
        .select('order_id')
        .eq('order_id', orderId)
        .eq('token_hash', tokenHash)
        .maybeSingle();
      if (error) throw new Error(`checking the link token failed: ${error.message}`);
      return data !== null;
    },
    async mintAccessKey(orderId) {
      const key = newAccessKey();
      const { error } = await admin.from('order_access_keys').insert({ order_id: orderId, key_hash: await hashAccessKey(key) });
      if (error) throw new Error(`storing the access key failed: ${error.message}`);
      return key;
    },
    hasAccessKey: createOrderAccessStore(admin).hasAccessKey,
    now: () => Date.now(),
    async latestAttempt(orderId) {
      // The same attempt sync_order_money mirrors into payu_status: the newest from a gateway.
      const { data, error } = await admin
        .from('payments')
        .select('state, created_at')
        .eq('order_id', orderId)
        .neq('provider', 'manual')
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .limit(1);
      if (error) throw new Error(`loading the payment state failed: ${error.message}`);
      const row = (data as { state: string; created_at: string }[] | null)?.[0];
      const state = toPaymentAttemptState(row?.state);
      return row && state ? { state, startedAt: row.created_at } : null;
    },
  };
}

/** order-page as it is served: `Deno.serve(orderPageFunction((name) => Deno.env.get(name)))`. */
export function orderPageFunction(get: EnvGetter): Handler {
  return functionFromEnv('order-page', get, (env) => createOrderPageHandler(createOrderPageDeps(env)));
}
