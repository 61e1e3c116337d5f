import { Link } from '@tanstack/react-router';
import { COOKIE_CONSENT_KEY } from './cookie-consent.ts';

/**
 * docs/spec.md §2 cookie banner: a fixed overlay at the bottom (no layout shift).
 * `CookieBannerSlot` decides whether it shows; accepting stores the consent.
 */
export function CookieBanner({ onAccepted }: { onAccepted: () => void }) {
  const accept = () => {
    try {
      window.localStorage.setItem(COOKIE_CONSENT_KEY, 'accepted');
    } catch {
      // Storage blocked: hide it for this visit at least.
    }
    onAccepted();
  };

  return (
    <section aria-label="Pliki cookie" className="fixed inset-x-0 bottom-0 z-50 p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:p-4">
      <div className="mx-auto flex max-w-3xl flex-col gap-3 rounded-2xl border border-forest-200 bg-white p-4 shadow-header sm:flex-row sm:items-center sm:gap-6">
        <p className="text-sm text-ink sm:text-base">
          Używamy plików cookie i pamięci przeglądarki, aby zapamiętać Twój koszyk, ulubione produkty i ustawienia. Nie używamy ich do
          reklam. Szczegóły znajdziesz w{' '}
          <Link to="/privacy" className="font-medium text-forest-800 underline underline-offset-2">
            polityce prywatności
          </Link>
          .
        </p>
        <button type="button" className="btn-primary shrink-0" onClick={accept}>
          Akceptuję
        </button>
      </div>
    </section>
  );
}
