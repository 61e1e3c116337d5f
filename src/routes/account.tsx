import { useEffect } from 'react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { AccountPage } from '../features/account/account-page.tsx';
import { useAuth } from '../features/auth/use-auth.ts';

export const Route = createFileRoute('/account')({
  component: AccountRoute,
});

function AccountRoute() {
  const { user, isLoading } = useAuth();
  const navigate = useNavigate();

  useEffect(() => {
    if (!isLoading && !user) void navigate({ to: '/login', search: { redirect: '/account' }, replace: true });
  }, [isLoading, user, navigate]);

  if (!user) {
    return (
      <div role="status" className="flex justify-center py-24">
        <span className="size-10 animate-spin rounded-full border-4 border-forest-100 border-t-forest-700" />
        <span className="sr-only">Ładowanie...</span>
      </div>
    );
  }
  return <AccountPage email={user.email} />;
}
