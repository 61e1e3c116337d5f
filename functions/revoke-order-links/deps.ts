import { functionFromEnv, type EnvGetter, type FunctionEnv } from '../_shared/env.ts';
import type { Handler } from '../_shared/http.ts';
import { createOrderAccessStore } from '../_shared/order-access.ts';
import { createAdminClient, createCallerAuthFromEnv } from '../_shared/supabase-clients.ts';
import { createRevokeOrderLinksHandler, type RevokeOrderLinksDeps } from './handler.ts';

/** The real dependencies: the owner check and public.revoke_order_links through the service-role client. */
export function createRevokeOrderLinksDeps(env: FunctionEnv): RevokeOrderLinksDeps {
  const admin = createAdminClient(env);
  return {
    authenticate: createCallerAuthFromEnv(env),
    isShopOwner: createOrderAccessStore(admin).isShopOwner,
    async revoke(orderId) {
      const { data, error } = await admin.rpc('revoke_order_links', { p_order_id: orderId });
      if (error?.code === 'P0002') return null;
      if (error) throw new Error(`revoking the order's links failed: ${error.message}`);
      return { links: data.links, keys: data.keys };
    },
  };
}

/** revoke-order-links as it is served: `Deno.serve(revokeOrderLinksFunction((name) => Deno.env.get(name)))`. */
export function revokeOrderLinksFunction(get: EnvGetter): Handler {
  return functionFromEnv('revoke-order-links', get, (env) => createRevokeOrderLinksHandler(createRevokeOrderLinksDeps(env)));
}
