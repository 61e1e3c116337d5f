import { Outlet, createRootRoute } from '@tanstack/react-router';
import { AppShell } from '../features/shell/app-shell.tsx';
import { NotFoundPage } from '../features/shell/not-found-page.tsx';

export const Route = createRootRoute({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

function RootLayout() {
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  );
}
