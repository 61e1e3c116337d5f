import { createFileRoute } from '@tanstack/react-router';
import { parseOrdersSearch } from '../../features/admin/orders/orders-filters.ts';
import { OrdersPage } from '../../features/admin/orders/orders-page.tsx';
import { textSearchParams } from '../../lib/route-search.ts';
import { useParsedSearch } from '../../lib/use-parsed-search.ts';

export const Route = createFileRoute('/admin/orders')({
  // The filters' keys (orders-filters.ts, whose test sends each through here), the sort, the detail to open and 'Nowe zamówienie'.
  // Ordered as /shop's names begin ('q', 'sort'): the route table is in every first load, and compresses better so.
  validateSearch: textSearchParams('status', 'q', 'sort', 'when', 'id', 'nowe'),
  component: AdminOrders,
});

function AdminOrders() {
  const search = useParsedSearch(Route.useSearch(), parseOrdersSearch);
  const navigate = Route.useNavigate();
  return (
    <OrdersPage
      search={search}
      onSearchChange={(next) => void navigate({ search: (previous) => ({ ...previous, ...next }), replace: true })}
      onOpen={(id) => void navigate({ search: (previous) => ({ ...previous, id }) })}
      onClose={() => void navigate({ search: (previous) => ({ ...previous, id: undefined }) })}
      onNewOrder={(open) => void navigate({ search: (previous) => ({ ...previous, nowe: open ? 'tak' : undefined }) })}
    />
  );
}
