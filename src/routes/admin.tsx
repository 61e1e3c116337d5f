import { Outlet, createFileRoute } from '@tanstack/react-router';
import { AdminDataProvider } from '../features/admin/admin-data.tsx';
import { AdminLayout } from '../features/admin/layout/admin-layout.tsx';
import { useOfflineOwner } from '../features/admin/use-offline-owner.ts';
import { AuthGate } from '../features/auth/auth-gate.tsx';
import type { AuthUser } from '../features/auth/auth-state.ts';
import { useAuth } from '../features/auth/use-auth.ts';
import { AdminAppHead } from '../features/pwa/admin-app-head.tsx';
import { NotFoundPage } from '../features/shell/not-found-page.tsx';

export const Route = createFileRoute('/admin')({
  component: AdminRoute,
  // An unknown admin path still passes the guard first, so a visitor learns nothing about it.
  notFoundComponent: NotFoundPage,
});

function AdminRoute() {
  const { user, isLoading } = useAuth();
  // Offline, the owner opens the device's copy without the server's is_admin() answer.
  const offlineOwner = useOfflineOwner(user, isLoading);

  const admin = (owner: AuthUser) => (
    <AdminDataProvider key={owner.id} userId={owner.id}>
      <AdminLayout email={owner.email}>
        <Outlet />
      </AdminLayout>
    </AdminDataProvider>
  );

  return (
    <>
      {/* The back office installs as its own app: admin pages link the admin manifest. */}
      <AdminAppHead />
      {offlineOwner ? admin(offlineOwner) : <AuthGate require="admin">{admin}</AuthGate>}
    </>
  );
}
