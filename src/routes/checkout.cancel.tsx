import { useMemo } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { CancelPage } from '../features/checkout/cancel-page.tsx';
import { parsePaymentReturnSearch } from '../features/checkout/return-search.ts';
import { textSearchParams } from '../lib/route-search.ts';

export const Route = createFileRoute('/checkout/cancel')({
  validateSearch: textSearchParams('payment', 'orderId'),
  component: CancelRoute,
});

function CancelRoute() {
  const params = Route.useSearch();
  const search = useMemo(() => parsePaymentReturnSearch(params), [params]);
  return <CancelPage search={search} />;
}
