import { createContext } from 'react';
import type { AuthState } from './auth-state.ts';

export type AuthResult = { ok: true } | { ok: false; error: string };

export interface AuthContextValue extends AuthState {
  login: (email: string, password: string) => Promise<AuthResult>;
  register: (email: string, password: string) => Promise<AuthResult>;
  logout: () => Promise<AuthResult>;
  /** After a session was made outside login/register (a password-reset link): the app learns who is signed in. */
  sessionChanged: () => Promise<AuthResult>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
