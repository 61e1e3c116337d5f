import { getSupabase } from './auth-client.ts';
import type { AuthResult } from './auth-context.ts';
import { authErrorMessage } from './auth-messages.ts';
import { RESET_PASSWORD_PATH } from './recovery-landing.ts';

/**
 * The password reset through supabase-js (GoTrue's recover → mailed link →
 * verify → PUT /user). The client uses the implicit flow: the link comes
 * back to /reset-password with the recovery session, or the reason there is
 * none, in the URL fragment.
 */

/** What a reset link left in the URL fragment. */
export type RecoveryLink =
  { kind: 'session'; accessToken: string; refreshToken: string } | { kind: 'error'; code: string } | { kind: 'none' };

export function readRecoveryLink(hash: string): RecoveryLink {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const error = params.get('error_code') || params.get('error');
  if (error) return { kind: 'error', code: error };
  const accessToken = params.get('access_token');
  const refreshToken = params.get('refresh_token');
  if (params.get('type') === 'recovery' && accessToken && refreshToken) return { kind: 'session', accessToken, refreshToken };
  return { kind: 'none' };
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
 * Makes the link's session the client's. supabase-js takes it from the URL
 * itself when it starts on this page (detectSessionInUrl); a client started
 * earlier is handed the tokens. False when the session is not valid (any more).
 */
export async function openRecoverySession(link: Extract<RecoveryLink, { kind: 'session' }>): Promise<boolean> {
  try {
    const supabase = await getSupabase();
    const { data } = await supabase.auth.getSession();
    if (data.session?.access_token === link.accessToken) return true;
    const { data: set, error } = await supabase.auth.setSession({ access_token: link.accessToken, refresh_token: link.refreshToken });
    return !error && set.session !== null;
  } catch {
    return false;
  } finally {
    // The tokens must not stay in the address bar or the history.
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }
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
