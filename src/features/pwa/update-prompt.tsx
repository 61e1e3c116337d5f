import { useState } from 'react';
import type { PwaUpdate } from './pwa-store.ts';

/**
 * Offers the waiting version; only a click activates it (and reloads). On
 * /checkout it waits, so nobody is pulled out of paying by a reload offer.
 */
export function UpdatePrompt({ update, pathname }: { update: PwaUpdate; pathname: string }) {
  const [later, setLater] = useState(false);
  if (later || pathname === '/checkout' || pathname.startsWith('/checkout/')) return null;

  return (
    <section
      aria-label="Aktualizacja aplikacji"
      className="on-dark fixed inset-x-0 bottom-0 z-[60] p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:inset-x-auto sm:right-4 sm:bottom-4 sm:w-96 sm:p-0"
    >
      <div className="rounded-2xl bg-forest-900 p-4 text-white shadow-header">
        <p className="font-semibold">Dostępna jest nowa wersja</p>
        <p className="mt-1 text-sm text-forest-100">Odśwież stronę, aby z niej korzystać. Twój koszyk zostanie zachowany.</p>
        <div className="mt-3 flex flex-wrap gap-2">
          <button
            type="button"
            onClick={update.activate}
            className="inline-flex min-h-11 items-center rounded-full bg-blush-300 px-5 font-semibold text-forest-900 hover:bg-blush-400"
          >
            Odśwież
          </button>
          <button
            type="button"
            onClick={() => setLater(true)}
            className="inline-flex min-h-11 items-center rounded-full px-4 font-medium text-forest-50 underline-offset-4 hover:underline"
          >
            Później
          </button>
        </div>
      </div>
    </section>
  );
}
