import type { Session, SupabaseClient, SupportedStorage, createClient } from '@supabase/supabase-js';
import { getBackendConfig } from '../../lib/backend-config.ts';
import { authStorageKey } from '../../lib/supabase.ts';
import { getSupabase } from './auth-client.ts';
import type { AuthResult } from './auth-context.ts';
import { authErrorMessage } from './auth-messages.ts';
import { RESET_PASSWORD_PATH } from './recovery-landing.ts';

/**
 * The password reset through supabase-js with PKCE (GoTrue's recover with a
 * code challenge → mailed link → verify → back to /reset-password with
 * `?code=`, exchanged here with this browser's code verifier → PUT /user).
 */

/** What a reset link left in the query. */
export type RecoveryLink = { kind: 'code'; code: string } | { kind: 'error' } | { kind: 'invalid' } | { kind: 'none' };

export function readRecoveryLink(search: string): RecoveryLink {
  const params = new URLSearchParams(search);
  // Tokens in a fragment, dropped before the app started (recovery-landing.ts).
  if (params.get('link') === 'invalid') return { kind: 'invalid' };
  if (params.get('error_code') || params.get('error')) return { kind: 'error' };
  const code = params.get('code');
  return code ? { kind: 'code', code } : { kind: 'none' };
}

/** Asks for the mail. The answer never says whether an account has the address (the server does not know to say). */
export async function requestPasswordReset(email: string): Promise<AuthResult> {
  try {
    const supabase = await getSupabase();
    const redirectTo = new URL(RESET_PASSWORD_PATH, window.location.origin).toString();
    const { error } = await supabase.auth.resetPasswordForEmail(email, { redirectTo });
    return error ? { ok: false, error: authErrorMessage(error, 'reset') } : { ok: true };
  } catch (error) {
    return { ok: false, error: authErrorMessage(error, 'reset') };
  }
}

/**
 * A client that keeps its session in memory but reads and removes this
 * browser's code verifiers where the app's client stored them: it exchanges
 * a link's code without touching who is signed in.
 */
function linkClient(create: typeof createClient): SupabaseClient {
  const { url, anonKey } = getBackendConfig();
  const appKey = authStorageKey(url);
  const ownKey = `${appKey}-link`;
  const memory = new Map<string, string>();
  // supabase-js names every verifier entry `<storageKey>…-code-verifier`.
  const shared = (key: string) => (key.startsWith(ownKey) && key.endsWith('-code-verifier') ? appKey + key.slice(ownKey.length) : null);
  const storage: SupportedStorage = {
    getItem: (key) => {
      const target = shared(key);
      return target ? window.localStorage.getItem(target) : (memory.get(key) ?? null);
    },
    setItem: (key, value) => {
      const target = shared(key);
      if (target) window.localStorage.setItem(target, value);
      else memory.set(key, value);
    },
    removeItem: (key) => {
      const target = shared(key);
      if (target) window.localStorage.removeItem(target);
      else memory.delete(key);
    },
  };
  return create(url, anonKey, {
    auth: { storageKey: ownKey, storage, persistSession: true, autoRefreshToken: false, detectSessionInUrl: false, flowType: 'pkce' },
  });
}

export type LinkOpening =
  | { kind: 'opened'; email: string }
  /** Someone else is signed in here: the customer decides (adopt after logging out, or dismiss). */
  | { kind: 'otherAccount'; signedInAs: string; linkEmail: string; adopt: () => Promise<boolean>; dismiss: () => Promise<void> }
  | { kind: 'failed'; reason: 'expired' | 'otherBrowser' };

function dropLinkFromAddress(): void {
  // The code is used up either way; it must not stay in the address bar or the history.
  window.history.replaceState(window.history.state, '', window.location.pathname);
}

/**
 * Exchanges the link's code for the account's recovery session. It becomes
 * the app's session at once when nobody is signed in here or it is the same
 * account; never in place of another account without the customer's say.
 */
export async function openRecoveryLink(code: string): Promise<LinkOpening> {
  let link: { client: SupabaseClient; session: Session };
  try {
    const supabase = await import('@supabase/supabase-js');
    const client = linkClient(supabase.createClient);
    const { data, error } = await client.auth.exchangeCodeForSession(code);
    if (error || !data.session) {
      return { kind: 'failed', reason: error?.code === 'pkce_code_verifier_not_found' ? 'otherBrowser' : 'expired' };
    }
    link = { client, session: data.session };
  } catch {
    return { kind: 'failed', reason: 'expired' };
  } finally {
    dropLinkFromAddress();
  }
  const app = await getSupabase();
  const adopt = async () => {
    const { data, error } = await app.auth.setSession({
      access_token: link.session.access_token,
      refresh_token: link.session.refresh_token,
    });
    return !error && data.session !== null;
  };
  const linkEmail = link.session.user.email ?? '';
  const { data: current } = await app.auth.getSession();
  const signedIn = current.session?.user;
  if (!signedIn || signedIn.id === link.session.user.id) {
    return (await adopt()) ? { kind: 'opened', email: linkEmail } : { kind: 'failed', reason: 'expired' };
  }
  return {
    kind: 'otherAccount',
    signedInAs: signedIn.email ?? '',
    linkEmail,
    adopt,
    // The link's session is ended on the server too, not just forgotten.
    dismiss: async () => {
      await link.client.auth.signOut({ scope: 'local' }).catch(() => undefined);
    },
  };
}

/** Sets the new password for the signed-in (recovery) session; the server ends the account's other sessions. */
export async function saveNewPassword(password: string): Promise<AuthResult> {
  try {
    const supabase = await getSupabase();
    const { error } = await supabase.auth.updateUser({ password });
    return error ? { ok: false, error: authErrorMessage(error, 'reset') } : { ok: true };
  } catch (error) {
    return { ok: false, error: authErrorMessage(error, 'reset') };
  }
}
