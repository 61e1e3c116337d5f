import { lazy } from 'react';
import { Outlet, createRootRoute } from '@tanstack/react-router';
import { AccountMenuSlot } from '../features/shell/account-menu-slot.tsx';
import { AppShell } from '../features/shell/app-shell.tsx';
import { CartPlaceholder } from '../features/shell/cart-placeholder.tsx';
import { DeferredSlot } from '../features/shell/deferred-slot.tsx';
import { NotFoundPage } from '../features/shell/not-found-page.tsx';

// The cart (Dexie, the drawer) stays out of the first load of `/`.
const CartButton = lazy(() => import('../features/cart/cart-button.tsx').then((m) => ({ default: m.CartButton })));

export const Route = createRootRoute({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

const noLogout = () => undefined;

function RootLayout() {
  return (
    <AppShell
      cartSlot={
        <DeferredSlot fallback={<CartPlaceholder />}>
          <CartButton />
        </DeferredSlot>
      }
      // The signed-in user and logout come from the auth module (issue 4); until then everyone is a guest.
      accountSlot={<AccountMenuSlot user={null} onLogout={noLogout} />}
    >
      <Outlet />
    </AppShell>
  );
}
