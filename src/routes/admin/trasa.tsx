import { createFileRoute } from '@tanstack/react-router';
import { parseFulfilmentSearch } from '../../features/admin/fulfilment/fulfilment-search.ts';
import { RoutePage } from '../../features/admin/route/route-page.tsx';
import { textSearchParams } from '../../lib/route-search.ts';
import { useParsedSearch } from '../../lib/use-parsed-search.ts';

export const Route = createFileRoute('/admin/trasa')({
  validateSearch: textSearchParams('date'),
  component: AdminRoute,
});

function AdminRoute() {
  const search = useParsedSearch(Route.useSearch(), parseFulfilmentSearch);
  const navigate = Route.useNavigate();
  return <RoutePage search={search} onDateChange={(date) => void navigate({ search: { date }, replace: true })} />;
}
