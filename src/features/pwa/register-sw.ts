import { Workbox } from 'workbox-window';
import { setPwaState } from './pwa-store.ts';
import { persistStorageWhenEngaged } from './storage.ts';

/** Foreground checks closer together than this are skipped. */
const MIN_CHECK_INTERVAL_MS = 60_000;
/** A tab left open all day still learns about a new version. */
const PERIODIC_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers /sw.js with workbox-window (loaded lazily after `load`, see
 * main.tsx) and turns its lifecycle into the store the update prompt reads.
 * Nothing here reloads a page unless the visitor clicked 'Odśwież' in it.
 */
export function registerServiceWorker(): void {
  const wb = new Workbox('/sw.js', { scope: '/' });
  let registration: ServiceWorkerRegistration | undefined;
  let acceptedHere = false;

  // A new worker is installed and waiting (also when another tab or an update check found it).
  wb.addEventListener('waiting', () => {
    setPwaState({
      update: {
        activate: () => {
          acceptedHere = true;
          // Already activated meanwhile (by another tab): just load the new version.
          if (registration && !registration.waiting) window.location.reload();
          else wb.messageSkipWaiting();
        },
      },
    });
  });

  // A new worker took over. The very first install (nothing controlled the
  // page before) changes nothing for the visitor; an update does.
  let hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    const replaced = hadController;
    hadController = true;
    if (acceptedHere) {
      window.location.reload();
      return;
    }
    // Another tab accepted the update; this one keeps running its old code
    // until the visitor chooses to reload (never mid-checkout by surprise).
    if (replaced) setPwaState({ update: { activate: () => window.location.reload() } });
  });

  let lastCheck = Date.now();
  const checkForUpdate = () => {
    if (Date.now() - lastCheck < MIN_CHECK_INTERVAL_MS) return;
    lastCheck = Date.now();
    wb.update().catch(() => {
      // Offline or the server is away: the next foreground visit tries again.
    });
  };
  // Installed iOS apps are suspended rather than closed: check when they come back.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') checkForUpdate();
  });
  window.addEventListener('online', checkForUpdate);
  window.setInterval(checkForUpdate, PERIODIC_CHECK_MS);

  wb.register({ immediate: true })
    .then((registered) => {
      registration = registered;
    })
    .catch((error: unknown) => console.error('Service worker registration failed', error));
  persistStorageWhenEngaged();
}
