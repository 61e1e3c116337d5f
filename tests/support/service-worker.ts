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

/**
 * Until the worker keeps every file of the storefront's later list
 * (src/features/pwa/kept-files.ts), which a later visit asks it for: from
 * then on every storefront route opens offline.
 */
export async function waitForLaterStorefront(page: Page): Promise<void> {
  // Polled inside the page, without named helpers (see ./device-cart.ts).
  await page.evaluate(async () => {
    const list = (await (await fetch('/storefront-later.json', { cache: 'no-store' })).json()) as string[];
    for (const deadline = Date.now() + 30_000; ; await new Promise((resolve) => setTimeout(resolve, 100))) {
      if (Date.now() > deadline) throw new Error("The service worker did not keep the storefront's later files within 30 s");
      // Opening a cache that does not exist would create it: only once the worker has.
      if (!(await caches.has('storefront-files'))) continue;
      const cache = await caches.open('storefront-files');
      if ((await Promise.all(list.map((path) => cache.match(path)))).every(Boolean)) return;
    }
  });
}
