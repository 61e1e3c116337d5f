import { Suspense, lazy, useMemo, useSyncExternalStore } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { OfflineNotice } from './offline-notice.tsx';
import { currentInstallEnvironment, needsIosInstallHint } from '../../lib/platform.ts';
import { getPwaState, subscribePwaState, type PwaState } from './pwa-store.ts';

// Most visits see neither: their code comes when there is something to show. The offline notice stays
// here, loaded with the page: when the connection drops, its code could not come any more on a first visit.
const UpdatePrompt = lazy(() => import('./update-prompt.tsx').then((module) => ({ default: module.UpdatePrompt })));
const InstallOffer = lazy(() => import('./install-offer.tsx').then((module) => ({ default: module.InstallOffer })));

export function usePwaState(): PwaState {
  return useSyncExternalStore(subscribePwaState, getPwaState, getPwaState);
}

/**
 * The app-level PWA pieces, in one chunk loaded after the first paint (see
 * pwa-slots.tsx): 'Jesteś offline' under the header, and 'Dostępna jest
 * nowa wersja' when the service worker has a version waiting.
 */
export function PwaNotices() {
  const { update } = usePwaState();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return (
    <>
      <OfflineNotice />
      <div role="status">
        {/* A new version is waiting: the worker that keeps this version's files serves the prompt's chunk, even offline. */}
        <Suspense fallback={null}>{update && <UpdatePrompt update={update} pathname={pathname} />}</Suspense>
      </div>
    </>
  );
}

/** The footer's install button (browsers with `beforeinstallprompt`) or the iOS Safari steps; nothing otherwise. */
export function PwaInstall() {
  const { installEvent } = usePwaState();
  const iosHint = useMemo(() => needsIosInstallHint(currentInstallEnvironment()), []);
  if (!installEvent && !iosHint) return null;
  return (
    <Suspense fallback={null}>
      <InstallOffer installEvent={installEvent} iosHint={iosHint} />
    </Suspense>
  );
}
