import { createFileRoute } from '@tanstack/react-router';
import { parseFulfilmentSearch } from '../../features/admin/fulfilment/fulfilment-search.ts';
import { FulfilmentPage } from '../../features/admin/fulfilment/fulfilment-page.tsx';

export const Route = createFileRoute('/admin/realizacja')({
  validateSearch: parseFulfilmentSearch,
  component: AdminFulfilment,
});

function AdminFulfilment() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <FulfilmentPage search={search} onDateChange={(date) => void navigate({ search: { date }, replace: true })} />;
}
