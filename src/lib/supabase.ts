import type { SupabaseClient } from '@supabase/supabase-js';
import { getBackendConfig } from './backend-config.ts';

let client: Promise<SupabaseClient> | undefined;

/**
 * The one Supabase client. supabase-js is loaded on first use so it never
 * weighs on the first paint of the public pages.
 */
export function getSupabase(): Promise<SupabaseClient> {
  client ??= import('@supabase/supabase-js')
    .then(({ createClient }) => {
      const { url, anonKey } = getBackendConfig();
      return createClient(url, anonKey, {
        auth: { persistSession: true, autoRefreshToken: true },
      });
    })
    .catch((error: unknown) => {
      // A failed chunk load (offline) must not poison every later call.
      client = undefined;
      throw error;
    });
  return client;
}
