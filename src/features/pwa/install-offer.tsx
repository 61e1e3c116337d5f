import { InstallIcon, SafariShareIcon } from '../../lib/icons/later.tsx';
import { setPwaState, type BeforeInstallPromptEvent } from './pwa-store.ts';

export interface InstallOfferProps {
  installEvent: BeforeInstallPromptEvent | null;
  /** iOS Safari, not yet on the home screen. */
  iosHint: boolean;
}

/** The footer's 'Aplikacja' strip: an install button, or the iOS steps. */
export function InstallOffer({ installEvent, iosHint }: InstallOfferProps) {
  const install = () => {
    if (!installEvent) return;
    // The browser's offer can be shown once; forget it whatever the visitor answers.
    setPwaState({ installEvent: null });
    installEvent.prompt().catch(() => {
      // Already used or withdrawn by the browser: the button is gone either way.
    });
  };

  return (
    <section aria-label="Aplikacja" className="border-t border-forest-800">
      <div className="container-page flex flex-col gap-3 py-5 sm:flex-row sm:items-center sm:justify-between">
        {installEvent ? (
          <>
            <p className="text-forest-100">Zainstaluj sklep jak aplikację: szybciej się otwiera i działa także bez internetu.</p>
            <button
              type="button"
              onClick={install}
              className="inline-flex min-h-11 shrink-0 items-center gap-2 self-start rounded-full bg-blush-300 px-5 font-semibold text-forest-900 hover:bg-blush-400 sm:self-auto"
            >
              <InstallIcon className="size-5" />
              Zainstaluj aplikację
            </button>
          </>
        ) : iosHint ? (
          <p className="text-forest-100">
            <strong className="font-semibold text-white">Sklep jako aplikacja na iPhonie lub iPadzie:</strong> stuknij{' '}
            <SafariShareIcon className="inline size-5 align-text-bottom" /> <strong className="font-semibold text-white">Udostępnij</strong>
            , a potem <strong className="font-semibold text-white">„Dodaj do ekranu początkowego”</strong>.
          </p>
        ) : null}
      </div>
    </section>
  );
}
