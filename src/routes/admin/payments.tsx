import { createFileRoute } from '@tanstack/react-router';
import { parsePaymentsSearch } from '../../features/admin/payments/payments-search.ts';
import { PaymentsPage } from '../../features/admin/payments/payments-page.tsx';

export const Route = createFileRoute('/admin/payments')({
  validateSearch: parsePaymentsSearch,
  component: AdminPayments,
});

function AdminPayments() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <PaymentsPage
      search={search}
      onSearchChange={(next) => void navigate({ search: (previous) => ({ ...previous, ...next }), replace: true })}
    />
  );
}
