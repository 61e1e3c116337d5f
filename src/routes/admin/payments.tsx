import { createFileRoute } from '@tanstack/react-router';
import { parsePaymentsSearch } from '../../features/admin/payments/payments-search.ts';
import { PaymentsPage } from '../../features/admin/payments/payments-page.tsx';
import { textSearchParams } from '../../lib/route-search.ts';
import { useParsedSearch } from '../../lib/use-parsed-search.ts';

export const Route = createFileRoute('/admin/payments')({
  validateSearch: textSearchParams('status', 'q'),
  component: AdminPayments,
});

function AdminPayments() {
  const search = useParsedSearch(Route.useSearch(), parsePaymentsSearch);
  const navigate = Route.useNavigate();
  return (
    <PaymentsPage
      search={search}
      onSearchChange={(next) => void navigate({ search: (previous) => ({ ...previous, ...next }), replace: true })}
    />
  );
}
