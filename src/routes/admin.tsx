import { Outlet, createFileRoute } from '@tanstack/react-router';
import { AuthGate } from '../features/auth/auth-gate.tsx';

export const Route = createFileRoute('/admin')({
  component: AdminLayout,
});

function AdminLayout() {
  return <AuthGate require="admin">{() => <Outlet />}</AuthGate>;
}
