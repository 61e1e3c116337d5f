/** The first-visit budget: what a new visitor downloads on `/`, the service worker's precache included. */
import type { Browser } from 'playwright-core';
import { log, RUNS, type BenchContext } from './context.ts';
import { waitForServiceWorker } from './network.ts';
import { budget, kib, KiB, median, results } from './report.ts';

/**
 * The compressed body's size. Chromium reports no body for the service
 * worker's own script (it is fetched by the browser, not by a page or the
 * worker): that one is fetched again here as the browser fetches it (gzip)
 * and counted by its Content-Length, so the worker's code is in the figure.
 */
async function bodyBytes(url: string, reported: number): Promise<number> {
  if (reported > 0 || new URL(url).pathname !== '/sw.js') return reported;
  const response = await fetch(url, { headers: { 'Accept-Encoding': 'gzip' } });
  await response.arrayBuffer();
  return Number(response.headers.get('content-length') ?? 0);
}

/**
 * A visitor's first visit to `/` with the service worker allowed: every byte the
 * browser received (compressed bodies and headers) for the page and for the
 * worker, its precache included, until the worker is active and the network idle.
 */
async function firstVisitBytes(browser: Browser, appUrl: string) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const received = { page: 0, worker: 0, requests: 0 };
  const pending: Promise<void>[] = [];
  context.on('requestfinished', (request) => {
    pending.push(
      request
        .sizes()
        .then(async (sizes) => {
          const bytes = sizes.responseHeadersSize + (await bodyBytes(request.url(), sizes.responseBodySize));
          if (request.serviceWorker()) received.worker += bytes;
          else received.page += bytes;
          received.requests += 1;
          // BENCH_LIST_FILES=1 names what the visit fetched, and for whom: where to look when the budget fails.
          if (process.env.BENCH_LIST_FILES)
            console.log(
              `[bench]   first visit ${request.serviceWorker() ? 'worker' : 'page  '} ${bytes} B ${new URL(request.url()).pathname}`,
            );
        })
        .catch(() => undefined),
    );
  });
  const page = await context.newPage();
  await page.goto(`${appUrl}/`, { waitUntil: 'load' });
  await page.locator('[data-testid="category-tile"]').first().waitFor();
  await waitForServiceWorker(page);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500);
  await Promise.all(pending);
  await context.close();
  return { ...received, total: received.page + received.worker };
}

export async function firstVisitSection({ browser, appUrl, out }: BenchContext) {
  log('first visit to / with the service worker');
  const visits = [];
  for (let run = 0; run < RUNS; run += 1) visits.push(await firstVisitBytes(browser, appUrl));
  const firstVisit = {
    page: median(visits.map((v) => v.page)),
    worker: median(visits.map((v) => v.worker)),
    total: median(visits.map((v) => v.total)),
    requests: median(visits.map((v) => v.requests)),
  };
  results.firstVisit = firstVisit;
  budget('First visit to / incl. precache (transferred)', firstVisit.total, 300 * KiB, 'KiB');
  out.push(
    `First visit to / (service worker allowed, transferred): page ${kib(firstVisit.page)} KiB + worker and precache ${kib(firstVisit.worker)} KiB = ${kib(firstVisit.total)} KiB in ${firstVisit.requests} requests`,
    '',
  );
}
