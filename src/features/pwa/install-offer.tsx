import { setPwaState, type BeforeInstallPromptEvent } from './pwa-store.ts';

function InstallIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="6" y="2.5" width="12" height="19" rx="2.5" />
      <path d="M12 7.5v7M9 11.5l3 3 3-3M10.5 18.5h3" />
    </svg>
  );
}

/** Safari's share glyph, so the visitor recognises the button to tap. */
function ShareIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="inline size-5 align-text-bottom"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M12 3v12M8 7l4-4 4 4M7 10H5.5A1.5 1.5 0 0 0 4 11.5v8A1.5 1.5 0 0 0 5.5 21h13a1.5 1.5 0 0 0 1.5-1.5v-8a1.5 1.5 0 0 0-1.5-1.5H17" />
    </svg>
  );
}

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
              <InstallIcon />
              Zainstaluj aplikację
            </button>
          </>
        ) : iosHint ? (
          <p className="text-forest-100">
            <strong className="font-semibold text-white">Sklep jako aplikacja na iPhonie lub iPadzie:</strong> stuknij <ShareIcon />{' '}
            <strong className="font-semibold text-white">Udostępnij</strong>, a potem{' '}
            <strong className="font-semibold text-white">„Dodaj do ekranu początkowego”</strong>.
          </p>
        ) : null}
      </div>
    </section>
  );
}
