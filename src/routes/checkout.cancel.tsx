import { createFileRoute } from '@tanstack/react-router';
import { CancelPage } from '../features/checkout/cancel-page.tsx';
import { parsePaymentReturnSearch } from '../features/checkout/return-search.ts';

export const Route = createFileRoute('/checkout/cancel')({
  validateSearch: parsePaymentReturnSearch,
  component: CancelRoute,
});

function CancelRoute() {
  return <CancelPage search={Route.useSearch()} />;
}
