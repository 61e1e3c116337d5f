import { createFileRoute } from '@tanstack/react-router';
import { safeRedirectPath } from '../domain/redirect-path.ts';
import { LoginPage } from '../features/auth/auth-pages.tsx';

interface LoginSearch {
  redirect?: string | undefined;
}

export const Route = createFileRoute('/login')({
  // Explicitly undefined: an omitted key would fall back to the raw (unchecked) search value.
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({ redirect: safeRedirectPath(search.redirect) }),
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect } = Route.useSearch();
  return <LoginPage redirect={redirect} />;
}
