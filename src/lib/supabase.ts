import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../domain/database.ts';
import { getBackendConfig } from './backend-config.ts';

/** The app's client, typed by the database's generated shapes: a query's result type follows its select. */
export type Supabase = SupabaseClient<Database>;

let client: Promise<Supabase> | undefined;

/** supabase-js's own default key for a project URL, spelled out so a second client can find this one's code verifiers. */
export function authStorageKey(url: string): string {
  return `sb-${new URL(url).hostname.split('.')[0]}-auth-token`;
}

/**
 * The one Supabase client. supabase-js is loaded on first use so it never
 * weighs on the first paint of the public pages.
 *
 * PKCE: a mailed link comes back with a one-time code that only this browser
 * (holding the code verifier) can exchange, never with tokens in the URL that
 * any page could be handed. Nothing is read from the URL on start: the pages
 * that expect a link (src/features/auth/password-reset.ts) exchange it
 * themselves, after checking who is signed in.
 */
export function getSupabase(): Promise<Supabase> {
  client ??= import('@supabase/supabase-js')
    .then(({ createClient }) => {
      const { url, anonKey } = getBackendConfig();
      return createClient<Database>(url, anonKey, {
        auth: {
          persistSession: true,
          autoRefreshToken: true,
          flowType: 'pkce',
          detectSessionInUrl: false,
          storageKey: authStorageKey(url),
        },
      });
    })
    .catch((error: unknown) => {
      // A failed chunk load (offline) must not poison every later call.
      client = undefined;
      throw error;
    });
  return client;
}
