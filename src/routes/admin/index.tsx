import { createFileRoute } from '@tanstack/react-router';
import { AdminHome } from '../../features/admin/admin-home.tsx';
import { useAuth } from '../../features/auth/use-auth.ts';

export const Route = createFileRoute('/admin/')({
  component: AdminIndex,
});

function AdminIndex() {
  const { user } = useAuth();
  return <AdminHome email={user?.email ?? ''} />;
}
