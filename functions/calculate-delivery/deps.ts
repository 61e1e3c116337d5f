import { functionFromEnv, type EnvGetter, type FunctionEnv } from '../_shared/env.ts';
import type { Handler } from '../_shared/http.ts';
import { createAdminClient, createCallerAuthFromEnv } from '../_shared/supabase-clients.ts';
import { createCalculateDeliveryHandler, type CalculateDeliveryDeps } from './handler.ts';
import type { QuoteDeps } from './service.ts';

/** Reads one app_settings value; the service role is needed because the Maps key is not public. */
export function settingLoader(env: FunctionEnv): QuoteDeps['loadSetting'] {
  const admin = createAdminClient(env);
  return async (key) => {
    const { data, error } = await admin.from('app_settings').select('value').eq('key', key).maybeSingle();
    if (error) throw new Error(`loading setting ${key} failed: ${error.message}`);
    return data?.value ?? null;
  };
}

export function createCalculateDeliveryDeps(env: FunctionEnv): CalculateDeliveryDeps {
  return { authenticate: createCallerAuthFromEnv(env), loadSetting: settingLoader(env), fetch: (input, init) => fetch(input, init) };
}

/** calculate-delivery as it is served: `Deno.serve(calculateDeliveryFunction((name) => Deno.env.get(name)))`. */
export function calculateDeliveryFunction(get: EnvGetter): Handler {
  return functionFromEnv('calculate-delivery', get, (env) => createCalculateDeliveryHandler(createCalculateDeliveryDeps(env)));
}
