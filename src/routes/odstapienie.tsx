import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '../features/auth/use-auth.ts';
import { WithdrawalPage } from '../features/withdrawal/withdrawal-page.tsx';

/** ?zamowienie=KT… from the order page; anything else is dropped. */
function parseWithdrawalSearch(search: Record<string, unknown>): { zamowienie?: string } {
  return typeof search.zamowienie === 'string' && /^[A-Za-z0-9-]{1,64}$/.test(search.zamowienie) ? { zamowienie: search.zamowienie } : {};
}

export const Route = createFileRoute('/odstapienie')({
  validateSearch: parseWithdrawalSearch,
  component: WithdrawalRoute,
});

function WithdrawalRoute() {
  const { zamowienie } = Route.useSearch();
  const email = useAuth().user?.email ?? '';
  // The form reads its start values once: a session that arrives after the first render starts it again with the email.
  return <WithdrawalPage key={email} initialNumber={zamowienie} initialEmail={email} />;
}
