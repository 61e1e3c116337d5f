import type { FunctionEnv } from '../_shared/env.ts';
import { createAdminClient } from '../_shared/supabase-clients.ts';
import type { QuoteDeps } from './service.ts';

/** Reads one app_settings value; the service role is needed because the Maps key is not public. */
export function settingLoader(env: FunctionEnv): QuoteDeps['loadSetting'] {
  const admin = createAdminClient(env);
  return async (key) => {
    const { data, error } = await admin.from('app_settings').select('value').eq('key', key).maybeSingle();
    if (error) throw new Error(`loading setting ${key} failed: ${error.message}`);
    return (data as { value: string } | null)?.value ?? null;
  };
}

export function createCalculateDeliveryDeps(env: FunctionEnv): QuoteDeps {
  return { loadSetting: settingLoader(env), fetch: (input, init) => fetch(input, init) };
}
