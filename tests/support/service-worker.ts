import type { Page } from 'playwright-core';

/** Until the app's service worker controls `page`: on a first visit, once it is installed and has claimed the page. */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
  });
}

/** A list of build files the worker keeps on request, and the cache it keeps them in (src/features/pwa/kept-files.ts). */
const KEPT = {
  later: { list: '/storefront-later.json', cache: 'storefront-files', what: "the storefront's later files" },
  ordering: { list: '/storefront-ordering.json', cache: 'ordering-files', what: 'the way to order' },
} as const;

/** Until the worker keeps every file of `kept`'s list. */
async function waitForKept(page: Page, kept: (typeof KEPT)[keyof typeof KEPT]): Promise<void> {
  // Polled inside the page, without named helpers (see ./device-cart.ts).
  await page.evaluate(async ({ list: listPath, cache: cacheName, what }) => {
    const list = (await (await fetch(listPath, { cache: 'no-store' })).json()) as string[];
    for (const deadline = Date.now() + 30_000; ; await new Promise((resolve) => setTimeout(resolve, 100))) {
      if (Date.now() > deadline) throw new Error(`The service worker did not keep ${what} within 30 s`);
      // Opening a cache that does not exist would create it: only once the worker has.
      if (!(await caches.has(cacheName))) continue;
      const cache = await caches.open(cacheName);
      if ((await Promise.all(list.map((path) => cache.match(path)))).every(Boolean)) return;
    }
  }, kept);
}

/**
 * Until the worker keeps every file of the storefront's later list, which a
 * later visit asks it for: from then on every storefront route opens offline.
 */
export const waitForLaterStorefront = (page: Page) => waitForKept(page, KEPT.later);

/**
 * Until the worker keeps the way to order (the cart, the checkout, 'Moje
 * zamówienia'), which a page asks it for once the cart holds a line.
 */
export const waitForWayToOrder = (page: Page) => waitForKept(page, KEPT.ordering);

/** Whether the worker keeps any file of the list (asking never creates the cache). */
export const keepsAnyOf = (page: Page, which: keyof typeof KEPT) =>
  page.evaluate(
    async (cacheName) => (await caches.has(cacheName)) && (await (await caches.open(cacheName)).keys()).length > 0,
    KEPT[which].cache,
  );
