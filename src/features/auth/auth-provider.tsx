import { useCallback, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import type { SupabaseClient } from '@supabase/supabase-js';
import { AuthContext, type AuthContextValue, type AuthResult } from './auth-context.ts';
import { getSupabase, hasStoredSession, userFromSession } from './auth-client.ts';
import { authErrorMessage } from './auth-messages.ts';
import { INITIAL_AUTH_STATE, authReducer, type AuthOperation, type AuthUser } from './auth-state.ts';

/**
 * Spec §4 auth: checks the session once at start (persisted by supabase-js,
 * token refreshed automatically) and follows later changes (other tabs,
 * expiry). supabase-js is only loaded when there is a session to restore or
 * the visitor logs in or registers.
 */
export function AuthProvider({
  children,
  onSignedOut,
}: {
  children: ReactNode;
  /** After this device logged out: the app removes what it kept of the account (features own their data). */
  onSignedOut?: (user: AuthUser) => Promise<void>;
}) {
  const [state, dispatch] = useReducer(authReducer, INITIAL_AUTH_STATE);
  const subscribed = useRef<(() => void) | null>(null);
  const userId = useRef<string | null>(null);
  const currentUserId = state.user?.id ?? null;
  useEffect(() => {
    userId.current = currentUserId;
  }, [currentUserId]);
  /** Our own login/register is running: it sets the user itself. */
  const ownSignIn = useRef(false);

  const client = useCallback(async (): Promise<SupabaseClient> => {
    const supabase = await getSupabase();
    if (!subscribed.current) {
      const { data } = supabase.auth.onAuthStateChange((event, session) => {
        if (event === 'SIGNED_OUT') {
          if (userId.current !== null) dispatch({ type: 'sessionChecked', user: null });
          return;
        }
        // Another tab signed in as someone else: learn who, outside the auth lock.
        if (session && !ownSignIn.current && session.user.id !== userId.current && (event === 'SIGNED_IN' || event === 'TOKEN_REFRESHED')) {
          setTimeout(() => {
            void userFromSession(supabase, session).then((user) => dispatch({ type: 'sessionChecked', user }));
          }, 0);
        }
      });
      subscribed.current = () => data.subscription.unsubscribe();
    }
    return supabase;
  }, []);

  useEffect(() => () => subscribed.current?.(), []);

  useEffect(() => {
    let cancelled = false;
    if (!hasStoredSession()) {
      dispatch({ type: 'sessionChecked', user: null });
      return;
    }
    dispatch({ type: 'start' });
    void (async () => {
      try {
        const supabase = await client();
        const { data, error } = await supabase.auth.getSession();
        if (error) throw error;
        const user = data.session ? await userFromSession(supabase, data.session) : null;
        if (!cancelled) dispatch({ type: 'sessionChecked', user });
      } catch (error) {
        if (!cancelled) dispatch({ type: 'failure', operation: 'session', message: authErrorMessage(error, 'session') });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [client]);

  const fail = useCallback((operation: AuthOperation, error: unknown): AuthResult => {
    const message = authErrorMessage(error, operation);
    dispatch({ type: 'failure', operation, message });
    return { ok: false, error: message };
  }, []);

  const login = useCallback(
    async (email: string, password: string): Promise<AuthResult> => {
      dispatch({ type: 'start' });
      ownSignIn.current = true;
      try {
        const supabase = await client();
        const { data, error } = await supabase.auth.signInWithPassword({ email, password });
        if (error) return fail('login', error);
        const user = await userFromSession(supabase, data.session);
        dispatch({ type: 'loginSuccess', user });
        return { ok: true };
      } catch (error) {
        return fail('login', error);
      } finally {
        ownSignIn.current = false;
      }
    },
    [client, fail],
  );

  const register = useCallback(
    async (email: string, password: string): Promise<AuthResult> => {
      dispatch({ type: 'start' });
      ownSignIn.current = true;
      try {
        const supabase = await client();
        const { data, error } = await supabase.auth.signUp({ email, password });
        if (error) return fail('register', error);
        if (!data.user) return fail('register', null);
        // GoTrue answers an existing confirmed address with an identity-less user.
        if (data.user.identities?.length === 0) return fail('register', { code: 'user_already_exists' });
        dispatch({ type: 'registerSuccess', user: { id: data.user.id, email: data.user.email ?? email } });
        return { ok: true };
      } catch (error) {
        return fail('register', error);
      } finally {
        ownSignIn.current = false;
      }
    },
    [client, fail],
  );

  const logout = useCallback(async (): Promise<AuthResult> => {
    dispatch({ type: 'start' });
    try {
      const supabase = await client();
      const { error } = await supabase.auth.signOut();
      if (error) return fail('logout', error);
      const user = state.user;
      // The session is gone either way; a cleanup that fails must not undo the logout.
      if (user && onSignedOut) await onSignedOut(user).catch((cleanupError: unknown) => console.error('[auth] clearing account data failed', cleanupError));
      dispatch({ type: 'logoutSuccess' });
      return { ok: true };
    } catch (error) {
      return fail('logout', error);
    }
  }, [client, fail, onSignedOut, state.user]);

  const value = useMemo<AuthContextValue>(() => ({ ...state, login, register, logout }), [state, login, register, logout]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
