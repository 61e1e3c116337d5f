import type { Session } from '@supabase/supabase-js';
import type { Supabase } from '../../lib/supabase.ts';
import { getSupabase } from '../../lib/supabase.ts';
import type { AuthUser } from './auth-state.ts';
import { hasStoredSession } from './auth-storage.ts';

/**
 * Admin is decided by the server's `is_admin()` (the rule the policies use),
 * never by the client. Any doubt means not an admin.
 */
export async function resolveIsAdmin(client: Supabase): Promise<boolean> {
  try {
    const { data, error } = await client.rpc('is_admin');
    return !error && data === true;
  } catch {
    return false;
  }
}

export async function userFromSession(client: Supabase, session: Session): Promise<AuthUser> {
  return { id: session.user.id, email: session.user.email ?? '', isAdmin: await resolveIsAdmin(client) };
}

export { getSupabase };

/**
 * The signed-in user's access token for calls that act as the user (placing
 * an order); null for a guest. supabase-js refreshes an expired token here.
 */
export async function currentAccessToken(): Promise<string | null> {
  if (!hasStoredSession()) return null;
  const supabase = await getSupabase();
  const { data } = await supabase.auth.getSession();
  return data.session?.access_token ?? null;
}
