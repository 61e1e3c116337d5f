import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { createCallerAuth, createSupabaseUserVerifier, type Authenticate } from './caller-auth.ts';
import type { Database } from '../../src/domain/database.ts';
import type { FunctionEnv } from './env.ts';

/** The service-role client, typed by the database's generated shapes. */
export type AdminClient = SupabaseClient<Database>;

const serverAuth = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };

/**
 * The service-role client bypasses RLS: only functions/_shared hands it out,
 * and only to code that validated its input first.
 */
export function createAdminClient(env: FunctionEnv): AdminClient {
  return createClient<Database>(env.supabaseUrl, env.serviceRoleKey, { auth: serverAuth });
}

/** The caller check of a function (caller-auth.ts) with the project's keys and JWKS from its environment. */
export function createCallerAuthFromEnv(env: FunctionEnv): Authenticate {
  const verifier = createSupabaseUserVerifier({
    supabaseUrl: env.supabaseUrl,
    apiKey: env.callerKeys.publicKeys[0] ?? env.serviceRoleKey,
    jwks: env.jwks,
  });
  return createCallerAuth(env.callerKeys, verifier);
}
