import { createFileRoute } from '@tanstack/react-router';
import { AccountPage } from '../features/account/account-page.tsx';
import { AuthGate } from '../features/auth/auth-gate.tsx';

export const Route = createFileRoute('/account')({
  component: AccountRoute,
});

function AccountRoute() {
  return <AuthGate require="user">{(user) => <AccountPage email={user.email} userId={user.id} />}</AuthGate>;
}
