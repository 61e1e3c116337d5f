import { useEffect, useState } from 'react';
import { Outlet, createFileRoute } from '@tanstack/react-router';
import { clearAdminCache, loadSnapshot } from '../features/admin/admin-cache.ts';
import { AdminDataProvider } from '../features/admin/admin-data.tsx';
import { AdminLayout } from '../features/admin/layout/admin-layout.tsx';
import { AuthGate } from '../features/auth/auth-gate.tsx';
import type { AuthUser } from '../features/auth/auth-state.ts';
import { useAuth } from '../features/auth/use-auth.ts';
import { AdminAppHead } from '../features/pwa/admin-app-head.tsx';
import { NotFoundPage } from '../features/shell/not-found-page.tsx';
import { useOnline } from '../lib/use-online.ts';

export const Route = createFileRoute('/admin')({
  component: AdminRoute,
  // An unknown admin path still passes the guard first, so a visitor learns nothing about it.
  notFoundComponent: NotFoundPage,
});

function AdminRoute() {
  const { user, isLoading } = useAuth();
  const online = useOnline();
  const userId = user?.id ?? null;
  // The cached orders (personal data) go when the owner logs out or someone else signs in.
  useEffect(() => {
    if (!isLoading) clearAdminCache(userId);
  }, [isLoading, userId]);

  // Offline, the server cannot confirm is_admin(): the signed-in user whose device holds
  // the back office's copy (only ever saved for the owner) may read it. The server still
  // checks every change when it is sent.
  const [offlineOwnerId, setOfflineOwnerId] = useState<string | null>(null);
  const eligible = !online && user && !user.isAdmin && loadSnapshot(user.id) ? user.id : null;
  if (eligible && offlineOwnerId !== eligible) setOfflineOwnerId(eligible);
  const offlineOwner = user && !user.isAdmin && offlineOwnerId === user.id ? user : null;

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
