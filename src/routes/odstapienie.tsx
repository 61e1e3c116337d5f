import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '../features/auth/use-auth.ts';
import { WithdrawalPage } from '../features/withdrawal/withdrawal-page.tsx';
import { textSearchParams } from '../lib/route-search.ts';

/** ?zamowienie=KT… from the order page; anything else is dropped. */
const ORDER_NUMBER_PARAM = /^[A-Za-z0-9-]{1,64}$/;

export const Route = createFileRoute('/odstapienie')({
  validateSearch: textSearchParams('zamowienie'),
  component: WithdrawalRoute,
});

function WithdrawalRoute() {
  const { zamowienie } = Route.useSearch();
  const initialNumber = zamowienie !== undefined && ORDER_NUMBER_PARAM.test(zamowienie) ? zamowienie : undefined;
  const email = useAuth().user?.email ?? '';
  // The form reads its start values once: a session that arrives after the first render starts it again with the email.
  return <WithdrawalPage key={email} initialNumber={initialNumber} initialEmail={email} />;
}
