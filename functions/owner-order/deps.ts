import { functionFromEnv, type EnvGetter, type FunctionEnv } from '../_shared/env.ts';
import type { Handler } from '../_shared/http.ts';
import { createOrderAccessStore } from '../_shared/order-access.ts';
import { createAdminClient } from '../_shared/supabase-clients.ts';
import { createPlaceOrderDeps } from '../place-order/deps.ts';
import { createOwnerOrderHandler, type OwnerOrderDeps } from './handler.ts';

/** place-order's own dependencies (catalogue, settings, slots, place_order), and the owner check. */
export function createOwnerOrderDeps(env: FunctionEnv): OwnerOrderDeps {
  return { ...createPlaceOrderDeps(env), isShopOwner: createOrderAccessStore(createAdminClient(env)).isShopOwner };
}

/** owner-order as it is served: `Deno.serve(ownerOrderFunction((name) => Deno.env.get(name)))`. */
export function ownerOrderFunction(get: EnvGetter): Handler {
  return functionFromEnv('owner-order', get, (env) => createOwnerOrderHandler(createOwnerOrderDeps(env)));
}
