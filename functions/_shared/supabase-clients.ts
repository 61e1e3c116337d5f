import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { FunctionEnv } from './env.ts';

const serverAuth = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };

/**
 * The service-role client bypasses RLS: only functions/_shared hands it out,
 * and only to code that validated its input first.
 */
export function createAdminClient(env: FunctionEnv): SupabaseClient {
  return createClient(env.supabaseUrl, env.serviceRoleKey, { auth: serverAuth });
}

/** A client acting as the caller (their Authorization header), so RLS applies. */
export function createCallerClient(env: FunctionEnv, authorization: string | null): SupabaseClient {
  return createClient(env.supabaseUrl, env.anonKey, {
    auth: serverAuth,
    global: { headers: authorization ? { Authorization: authorization } : {} },
  });
}

/**
 * The id of the signed-in caller, or null for a guest (no token, or the
 * anonymous key). A user token that no longer verifies is an error, so an
 * expired session is not silently turned into a guest order.
 */
export async function callerUserId(admin: SupabaseClient, token: string | null): Promise<string | null | 'invalid'> {
  if (!token || claimedRole(token) === 'anon') return null;
  const { data, error } = await admin.auth.getUser(token);
  if (error || !data.user) return 'invalid';
  return data.user.id;
}

function claimedRole(token: string): string | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { role?: unknown };
    return typeof json.role === 'string' ? json.role : null;
  } catch {
    return null;
  }
}
