import { useMemo, useSyncExternalStore } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { InstallOffer } from './install-offer.tsx';
import { OfflineNotice } from './offline-notice.tsx';
import { currentInstallEnvironment, needsIosInstallHint } from './platform.ts';
import { getPwaState, subscribePwaState, type PwaState } from './pwa-store.ts';
import { UpdatePrompt } from './update-prompt.tsx';

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
      <div role="status">{update && <UpdatePrompt update={update} pathname={pathname} />}</div>
    </>
  );
}

/** The footer's install button (browsers with `beforeinstallprompt`) or the iOS Safari steps; nothing otherwise. */
export function PwaInstall() {
  const { installEvent } = usePwaState();
  const iosHint = useMemo(() => needsIosInstallHint(currentInstallEnvironment()), []);
  if (!installEvent && !iosHint) return null;
  return <InstallOffer installEvent={installEvent} iosHint={iosHint} />;
}
