import { createFileRoute } from '@tanstack/react-router';
import { AccountPage } from '../features/account/account-page.tsx';
import { AuthGate } from '../features/auth/auth-gate.tsx';
import { useDeviceOrders } from '../features/checkout/device-orders.ts';

export const Route = createFileRoute('/account')({
  component: AccountRoute,
});

function AccountRoute() {
  const guestOrders = useDeviceOrders().filter((order) => !order.userPlaced);
  return (
    <AuthGate require="user">{(user) => <AccountPage email={user.email} userId={user.id} deviceOrders={guestOrders} />}</AuthGate>
  );
}
