import { createContext } from 'react';
import type { AuthState } from './auth-state.ts';

/** pendingConfirmation: the account waits for its mailed confirmation link (hosted Supabase, confirmations on). */
export type AuthResult = { ok: true; pendingConfirmation?: boolean } | { ok: false; error: string };

export interface AuthContextValue extends AuthState {
  login: (email: string, password: string) => Promise<AuthResult>;
  register: (email: string, password: string) => Promise<AuthResult>;
  logout: () => Promise<AuthResult>;
  /** After a session was made outside login/register (a password-reset link): the app learns who is signed in. */
  sessionChanged: () => Promise<AuthResult>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
