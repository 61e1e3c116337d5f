/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { clientsClaim } from 'workbox-core';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkOnly } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { SHELL_DENYLIST, isAdminPublicFile, isBuildFile, isProductImage, offlinePageHtml } from './features/pwa/sw-routes.ts';
import {
  BACK_OFFICE_FILES,
  KEEP_STOREFRONT_MESSAGE,
  LATER_STOREFRONT_FILES,
  ORDERING_FILES,
  type KeptFiles,
  keepFiles,
  keepsFiles,
  keptFile,
} from './features/pwa/kept-files.ts';
import { CACHE_ADMIN_ASSETS_MESSAGE } from './features/pwa/owner-assets.ts';
import { type KeepCatalogueReply, parseKeepCatalogueMessage, writeCatalogCopy } from './features/catalog/catalog-copy.ts';
import { OUTBOX_SYNC_TAG } from './features/orders-sync/outbox-sender.ts';
import { db } from './lib/db.ts';
import { KEEP_ORDERING_MESSAGE } from './lib/service-worker.ts';
import { syncOutboxFromServiceWorker } from './features/orders-sync/service-worker-sync.ts';
import { openNotificationTarget, showPushNotification } from './features/pwa/sw-push.ts';

declare const self: ServiceWorkerGlobalScope;

/*
 * What this worker caches: the storefront's shell and the code of the pages
 * a first visit most likely opens next (/, /shop, a product page; CSS, the
 * favicon and manifest; precached), the way to order once the cart holds a
 * line (the page asks for it: ORDERING_FILES), the rest of the storefront's
 * code on a later visit (the page asks for it: LATER_STOREFRONT_FILES), the back
 * office's build on the owner's device only (after the owner signs in,
 * the page asks for it: BACK_OFFICE_FILES), the app's other files as they are
 * first used (supabase-js), and product artwork as it is shown. Nothing else: the backend (REST,
 * auth, functions) is never routed here, so no session, order or personal
 * data ever lands in a worker cache; offline data lives in Dexie.
 */

precacheAndRoute(self.__WB_MANIFEST);

/** Keeps `files` when a page asks; a failure is a note, and the next page asks again. */
const keepAll = (files: KeptFiles, prune = true) =>
  keepFiles(files, { origin: self.location.origin, prune }).catch((error: unknown) => console.warn(`[sw] ${files.cache} not kept`, error));

// A device that keeps an earlier version's back office or later storefront code gets the new version's with an
// update, so what opened offline before still does right after it; the running version's files stay until its pages ask.
self.addEventListener('install', (event) => {
  const update = async (files: KeptFiles) => {
    if (await keepsFiles(files).catch(() => false)) await keepAll(files, false);
  };
  event.waitUntil(Promise.all([update(BACK_OFFICE_FILES), update(ORDERING_FILES), update(LATER_STOREFRONT_FILES)]));
});
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

// The build's files that are not precached: the back office's (kept whole on the owner's device) and the rest of the
// storefront's (kept on a later visit; see the messages below), and code a visitor loads only when needed (supabase-js,
// to sign in, or a page opened before the later visit), kept once used. Hashed names never change content, so cache first.
const keptBackOffice = (request: Request) => keptFile(BACK_OFFICE_FILES, request);
const onDemandFiles = new CacheFirst({
  cacheName: 'app-files',
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 90 * 24 * 60 * 60, purgeOnQuotaError: true }),
  ],
});
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && isBuildFile(url.pathname),
  async (options) =>
    (await keptBackOffice(options.request)) ??
    (await keptFile(ORDERING_FILES, options.request)) ??
    (await keptFile(LATER_STOREFRONT_FILES, options.request)) ??
    onDemandFiles.handle(options),
);
// The back office's manifest and icons change without a new name: the network's, the kept copy only offline.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && isAdminPublicFile(url.pathname),
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch (error) {
      const kept = await keptBackOffice(request);
      if (kept) return kept;
      throw error;
    }
  },
);

// The page decides when to activate an update (the 'Dostępna jest nowa wersja' prompt), never the worker on its own.
self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && 'type' in data && data.type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
  // A page's catalogue (src/features/catalog/catalog-sync.ts): written here, off the page's main thread.
  const catalogue = parseKeepCatalogueMessage(data);
  const replyPort = event.ports[0];
  if (catalogue && replyPort) {
    const reply = (answer: KeepCatalogueReply) => replyPort.postMessage(answer);
    event.waitUntil(
      writeCatalogCopy(db, catalogue.rows, catalogue.syncedAt).then(
        () => reply({ ok: true }),
        (error: unknown) => reply({ ok: false, error: error instanceof Error ? error.message : String(error) }),
      ),
    );
  }
  // The owner signed in (src/features/pwa/owner-assets.ts): keep the whole back office for the installed admin app.
  if (typeof data === 'object' && data !== null && 'type' in data && data.type === CACHE_ADMIN_ASSETS_MESSAGE.type) {
    event.waitUntil(keepAll(BACK_OFFICE_FILES));
  }
  // The cart holds a line (src/lib/service-worker.ts): keep the way to order, so that it opens offline.
  if (typeof data === 'object' && data !== null && 'type' in data && data.type === KEEP_ORDERING_MESSAGE.type) {
    event.waitUntil(keepAll(ORDERING_FILES));
  }
  // A later visit (src/features/pwa/register-sw.ts): keep the storefront's code the first visit did not precache.
  if (typeof data === 'object' && data !== null && 'type' in data && data.type === KEEP_STOREFRONT_MESSAGE.type) {
    event.waitUntil(Promise.all([keepAll(ORDERING_FILES), keepAll(LATER_STOREFRONT_FILES)]));
  }
});

// Background Sync: the browser wakes the worker when the device is online
// again; the worker runs the same outbox sender as the page (Dexie, Web Locks).
self.addEventListener('sync', (event: Event) => {
  const sync = event as Event & { tag?: string; waitUntil(promise: Promise<unknown>): void };
  if (sync.tag !== OUTBOX_SYNC_TAG) return;
  sync.waitUntil(syncOutboxFromServiceWorker());
});

// The owner's pushes (a new order, a payment, a withdrawal): shown at once; a tap opens the back office there.
self.addEventListener('push', (event) => {
  event.waitUntil(showPushNotification(self.registration, event.data));
});
self.addEventListener('notificationclick', (event) => {
  event.waitUntil(openNotificationTarget(self.clients, event.notification, self.location.origin));
});

clientsClaim();
