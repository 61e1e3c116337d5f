/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { clientsClaim } from 'workbox-core';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkOnly } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { SHELL_DENYLIST, isProductImage, offlinePageHtml } from './features/pwa/sw-routes.ts';
import { OUTBOX_SYNC_TAG } from './features/orders-sync/outbox-sender.ts';
import { syncOutboxFromServiceWorker } from './features/orders-sync/service-worker-sync.ts';

declare const self: ServiceWorkerGlobalScope;

/*
 * What this worker caches: the build (app shell, every route's code, CSS,
 * icons, manifests) and product artwork. Nothing else: the backend (REST,
 * auth, functions) is never routed here, so no session, order or personal
 * data ever lands in a worker cache; offline data lives in Dexie.
 */

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every app route opens offline: navigations get the precached shell and the router renders the page.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: SHELL_DENYLIST }));

// Any other navigation (a file, a backend address) goes to the network; offline, a simple Polish page.
registerRoute(
  ({ request }) => request.mode === 'navigate',
  new NetworkOnly({
    plugins: [
      {
        handlerDidError: ({ request }) =>
          Promise.resolve(
            new Response(offlinePageHtml(request.url), {
              status: 503,
              headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
            }),
          ),
      },
    ],
  }),
);

// Product artwork and photos change rarely and are needed offline: cache first, bounded by count and age.
// Photos come from the backend's origin with CORS (<img crossorigin="anonymous">), so only real 200s are
// kept: an opaque response would hide errors and cost several MB of quota each.
registerRoute(
  ({ url, sameOrigin }) => isProductImage(url, sameOrigin),
  new CacheFirst({
    cacheName: 'product-images',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  }),
);

// The page decides when to activate an update (the 'Dostępna jest nowa wersja' prompt), never the worker on its own.
self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && 'type' in data && data.type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
});

// Background Sync: the browser wakes the worker when the device is online
// again; the worker runs the same outbox sender as the page (Dexie, Web Locks).
self.addEventListener('sync', (event: Event) => {
  const sync = event as Event & { tag?: string; waitUntil(promise: Promise<unknown>): void };
  if (sync.tag !== OUTBOX_SYNC_TAG) return;
  sync.waitUntil(syncOutboxFromServiceWorker());
});

clientsClaim();
