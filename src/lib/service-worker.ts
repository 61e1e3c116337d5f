/**
 * The app's own service worker, for the parts of the page that hand work to it
 * (keeping the catalogue on the device, off the page's main thread).
 * src/features/pwa/register-sw.ts reports how registering it went.
 */
let reportRegistration: (registration: ServiceWorkerRegistration | null) => void = () => {};
const registration = new Promise<ServiceWorkerRegistration | null>((resolve) => {
  reportRegistration = resolve;
});

/** The registration's outcome: null when there is none (it failed, or the browser blocks workers). */
export function reportServiceWorkerRegistration(registered: ServiceWorkerRegistration | null): void {
  reportRegistration(registered);
}

/** Whether this page registers the app's worker: production only (in development and tests MSW owns the slot). */
function registersServiceWorker(): boolean {
  return import.meta.env.PROD && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
}

/**
 * The app's active worker: at once on a page it controls, else once the
 * first install has finished (a first visit). Null where there is none to
 * wait for.
 */
export async function activeServiceWorker(): Promise<ServiceWorker | null> {
  if (!registersServiceWorker()) return null;
  const container = navigator.serviceWorker;
  if (container.controller) return container.controller;
  if (!(await registration)) return null;
  return (await container.ready).active;
}

/**
 * What a page sends the worker once the cart holds a line: keep the way to
 * order (the cart's, the checkout's and 'Moje zamówienia''s code), which a
 * first visit's precache leaves out (docs/decisions/027-first-visit-precache.md).
 */
export const KEEP_ORDERING_MESSAGE = { type: 'KEEP_ORDERING' } as const;

let wayToOrderAsked = false;

/** Asks the worker, once per page, to keep the way to order; without a worker there is nothing to ask. */
export function keepWayToOrder(): void {
  if (wayToOrderAsked) return;
  wayToOrderAsked = true;
  void activeServiceWorker().then((worker) => worker?.postMessage(KEEP_ORDERING_MESSAGE));
}
