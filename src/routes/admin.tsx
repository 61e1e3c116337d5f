import { Suspense, useCallback } from 'react';
import { Outlet, createFileRoute, useNavigate } from '@tanstack/react-router';
import { AdminDataProvider } from '../features/admin/orders/orders-data.tsx';
import { AdminLayout } from '../features/admin/layout/admin-layout.tsx';
import { useOfflineOwner } from '../features/admin/use-offline-owner.ts';
import { AuthGate } from '../features/auth/auth-gate.tsx';
import type { AuthUser } from '../features/auth/auth-state.ts';
import { useAuth } from '../features/auth/use-auth.ts';
import { AdminAppHead } from '../features/pwa/admin-app-head.tsx';
import { PwaInstall, PwaNotices } from '../features/pwa/pwa-slots.tsx';
import { NotFoundPage } from '../features/shell/not-found-page.tsx';
import { useShopName } from '../lib/shop-name.ts';

export const Route = createFileRoute('/admin')({
  component: AdminRoute,
  // An unknown admin path still passes the guard first, so a visitor learns nothing about it.
  notFoundComponent: NotFoundPage,
});

function AdminRoute() {
  const { user, isLoading, logout } = useAuth();
  // Offline, the owner opens the device's copy without the server's is_admin() answer.
  const offlineOwner = useOfflineOwner(user, isLoading);
  const shopName = useShopName();
  const navigate = useNavigate();
  const onLogout = useCallback(() => {
    void logout().then(() => navigate({ to: '/' }));
  }, [logout, navigate]);

  // The root renders no storefront frame here (__root.tsx): this is the owner's whole app.
  const admin = (owner: AuthUser) => (
    <AdminDataProvider key={owner.id} userId={owner.id}>
      <AdminLayout
        shopName={shopName}
        email={owner.email}
        onLogout={onLogout}
        noticeSlot={
          <Suspense fallback={null}>
            <PwaNotices />
          </Suspense>
        }
        installSlot={
          <Suspense fallback={null}>
            <PwaInstall />
          </Suspense>
        }
      >
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
