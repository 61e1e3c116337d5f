import { when } from '../../boot/triggers.ts';
import type { AuthResult } from './auth-context.ts';
import type { AuthSession } from './auth-session.ts';
import type { AuthState, AuthUser } from './auth-state.ts';
import { hasStoredSession } from './auth-storage.ts';
import { OFFLINE_MESSAGE } from './offline-message.ts';

/**
 * The spec's initial state (INITIAL_AUTH_STATE), written out rather than
 * imported: auth-state.ts carries the reducer, which loads with the session code.
 * The server renders it, and a stored session shows it until it is checked.
 */
export const CHECKING_SESSION: AuthState = { user: null, isLoading: true, error: null };
const SIGNED_OUT: AuthState = { user: null, isLoading: false, error: null };

export interface AuthStore {
  subscribe: (onChange: () => void) => () => void;
  getState: () => AuthState;
  /** Restores a stored session once the page shows its first content; returns the cleanup for unmount. */
  connect: () => () => void;
  login: (email: string, password: string) => Promise<AuthResult>;
  register: (email: string, password: string) => Promise<AuthResult>;
  logout: () => Promise<AuthResult>;
  /** A session was made outside login/register (a password-reset link): learn whose. */
  sessionChanged: () => Promise<AuthResult>;
  /** What the app removes after a logout on this device (features own their data). */
  setSignedOutHandler: (handler: ((user: AuthUser) => Promise<void>) | undefined) => void;
}

/**
 * The auth state as the shell holds it, with the auth code (supabase-js
 * wiring, error texts: src/features/auth/auth-session.ts) fetched only when
 * needed: a stored session to restore after the first content, or a login,
 * registration or logout. A visitor without a session is signed out at once.
 */
export function createAuthStore(): AuthStore {
  let onSignedOut: ((user: AuthUser) => Promise<void>) | undefined;
  let state: AuthState | null = null;
  const listeners = new Set<() => void>();
  let session: Promise<AuthSession> | null = null;

  const getState = () => (state ??= hasStoredSession() ? CHECKING_SESSION : SIGNED_OUT);
  const publish = (next: AuthState) => {
    state = next;
    listeners.forEach((notify) => notify());
  };

  const open = () => {
    // supabase-js is fetched alongside: the session code would only ask for it once it has arrived itself.
    void import('@supabase/supabase-js').catch(() => undefined);
    session ??= import('./auth-session.ts')
      .then(({ createAuthSession }) =>
        createAuthSession({ initial: getState(), publish, onSignedOut: (user) => onSignedOut?.(user) ?? Promise.resolve() }),
      )
      .catch((error: unknown) => {
        // A failed chunk load (offline) must not poison every later attempt.
        session = null;
        throw error;
      });
    return session;
  };

  /** An operation through the session; if its code cannot be fetched, the visitor is told as for any lost connection. */
  const run = async (operation: (loaded: AuthSession) => Promise<AuthResult>): Promise<AuthResult> => {
    let loaded: AuthSession;
    try {
      loaded = await open();
    } catch {
      publish({ ...getState(), isLoading: false, error: OFFLINE_MESSAGE });
      return { ok: false, error: OFFLINE_MESSAGE };
    }
    return operation(loaded);
  };

  return {
    subscribe: (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    getState,
    connect: () => {
      let connected = true;
      void session?.then((loaded) => {
        if (connected) loaded.resume();
      });
      // Still the first state: a stored session nobody has checked yet.
      const stopWaiting =
        getState() === CHECKING_SESSION
          ? when('first-content', () => {
              void run(async (loaded) => {
                await loaded.restore();
                return { ok: true };
              });
            })
          : () => {};
      return () => {
        connected = false;
        stopWaiting();
        void session?.then((loaded) => loaded.pause());
      };
    },
    login: (email, password) => run((loaded) => loaded.login(email, password)),
    register: (email, password) => run((loaded) => loaded.register(email, password)),
    logout: () => run((loaded) => loaded.logout()),
    sessionChanged: () =>
      run(async (loaded) => {
        await loaded.recheck();
        return { ok: true };
      }),
    setSignedOutHandler: (handler) => {
      onSignedOut = handler;
    },
  };
}
