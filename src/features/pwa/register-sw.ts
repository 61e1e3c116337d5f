import { reportServiceWorkerRegistration } from '../../lib/service-worker.ts';
import { KEEP_STOREFRONT_MESSAGE } from './kept-files.ts';
import { setPwaState } from './pwa-store.ts';
import { persistStorageWhenEngaged } from './storage.ts';

/** Foreground checks closer together than this are skipped. */
const MIN_CHECK_INTERVAL_MS = 60_000;
/** A tab left open all day still learns about a new version. */
const PERIODIC_CHECK_MS = 60 * 60 * 1000;
/**
 * An installed worker is only waiting if it is still waiting a moment later: a first install passes through
 * 'installed' on its way to 'activating' (the same grace workbox-window gave it).
 */
const WAITING_GRACE_MS = 200;

/**
 * Registers /sw.js (loaded lazily after `load`, see main.tsx) and turns its
 * lifecycle into the store the update prompt reads. Written against the
 * browser's API rather than workbox-window: the few lines it needs cost less
 * than the library on every page (the storefront's JS budgets, docs/performance.md).
 * Nothing here reloads a page unless the visitor clicked 'Odśwież' in it.
 */
export function registerServiceWorker(): void {
  const container = navigator.serviceWorker;
  let registration: ServiceWorkerRegistration | undefined;
  let acceptedHere = false;

  // A new worker is installed and waiting (also when another tab or an update check found it).
  const offerUpdate = () => {
    setPwaState({
      update: {
        activate: () => {
          acceptedHere = true;
          const waiting = registration?.waiting;
          // Already activated meanwhile (by another tab): just load the new version.
          if (!waiting) window.location.reload();
          else waiting.postMessage({ type: 'SKIP_WAITING' });
        },
      },
    });
  };
  let watched: ServiceWorker | null = null;
  const watchInstalling = (registered: ServiceWorkerRegistration) => {
    const worker = registered.installing;
    // Seen at registration and again by its 'updatefound': one prompt is enough.
    if (!worker || worker === watched) return;
    watched = worker;
    worker.addEventListener('statechange', () => {
      if (worker.state !== 'installed') return;
      window.setTimeout(() => {
        if (registered.waiting === worker) offerUpdate();
      }, WAITING_GRACE_MS);
    });
  };

  // A worker controlled this page from its start: not a first visit.
  const laterVisit = Boolean(container.controller);
  // A new worker took over. The very first install (nothing controlled the
  // page before) changes nothing for the visitor; an update does.
  let hadController = laterVisit;
  container.addEventListener('controllerchange', () => {
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
    if (!registration || Date.now() - lastCheck < MIN_CHECK_INTERVAL_MS) return;
    lastCheck = Date.now();
    registration.update().catch(() => {
      // Offline or the server is away: the next foreground visit tries again.
    });
  };
  // Installed iOS apps are suspended rather than closed: check when they come back.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') checkForUpdate();
  });
  window.addEventListener('online', checkForUpdate);
  window.setInterval(checkForUpdate, PERIODIC_CHECK_MS);

  container
    .register('/sw.js', { scope: '/' })
    .then((registered: ServiceWorkerRegistration | undefined) => {
      // Some automation resolves a blocked registration with nothing.
      reportServiceWorkerRegistration(registered ?? null);
      if (!registered) return;
      registration = registered;
      // A first visit precaches only what it needs next; a later one keeps the rest of the storefront for offline use.
      if (laterVisit) registered.active?.postMessage(KEEP_STOREFRONT_MESSAGE);
      // Found waiting by an earlier visit or another tab.
      if (registered.waiting) offerUpdate();
      // The first install, or an update this page's checks or another tab found.
      watchInstalling(registered);
      registered.addEventListener('updatefound', () => watchInstalling(registered));
    })
    .catch((error: unknown) => {
      reportServiceWorkerRegistration(null);
      console.error('Service worker registration failed', error);
    });
  persistStorageWhenEngaged();
}
