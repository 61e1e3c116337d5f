/**
 * The shop on a bad network: a cold visit at 400 kbps / 400 ms RTT, and a
 * repeat visit with the network off, served by the service worker.
 */
import type { Browser, Page } from 'playwright-core';
import { log, RUNS, type BenchContext } from './context.ts';
import { budget, median, results } from './report.ts';

/** A cold visit at 400 kbps / 400 ms RTT: ms from navigation until the selector is visible. */
async function coldLoad(browser: Browser, url: string, selector: string) {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: (400 * 1000) / 8,
    uploadThroughput: (400 * 1000) / 8,
  });
  const started = Date.now();
  await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
  await page.locator(selector).first().waitFor({ timeout: 60_000 });
  // Visible means with its picture, where it has one: a card whose image is still loading does not count.
  await page.waitForFunction(
    (target) => {
      const image = document.querySelector(target)?.querySelector('img');
      return !image || (image.complete && image.naturalWidth > 0);
    },
    selector,
    { timeout: 60_000, polling: 50 },
  );
  const elapsed = Date.now() - started;
  await context.close();
  return elapsed;
}

/** Until the service worker is active and controls the page (a first visit waits for its claim). */
export async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((done) => navigator.serviceWorker.addEventListener('controllerchange', () => done(), { once: true }));
    }
  });
}

/** A repeat visit with the network off: ms until the shell and the last-seen catalog are visible. */
async function offlineRepeat(browser: Browser, appUrl: string) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${appUrl}/shop`);
  await page.locator('[data-testid="product-card"]').first().waitFor();
  await waitForServiceWorker(page);
  await page.reload();
  await page.locator('[data-testid="product-card"]').first().waitFor();
  await context.setOffline(true);
  const started = Date.now();
  await page.goto(`${appUrl}/shop`, { waitUntil: 'commit' });
  await page.locator('header').first().waitFor();
  await page.locator('[data-testid="product-card"]').first().waitFor();
  const elapsed = Date.now() - started;
  await context.close();
  return elapsed;
}

export async function coldSection({ browser, appUrl }: BenchContext) {
  log('cold load at 400 kbps / 400 ms RTT');
  const cold: Record<string, number> = {};
  for (const [name, path, selector] of [
    ['/', '/', '[data-testid="category-tile"]'],
    ['/shop', '/shop', '[data-testid="product-card"]'],
  ] as const) {
    const runs: number[] = [];
    for (let run = 0; run < RUNS; run += 1) runs.push(await coldLoad(browser, `${appUrl}${path}`, selector));
    cold[name] = median(runs);
    budget(`First product visible, cold, ${name}`, cold[name], 4000, 'ms');
  }
  results.coldLoad = cold;
}

export async function offlineSection({ browser, appUrl }: BenchContext) {
  log('offline repeat visit');
  const offlineRuns: number[] = [];
  for (let run = 0; run < RUNS; run += 1) offlineRuns.push(await offlineRepeat(browser, appUrl));
  results.offlineRepeatMs = median(offlineRuns);
  budget('Offline repeat visit: shell + catalog', median(offlineRuns), 1000, 'ms');
}
