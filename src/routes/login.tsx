import { createFileRoute } from '@tanstack/react-router';
import { safeRedirectPath } from '../domain/redirect-path.ts';
import { LoginPage } from '../features/auth/auth-pages.tsx';
import { textSearchParams } from '../lib/route-search.ts';
import { useParsedSearch } from '../lib/use-parsed-search.ts';

export const Route = createFileRoute('/login')({
  validateSearch: textSearchParams('redirect'),
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect } = Route.useSearch();
  // Only a path of this shop: a link from elsewhere must not send the customer off-site after logging in.
  const safeRedirect = useParsedSearch(redirect, safeRedirectPath);
  return <LoginPage redirect={safeRedirect} />;
}
