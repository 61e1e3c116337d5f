import { createFileRoute } from '@tanstack/react-router';
import { CancelPage } from '../features/checkout/cancel-page.tsx';
import { parsePaymentReturnSearch } from '../features/checkout/return-search.ts';
import { textSearchParams } from '../lib/route-search.ts';
import { useParsedSearch } from '../lib/use-parsed-search.ts';

export const Route = createFileRoute('/checkout/cancel')({
  validateSearch: textSearchParams('payment', 'orderId'),
  component: CancelRoute,
});

function CancelRoute() {
  const search = useParsedSearch(Route.useSearch(), parsePaymentReturnSearch);
  return <CancelPage search={search} />;
}
