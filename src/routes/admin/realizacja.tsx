import { useMemo } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { parseFulfilmentSearch } from '../../features/admin/fulfilment/fulfilment-search.ts';
import { FulfilmentPage } from '../../features/admin/fulfilment/fulfilment-page.tsx';
import { textSearchParams } from '../../lib/route-search.ts';

export const Route = createFileRoute('/admin/realizacja')({
  validateSearch: textSearchParams('date'),
  component: AdminFulfilment,
});

function AdminFulfilment() {
  const params = Route.useSearch();
  const search = useMemo(() => parseFulfilmentSearch(params), [params]);
  const navigate = Route.useNavigate();
  return <FulfilmentPage search={search} onDateChange={(date) => void navigate({ search: { date }, replace: true })} />;
}
