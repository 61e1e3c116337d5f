import { createFileRoute } from '@tanstack/react-router';
import { parseFulfilmentSearch } from '../../features/admin/fulfilment/fulfilment-search.ts';
import { FulfilmentPage } from '../../features/admin/fulfilment/fulfilment-page.tsx';
import { RoutePage } from '../../features/admin/route/route-page.tsx';
import { textSearchParams } from '../../lib/route-search.ts';
import { useParsedSearch } from '../../lib/use-parsed-search.ts';

// The driver's route is a view of this page, not a route of its own: the route table is in every visitor's first load.
export const Route = createFileRoute('/admin/realizacja')({
  validateSearch: textSearchParams('date', 'view'),
  component: AdminFulfilment,
});

function AdminFulfilment() {
  const search = useParsedSearch(Route.useSearch(), parseFulfilmentSearch);
  const navigate = Route.useNavigate();
  const Page = search.view === 'route' ? RoutePage : FulfilmentPage;
  return <Page search={search} onDateChange={(date) => void navigate({ search: (previous) => ({ ...previous, date }), replace: true })} />;
}
