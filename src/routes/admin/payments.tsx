import { useMemo } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { parsePaymentsSearch } from '../../features/admin/payments/payments-search.ts';
import { PaymentsPage } from '../../features/admin/payments/payments-page.tsx';
import { textSearchParams } from '../../lib/route-search.ts';

export const Route = createFileRoute('/admin/payments')({
  validateSearch: textSearchParams('status', 'q'),
  component: AdminPayments,
});

function AdminPayments() {
  const params = Route.useSearch();
  const search = useMemo(() => parsePaymentsSearch(params), [params]);
  const navigate = Route.useNavigate();
  return (
    <PaymentsPage
      search={search}
      onSearchChange={(next) => void navigate({ search: (previous) => ({ ...previous, ...next }), replace: true })}
    />
  );
}
