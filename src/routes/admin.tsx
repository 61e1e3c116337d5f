import { Outlet, createFileRoute } from '@tanstack/react-router';
import { AuthGate } from '../features/auth/auth-gate.tsx';
import { AdminAppHead } from '../features/pwa/admin-app-head.tsx';
import { NotFoundPage } from '../features/shell/not-found-page.tsx';

export const Route = createFileRoute('/admin')({
  component: AdminLayout,
  // An unknown admin path still passes the guard first, so a visitor learns nothing about it.
  notFoundComponent: NotFoundPage,
});

function AdminLayout() {
  return (
    <>
      {/* The back office installs as its own app: admin pages link the admin manifest. */}
      <AdminAppHead />
      <AuthGate require="admin">{() => <Outlet />}</AuthGate>
    </>
  );
}
