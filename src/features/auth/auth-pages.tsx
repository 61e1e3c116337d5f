import { useEffect, useState } from 'react';
import { useRouter } from '@tanstack/react-router';
import { AuthCard } from './auth-card.tsx';
import { AUTH_MESSAGES } from './auth-messages.ts';
import { LoginForm } from './login-form.tsx';
import { RegisterForm } from './register-form.tsx';
import { useAuth } from './use-auth.ts';

/** A signed-in visitor leaves the login/register pages: to `to` (a checked same-site path) or home. */
function useLeaveWhenSignedIn(to: string) {
  const { user, isLoading } = useAuth();
  const router = useRouter();
  useEffect(() => {
    if (!isLoading && user) router.history.replace(to);
  }, [isLoading, user, router, to]);
}

type ConfirmationResult = { kind: 'confirmed' | 'failed'; text: string } | null;

function readConfirmationResult(search: string): ConfirmationResult {
  const params = new URLSearchParams(search);
  if (params.has('error_code') || params.has('error')) return { kind: 'failed', text: AUTH_MESSAGES.confirmationLinkExpired };
  return params.has('code') ? { kind: 'confirmed', text: AUTH_MESSAGES.emailConfirmed } : null;
}

/**
 * A sign-up confirmation link comes back here: `?code=` once the address is
 * confirmed, `?error_code=` when the link was not valid. The code is not
 * exchanged: a confirmation link never signs anyone in (the customer logs in
 * with the password), so it cannot replace whoever is signed in here.
 * Rendered in the browser only (not a server-rendered page).
 */
function useConfirmationResult(): ConfirmationResult {
  const [result] = useState(() => readConfirmationResult(typeof window === 'undefined' ? '' : window.location.search));
  useEffect(() => {
    if (!result) return;
    const url = new URL(window.location.href);
    for (const name of ['code', 'error', 'error_code', 'error_description', 'sb_flow_id']) url.searchParams.delete(name);
    window.history.replaceState(window.history.state, '', url.pathname + url.search);
  }, [result]);
  return result;
}

export function LoginPage({ redirect }: { redirect?: string | undefined }) {
  useLeaveWhenSignedIn(redirect ?? '/');
  const confirmation = useConfirmationResult();
  return (
    <AuthCard title="Zaloguj się">
      {confirmation && (
        <p
          role={confirmation.kind === 'failed' ? 'alert' : 'status'}
          className={
            confirmation.kind === 'failed'
              ? 'mb-5 rounded-xl bg-blush-50 px-4 py-3 text-sm font-medium text-blush-700'
              : 'mb-5 rounded-xl bg-forest-50 px-4 py-3 text-sm font-medium text-forest-800'
          }
        >
          {confirmation.text}
        </p>
      )}
      <LoginForm />
    </AuthCard>
  );
}

export function RegisterPage() {
  useLeaveWhenSignedIn('/');
  return (
    <AuthCard title="Zarejestruj się">
      <RegisterForm />
    </AuthCard>
  );
}
