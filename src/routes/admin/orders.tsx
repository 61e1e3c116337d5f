import { createFileRoute } from '@tanstack/react-router';
import { parseOrdersSearch } from '../../features/admin/orders/orders-search.ts';
import { OrdersPage } from '../../features/admin/orders/orders-page.tsx';

export const Route = createFileRoute('/admin/orders')({
  validateSearch: parseOrdersSearch,
  component: AdminOrders,
});

function AdminOrders() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <OrdersPage
      search={search}
      onSearchChange={(next) => void navigate({ search: (previous) => ({ ...previous, ...next }), replace: true })}
      onOpen={(id) => void navigate({ search: (previous) => ({ ...previous, id }) })}
      onClose={() => void navigate({ search: (previous) => ({ ...previous, id: undefined }) })}
    />
  );
}
