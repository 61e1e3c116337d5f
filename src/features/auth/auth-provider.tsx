import { startTransition, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useHydrating } from '../../boot/hydration.tsx';
import { AuthContext, type AuthContextValue } from './auth-context.ts';
import type { AuthUser } from './auth-state.ts';
import { CHECKING_SESSION, createAuthStore } from './auth-store.ts';

/**
 * docs/spec.md §4 auth for the whole app. Light on purpose, as it is part of every
 * first load: a visitor without a stored session is signed out at once, and
 * the auth code (with supabase-js) loads only to restore a session, after the
 * page's first content, or when the visitor logs in, registers or logs out.
 */
export function AuthProvider({
  children,
  onSignedOut,
}: {
  children: ReactNode;
  /** After this device logged out: the app removes what it kept of the account (features own their data). */
  onSignedOut?: (user: AuthUser) => Promise<void>;
}) {
  const [store] = useState(createAuthStore);
  // The server knows no session: it renders the check in progress, as a stored session does until it is checked.
  const hydrating = useHydrating();
  const [state, setState] = useState(() => (hydrating ? CHECKING_SESSION : store.getState()));
  useEffect(() => {
    // After hydration, this device's state replaces the server's as a transition, rendered in slices: with
    // useSyncExternalStore React would re-render (and finish hydrating) every reader at once, in one long task.
    startTransition(() => setState(store.getState()));
    return store.subscribe(() => setState(store.getState()));
  }, [store]);

  useEffect(() => store.setSignedOutHandler(onSignedOut), [store, onSignedOut]);
  useEffect(() => store.connect(), [store]);

  const value = useMemo<AuthContextValue>(
    () => ({ ...state, login: store.login, register: store.register, logout: store.logout, sessionChanged: store.sessionChanged }),
    [state, store],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
