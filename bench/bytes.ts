/**
 * Bytes on the critical path: what each page fetches before its first
 * content is shown, gzip, by kind, and the JS it fetches until idle; the
 * service worker's precache, and that no back-office file is in it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext } from 'playwright-core';
import { distDir, log, OWNER, PRODUCT_ID, type BenchContext } from './context.ts';
import { budget, kib, KiB, results } from './report.ts';

type Kind = 'js' | 'css' | 'font' | 'image' | 'other';

function kindOf(url: string, contentType: string): Kind {
  if (/javascript/.test(contentType) || url.endsWith('.js')) return 'js';
  if (/css/.test(contentType)) return 'css';
  if (/font/.test(contentType) || /\.woff2?$/.test(url)) return 'font';
  if (/image/.test(contentType)) return 'image';
  return 'other';
}

type Sizes = Record<Kind, number> & { jsAfterIdle: number };

/**
 * gzip (level 9) of the responses on the critical path, by kind, in bytes:
 * every request that started before the page's first content was shown (the
 * app's 'kwiaciarnia:first-content' mark, else the ready selector in the DOM). `jsAfterIdle` adds the JS the page fetches
 * later, once loaded and idle (cart, offline sync, install prompt).
 */
async function criticalBytes(context: BrowserContext, url: string, readySelector: string): Promise<Sizes> {
  const page = await context.newPage();
  // Written as a string: tsx's helpers do not exist inside the page.
  await page.addInitScript(`(() => {
    const selector = ${JSON.stringify(readySelector)};
    const seen = () => {
      if (window.__firstContentAt === undefined && document.querySelector(selector)) window.__firstContentAt = performance.now();
    };
    new MutationObserver(seen).observe(document, { childList: true, subtree: true });
  })()`);
  const bodies = new Map<string, { kind: Kind; size: number }>();
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    pending.push(
      response
        .body()
        .then((body) => {
          bodies.set(response.url(), {
            kind: kindOf(response.url(), response.headers()['content-type'] ?? ''),
            size: gzipSync(body, { level: 9 }).length,
          });
        })
        .catch(() => undefined),
    );
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.locator(readySelector).first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500);
  await Promise.all(pending);
  const started = (await page.evaluate(`(() => {
    // The app's own mark when the page's main content is shown; the ready selector otherwise.
    const mark = performance.getEntriesByName('kwiaciarnia:first-content')[0];
    const firstContentAt = mark ? mark.startTime : (window.__firstContentAt ?? Infinity);
    const documentUrl = location.href;
    return [documentUrl, ...performance.getEntriesByType('resource').filter((entry) => entry.startTime <= firstContentAt).map((entry) => entry.name)];
  })()`)) as string[];
  const critical = new Set(started);
  const sizes: Sizes = { js: 0, css: 0, font: 0, image: 0, other: 0, jsAfterIdle: 0 };
  for (const [responseUrl, { kind, size }] of bodies) {
    if (critical.has(responseUrl)) sizes[kind] += size;
    if (kind === 'js') sizes.jsAfterIdle += size;
    // BENCH_LIST_FILES=1 names what the page fetched: where to look when a budget fails.
    if (process.env.BENCH_LIST_FILES && kind === 'js')
      console.log(`[bench]   ${url} ${critical.has(responseUrl) ? 'critical' : 'idle    '} ${size} B ${new URL(responseUrl).pathname}`);
  }
  await page.close();
  return sizes;
}

async function loginOwner(context: BrowserContext, appUrl: string) {
  const page = await context.newPage();
  await page.goto(`${appUrl}/login`);
  await page.getByLabel('E-mail').fill(OWNER.email);
  await page.getByLabel('Hasło', { exact: true }).fill(OWNER.password);
  await page.getByRole('button', { name: 'Zaloguj się' }).click();
  await page.waitForURL(`${appUrl}/`);
  await page.close();
}

async function measureBytes(browser: Browser, appUrl: string) {
  const routes: Array<[string, string, string]> = [
    ['/', '/', '[data-testid="category-tile"]'],
    ['/shop', '/shop', '[data-testid="product-card"]'],
    ['product', `/product/${PRODUCT_ID}`, '[data-testid="product-price"]'],
    ['/checkout', '/checkout', 'main h1'],
  ];
  const bytes: Record<string, Sizes> = {};
  for (const [name, path, ready] of routes) {
    const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 390, height: 844 } });
    bytes[name] = await criticalBytes(context, `${appUrl}${path}`, ready);
    await context.close();
  }
  const admin = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 390, height: 844 } });
  await loginOwner(admin, appUrl);
  bytes['/admin'] = await criticalBytes(admin, `${appUrl}/admin`, 'main h1');
  await admin.close();
  return bytes;
}

/** The service worker's precache: every URL in its manifest, raw and gzip. */
function precacheSize() {
  const sw = readFileSync(join(distDir, 'sw.js'), 'utf8');
  const urls = [...sw.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1]!);
  let raw = 0;
  let gzip = 0;
  for (const url of urls) {
    const file = join(distDir, url.replace(/^\//, ''));
    try {
      const content = readFileSync(file);
      raw += content.length;
      gzip += gzipSync(content, { level: 9 }).length;
    } catch {
      // An entry without a file (e.g. a revisioned URL) is not counted.
    }
  }
  return { entries: urls.length, raw, gzip };
}

/**
 * Precache entries that are the back office's (build/vite-plugins/precache-split.ts lists them): none may be, a
 * visitor's first visit does not download the back office (docs/decisions/011-admin-precache-split.md).
 */
function adminFilesInPrecache(): string[] | null {
  const list = join(distDir, 'admin-assets.json');
  // A build from before the split has no list: nothing tells its back office apart.
  if (!existsSync(list)) return null;
  const sw = readFileSync(join(distDir, 'sw.js'), 'utf8');
  const precached = new Set([...sw.matchAll(/"url":"([^"]+)"/g)].map((match) => `/${match[1]!.replace(/^\//, '')}`));
  return (JSON.parse(readFileSync(list, 'utf8')) as string[]).filter((file) => precached.has(file));
}

export async function bytesSection({ browser, appUrl, out }: BenchContext) {
  log('bytes on the critical path');
  const bytes = await measureBytes(browser, appUrl);
  const precache = precacheSize();
  results.bytes = bytes;
  results.precache = precache;
  budget('Initial JS of / (gzip)', bytes['/']!.js, 100 * KiB, 'KiB');
  budget('Initial JS of /shop (gzip)', bytes['/shop']!.js, 150 * KiB, 'KiB');
  budget('JS until network idle, / (gzip, worker blocked)', bytes['/']!.jsAfterIdle, 150 * KiB, 'KiB');
  budget('JS until network idle, /shop (gzip, worker blocked)', bytes['/shop']!.jsAfterIdle, 130 * KiB, 'KiB');
  budget('JS until network idle, product (gzip, worker blocked)', bytes['product']!.jsAfterIdle, 130 * KiB, 'KiB');
  const adminInPrecache = adminFilesInPrecache();
  results.adminFilesInPrecache = adminInPrecache;
  budget("Back-office files in a visitor's precache", adminInPrecache?.length ?? Number.POSITIVE_INFINITY, 0, '');
  out.push(
    '## Bytes on the critical path (KiB gzip)',
    '',
    '| Page | JS | CSS | Fonts | Images | JS incl. idle-time chunks |',
    '| --- | --- | --- | --- | --- | --- |',
    ...Object.entries(bytes).map(
      ([name, b]) => `| ${name} | ${kib(b.js)} | ${kib(b.css)} | ${kib(b.font)} | ${kib(b.image)} | ${kib(b.jsAfterIdle)} |`,
    ),
    '',
    `Precache: ${precache.entries} entries, ${kib(precache.raw)} KiB raw, ${kib(precache.gzip)} KiB gzip`,
    '',
  );
}
