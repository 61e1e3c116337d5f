import { useState } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { readOutbox } from './outbox.ts';

/** The local numbers of the orders waiting for the customer to book another term, live across tabs and the service worker. */
function useRefusedTermNumbers(): string[] {
  return (
    useLiveQuery(async () => {
      const entries = await readOutbox();
      return entries
        .filter((entry) => entry.status === 'failed' && entry.slotRefusal !== undefined)
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
        .map((entry) => entry.localNumber);
    }, []) ?? []
  );
}

/**
 * An order queued offline may be refused for its term by whichever sender
 * ran, often the service worker while the customer was elsewhere: on every
 * shop page but 'Moje konto' (which shows it in full) this says so and leads
 * there. Closed, it stays closed until another order is refused.
 */
export function RefusedTermNotice() {
  const numbers = useRefusedTermNumbers();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [closedFor, setClosedFor] = useState<string | null>(null);
  const key = numbers.join(' ');
  if (numbers.length === 0 || closedFor === key || pathname === '/account' || pathname.startsWith('/admin')) return null;
  return (
    <section
      aria-label="Niedostępny termin zamówienia"
      className="fixed inset-x-0 bottom-0 z-40 p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:inset-x-auto sm:bottom-4 sm:left-4 sm:w-96 sm:p-0"
      data-testid="refused-term-notice"
    >
      <div role="status" className="rounded-2xl border border-blush-200 bg-white p-4 text-ink shadow-lg">
        <p className="font-medium">
          {numbers.length === 1
            ? `Termin zamówienia ${numbers[0]} jest już niedostępny.`
            : `Terminy zamówień ${numbers.join(', ')} są już niedostępne.`}{' '}
          Wybierz inny termin albo anuluj zamówienie.
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Link to="/account" className="btn-primary">
            Wybierz inny termin
          </Link>
          <button type="button" className="btn-secondary" onClick={() => setClosedFor(key)}>
            Zamknij
          </button>
        </div>
      </div>
    </section>
  );
}
