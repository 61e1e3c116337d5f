import { useCallback, useEffect } from 'react';
import { Outlet, createRootRoute, lazyRouteComponent, useNavigate, useRouter, useRouterState } from '@tanstack/react-router';
import { deferred } from '../boot/deferred.tsx';
import { markFirstContent } from '../boot/triggers.ts';
import { AuthProvider } from '../features/auth/auth-provider.tsx';
import type { AuthUser } from '../features/auth/auth-state.ts';
import { useAuth } from '../features/auth/use-auth.ts';
import { PwaInstall, PwaNotices } from '../features/pwa/pwa-slots.tsx';
import { AccountMenuSlot } from '../features/shell/account-menu-slot.tsx';
import { AppShell } from '../features/shell/app-shell.tsx';
import { CartPlaceholder } from '../features/shell/cart-placeholder.tsx';

// The cart (Dexie, the drawer) stays out of the first load of `/`. A first visit has no cart to count: Dexie and the
// drawer load at the first tap, which then opens it.
const CartButton = deferred(() => import('../features/cart/cart-button.tsx').then((m) => m.CartButton), 'device-data', {
  fallback: <CartPlaceholder />,
});
// So does the order outbox sender. Queued orders live in the device's database: none on a first visit.
const OrdersSyncAgent = deferred(
  () => import('../features/orders-sync/orders-sync-agent.tsx').then((m) => m.OrdersSyncAgent),
  'device-data',
  {
    fallback: null,
  },
);
const accessToken = () => import('../features/auth/auth-client.ts').then((m) => m.currentAccessToken());
// Logout: each feature forgets what it kept of the account (the list loads with the logout).
const clearAccountData = (user: AuthUser) => import('./-clear-account-data.ts').then((m) => m.clearAccountData(user));

export const Route = createRootRoute({
  component: RootLayout,
  // Fetched only for an unknown path, like any route's page.
  notFoundComponent: lazyRouteComponent(() => import('../features/shell/not-found-page.tsx'), 'NotFoundPage'),
});

function RootLayout() {
  return (
    <AuthProvider onSignedOut={clearAccountData}>
      <AuthedShell />
    </AuthProvider>
  );
}

/** A rendered page is its first content, unless it waits for data and says so itself. */
function useFirstContentOnRender() {
  const router = useRouter();
  useEffect(() => {
    const markUnlessWaiting = () => {
      const { status, matches } = router.state;
      if (status === 'idle' && !matches.some((match) => match.status !== 'success' || match.staticData.waitsForData)) markFirstContent();
    };
    // The first page may have rendered before this subscribed.
    markUnlessWaiting();
    return router.subscribe('onRendered', markUnlessWaiting);
  }, [router]);
}

/**
 * Whether the page is the back office's: it has a frame of its own (src/routes/admin.tsx), so
 * none of the storefront's. Read from the router's matches, not the window, so a server render
 * and the browser's first render agree; an unknown /admin/… path is the back office's too.
 */
function useInBackOffice(): boolean {
  return useRouterState({ select: (state) => state.matches.some((match) => match.routeId === '/admin') });
}

/** A new page takes the focus to its main heading (src/lib/route-focus.ts). */
function useFocusOnNavigation() {
  const router = useRouter();
  useEffect(
    () =>
      router.subscribe('onRendered', (event) => {
        // A first render (no fromLocation) keeps the browser's focus; the focus code loads on the first real navigation.
        if (!event.fromLocation || !event.pathChanged) return;
        const focusedAtNavigation = document.activeElement;
        void import('../lib/route-focus.ts').then((module) => module.focusMainHeading(document, focusedAtNavigation));
      }),
    [router],
  );
}

/**
 * The account menu is the shell's only part that follows the session: the
 * shell itself does not, so the session's first check after hydration
 * re-renders this slot, not the whole page.
 */
function AccountSlot() {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const onLogout = useCallback(() => {
    void logout().then(() => navigate({ to: '/' }));
  }, [logout, navigate]);
  return <AccountMenuSlot user={user ? { email: user.email, isAdmin: user.isAdmin } : null} onLogout={onLogout} />;
}

/** The owner's device keeps the back office for offline use (src/features/pwa/owner-assets.ts). */
function OwnerDeviceFiles() {
  const isOwner = useAuth().user?.isAdmin === true;
  useEffect(() => {
    if (!isOwner || !import.meta.env.PROD) return;
    // Its code not downloaded (offline): nothing to keep now, and the next page the owner opens asks again.
    void import('../features/pwa/owner-assets.ts').then(
      (module) => module.keepBackOfficeOnDevice(),
      () => undefined,
    );
  }, [isOwner]);
  return null;
}

function AuthedShell() {
  useFirstContentOnRender();
  useFocusOnNavigation();
  const inBackOffice = useInBackOffice();

  // On every page, outside the storefront's footer (whose code loads only when the visitor scrolls near it).
  const deviceAgents = (
    <>
      <OwnerDeviceFiles />
      <OrdersSyncAgent accessToken={accessToken} />
    </>
  );

  if (inBackOffice) {
    // No storefront header, footer, cart, shop menu or cookie banner: the owner's app.
    return (
      <>
        <Outlet />
        {deviceAgents}
      </>
    );
  }

  return (
    <>
      <AppShell cartSlot={<CartButton />} accountSlot={<AccountSlot />} noticeSlot={<PwaNotices />} footerSlot={<PwaInstall />}>
        <Outlet />
      </AppShell>
      {deviceAgents}
    </>
  );
}
