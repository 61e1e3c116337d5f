import { useContext } from 'react';
import { AuthContext, type AuthContextValue } from './auth-context.ts';

/** The one auth module (docs/spec.md §4): user, loading, error and the operations. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
