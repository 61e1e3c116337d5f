import { useEffect } from 'react';
import { useRouter } from '@tanstack/react-router';
import { AuthCard } from './auth-card.tsx';
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

export function LoginPage({ redirect }: { redirect?: string | undefined }) {
  useLeaveWhenSignedIn(redirect ?? '/');
  return (
    <AuthCard title="Zaloguj się">
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
