import type { Supabase } from '../../lib/supabase.ts';
import { getSupabase, userFromSession } from './auth-client.ts';
import type { AuthResult } from './auth-context.ts';
import { authErrorMessage } from './auth-messages.ts';
import { authReducer, type AuthAction, type AuthOperation, type AuthState, type AuthUser } from './auth-state.ts';

export interface AuthSessionOptions {
  /** The state the app shows now; the session continues from it. */
  initial: AuthState;
  /** Receives every new state. */
  publish: (state: AuthState) => void;
  /** After this device logged out: the app removes what it kept of the account (features own their data). */
  onSignedOut: (user: AuthUser) => Promise<void>;
}

export interface AuthSession {
  /** Checks the stored session once (later calls do nothing). */
  restore: () => Promise<void>;
  /** Checks the stored session again: it was made outside login/register (a password-reset link). */
  recheck: () => Promise<void>;
  login: (email: string, password: string) => Promise<AuthResult>;
  register: (email: string, password: string) => Promise<AuthResult>;
  logout: () => Promise<AuthResult>;
  /** Follows other tabs again after `pause` (the app mounted again). */
  resume: () => void;
  /** Stops following other tabs (the app unmounted). */
  pause: () => void;
}

/**
 * docs/spec.md §4 auth: checks the session (persisted by supabase-js, token refreshed
 * automatically) and follows later changes (other tabs, expiry). Loaded by
 * src/features/auth/auth-store.ts only when there is a session to restore or
 * the visitor logs in or registers, so supabase-js and these texts never
 * weigh on the first load of a page.
 */
export function createAuthSession({ initial, publish, onSignedOut }: AuthSessionOptions): AuthSession {
  let state = initial;
  let supabase: Supabase | null = null;
  let unsubscribe: (() => void) | null = null;
  let restoring: Promise<void> | null = null;
  /** Our own login/register is running: it sets the user itself. */
  let ownSignIn = false;

  const dispatch = (action: AuthAction) => {
    state = authReducer(state, action);
    publish(state);
  };

  const follow = (client: Supabase) => {
    if (unsubscribe) return;
    const { data } = client.auth.onAuthStateChange((event, session) => {
      if (event === 'SIGNED_OUT') {
        if (state.user !== null) dispatch({ type: 'sessionChecked', user: null });
        return;
      }
      // Another tab signed in as someone else: learn who, outside the auth lock.
      if (session && !ownSignIn && session.user.id !== state.user?.id && (event === 'SIGNED_IN' || event === 'TOKEN_REFRESHED')) {
        setTimeout(() => {
          void userFromSession(client, session).then((user) => dispatch({ type: 'sessionChecked', user }));
        }, 0);
      }
    });
    unsubscribe = () => data.subscription.unsubscribe();
  };

  const client = async (): Promise<Supabase> => {
    supabase = await getSupabase();
    follow(supabase);
    return supabase;
  };

  const fail = (operation: AuthOperation, error: unknown): AuthResult => {
    const message = authErrorMessage(error, operation);
    dispatch({ type: 'failure', operation, message });
    return { ok: false, error: message };
  };

  const restore = async () => {
    dispatch({ type: 'start' });
    try {
      const connected = await client();
      const { data, error } = await connected.auth.getSession();
      if (error) throw error;
      const user = data.session ? await userFromSession(connected, data.session) : null;
      dispatch({ type: 'sessionChecked', user });
    } catch (error) {
      fail('session', error);
    }
  };

  /** Runs our own sign-in, keeping the other-tab listener from reporting it as someone else's. */
  const signIn = async (operation: 'login' | 'register', run: (connected: Supabase) => Promise<AuthResult>) => {
    dispatch({ type: 'start' });
    ownSignIn = true;
    try {
      return await run(await client());
    } catch (error) {
      return fail(operation, error);
    } finally {
      ownSignIn = false;
    }
  };

  return {
    restore: () => (restoring ??= restore()),
    recheck: () => restore(),

    login: (email, password) =>
      signIn('login', async (connected) => {
        const { data, error } = await connected.auth.signInWithPassword({ email, password });
        if (error) return fail('login', error);
        dispatch({ type: 'loginSuccess', user: await userFromSession(connected, data.session) });
        return { ok: true };
      }),

    register: (email, password) =>
      signIn('register', async (connected) => {
        // Where the confirmation link (when confirmations are on) leads: the login page says the address is confirmed.
        const emailRedirectTo = new URL('/login', window.location.origin).toString();
        const { data, error } = await connected.auth.signUp({ email, password, options: { emailRedirectTo } });
        if (error) return fail('register', error);
        if (!data.user) return fail('register', null);
        if (!data.session) {
          // Confirmations on: the same answer whether or not the address already had an account (GoTrue answers
          // an existing one with a made-up user and sends nothing), so the page never tells them apart.
          dispatch({ type: 'sessionChecked', user: null });
          return { ok: true, pendingConfirmation: true };
        }
        dispatch({ type: 'registerSuccess', user: { id: data.user.id, email: data.user.email ?? email } });
        return { ok: true };
      }),

    logout: async () => {
      // Read first: signing out reports SIGNED_OUT to the listener, which forgets the user.
      const { user } = state;
      dispatch({ type: 'start' });
      try {
        const connected = await client();
        const { error } = await connected.auth.signOut();
        if (error) return fail('logout', error);
        // The session is gone either way; a cleanup that fails must not undo the logout.
        if (user)
          await onSignedOut(user).catch((cleanupError: unknown) => console.error('[auth] clearing account data failed', cleanupError));
        dispatch({ type: 'logoutSuccess' });
        return { ok: true };
      } catch (error) {
        return fail('logout', error);
      }
    },

    resume: () => {
      if (supabase) follow(supabase);
    },

    pause: () => {
      unsubscribe?.();
      unsubscribe = null;
    },
  };
}
