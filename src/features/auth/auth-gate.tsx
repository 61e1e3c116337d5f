import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from '@tanstack/react-router';
import type { AuthUser } from './auth-state.ts';
import { PasswordChangedNotice } from './password-changed-notice.tsx';
import { useAuth } from './use-auth.ts';

/**
 * docs/spec.md §4 route guard: a spinner while the session loads; no user → /login
 * (and back here afterwards); for 'admin', a signed-in non-admin → /. Admin
 * comes from the server's is_admin(); the database enforces it again.
 */
export function AuthGate({ require, children }: { require: 'user' | 'admin'; children: (user: AuthUser) => ReactNode }) {
  const { user, isLoading } = useAuth();
  const navigate = useNavigate();
  // The page this gate guards, read once: while the redirect runs, the router's
  // location already points at /login and must not become the way back.
  const guarded = useRef(useLocation({ select: (location) => location.href }));
  const redirected = useRef(false);
  const allowed = user !== null && (require === 'user' || user.isAdmin);

  useEffect(() => {
    if (isLoading || allowed || redirected.current) return;
    redirected.current = true;
    if (!user) void navigate({ to: '/login', search: { redirect: guarded.current }, replace: true });
    else void navigate({ to: '/', replace: true });
  }, [isLoading, allowed, user, navigate]);

  if (isLoading || !allowed) {
    return (
      <div role="status" className="flex justify-center py-24">
        <span className="size-10 animate-spin rounded-full border-4 border-forest-100 border-t-forest-700" />
        <span className="sr-only">Ładowanie...</span>
      </div>
    );
  }
  return (
    <>
      <PasswordChangedNotice />
      {children(user)}
    </>
  );
}
