import { createFileRoute } from '@tanstack/react-router';
import { parseFulfilmentSearch } from '../../features/admin/fulfilment/fulfilment-search.ts';
import { FulfilmentPage } from '../../features/admin/fulfilment/fulfilment-page.tsx';
import { textSearchParams } from '../../lib/route-search.ts';
import { useParsedSearch } from '../../lib/use-parsed-search.ts';

export const Route = createFileRoute('/admin/realizacja')({
  validateSearch: textSearchParams('date'),
  component: AdminFulfilment,
});

function AdminFulfilment() {
  const search = useParsedSearch(Route.useSearch(), parseFulfilmentSearch);
  const navigate = Route.useNavigate();
  return <FulfilmentPage search={search} onDateChange={(date) => void navigate({ search: { date }, replace: true })} />;
}
