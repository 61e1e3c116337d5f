/**
 * `npm run bench`: measures the built shop against its budgets
 * (docs/performance.md) in Debian's Chromium and against the real local
 * backend, prints a Markdown table and writes bench/results.json. Timings
 * are medians of BENCH_RUNS runs (default 3): shared machines are noisy.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import pg from 'pg';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startBackend, type RunningBackend } from '../server/local-backend/backend.ts';
import { freePort } from '../server/local-backend/process-utils.ts';
import { CHROMIUM_FLAGS, chromiumExecutable } from '../tests/support/chromium.ts';
import { launchBareChromium, type BareChromium } from './bare-chromium.ts';
import { baselineDist } from './baseline-build.ts';
import { longTasksWithDevTools, longTasksWithoutDevTools, type LongTasks } from './long-tasks.ts';
import { lcpImageOnPhone, publishPhotoProduct } from './photo-product.ts';
import { measureOrderPageTiming } from './order-page-timing.ts';
import { measurePhotoBudgets } from './photos.ts';
import { measureSearch } from './search.ts';

const root = resolve(import.meta.dirname, '..');
const distDir = join(root, 'dist');
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
/** BENCH_ONLY=search,bytes,firstvisit,longtasks,photos,lighthouse,cold,offline,interaction,load,orderpage runs a subset (all by default). */
const ONLY = new Set(
  (process.env.BENCH_ONLY ?? 'search,bytes,firstvisit,longtasks,photos,lighthouse,cold,offline,interaction,load,orderpage').split(','),
);
/** Long-task runs per page (medians of 5: a throttled trace on a shared machine is noisy). */
const LONG_TASK_RUNS = Math.max(1, Number(process.env.BENCH_LONG_TASK_RUNS ?? 5));
/**
 * The long-task budget is half of the time before issue 22: the shop at commit 63ecf0b, built from git and measured
 * in the same run, interleaved with the current build (bench/baseline-build.ts). Where git cannot give that build
 * (a shallow clone), the values recorded on the 2-core machine the tests run on stand in: without DevTools attached,
 * medians of 7 interleaved with a current build (docs/decisions/016); through Playwright, as first measured at the
 * issue's start.
 */
const LONG_TASK_BASELINE_COMMIT = '63ecf0b';
const LONG_TASK_RECORDED_BASELINE_MS: Record<string, number> = { '/': 281, '/shop': 407, product: 298 };
const LONG_TASK_RECORDED_BASELINE_WITH_DEVTOOLS_MS: Record<string, number> = { '/': 359, '/shop': 522, product: 365 };
const OWNER = { email: 'owner@kwiaciarnia.bench', password: 'bench-owner-password' };
const PRODUCT_ID = '811546a5-832e-49cf-b3c0-9e29122b2d96';
const KiB = 1024;

interface LongTaskFigures extends LongTasks {
  runs: number[];
  beforeIssueMs: number;
  beforeIssueRuns: number[] | null;
  withDevToolsSumMs: number;
  withDevToolsRuns: number[];
}

type Budget = { name: string; value: number; limit: number; unit: string; lowerIsBetter: boolean };
const budgets: Budget[] = [];
const results: Record<string, unknown> = {};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function budget(name: string, value: number, limit: number, unit: string, lowerIsBetter = true) {
  budgets.push({ name, value, limit, unit, lowerIsBetter });
}

const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);

// ───────────────────────────── bytes on the critical path

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

/** Precache entries that are the back office's (vite.config.ts, precacheSplit, lists them): none may be (issue 22). */
function adminFilesInPrecache(): string[] | null {
  const list = join(distDir, 'admin-assets.json');
  // A build from before the split has no list: nothing tells its back office apart.
  if (!existsSync(list)) return null;
  const sw = readFileSync(join(distDir, 'sw.js'), 'utf8');
  const precached = new Set([...sw.matchAll(/"url":"([^"]+)"/g)].map((match) => `/${match[1]!.replace(/^\//, '')}`));
  return (JSON.parse(readFileSync(list, 'utf8')) as string[]).filter((file) => precached.has(file));
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
        .then((sizes) => {
          const bytes = sizes.responseBodySize + sizes.responseHeadersSize;
          if (request.serviceWorker()) received.worker += bytes;
          else received.page += bytes;
          received.requests += 1;
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

// ───────────────────────────── Lighthouse

interface LighthouseRun {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
}

/** A run Lighthouse itself could not complete (it reports a runtimeError) is a failed measurement: run again, at most twice. */
async function runLighthouse(url: string, attemptsLeft = 3): Promise<LighthouseRun> {
  const run = await runLighthouseOnce(url);
  if ('error' in run) {
    if (attemptsLeft <= 1) throw new Error(`Lighthouse could not measure ${url}: ${run.error}`);
    log(`Lighthouse run failed for ${url} (${run.error}); running again`);
    return runLighthouse(url, attemptsLeft - 1);
  }
  return run;
}

async function runLighthouseOnce(url: string): Promise<LighthouseRun | { error: string }> {
  const chrome = await chromeLauncher.launch({ chromePath: chromiumExecutable(), chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS] });
  try {
    // Default config: mobile, simulated Slow 4G, 4x CPU slowdown.
    const result = await lighthouse(url, { port: chrome.port, output: 'json', onlyCategories: ['performance'], logLevel: 'error' });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) return { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` };
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: metric('largest-contentful-paint'),
      tbtMs: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      speedIndexMs: metric('speed-index'),
    };
  } finally {
    await chrome.kill();
  }
}

// ───────────────────────────── slow network, offline, interaction

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

async function waitForServiceWorker(page: Page) {
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

/** 5,000 products in Dexie: ms per search keystroke until the result count shows, then add to cart and open the drawer. */
async function interaction(browser: Browser, appUrl: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(`${appUrl}/shop`);
  await page.locator('[data-testid="product-card"]').first().waitFor();
  // The server-rendered catalog is stored once the page is idle: after that, nothing replaces the seeded rows.
  await page.waitForFunction(() => window.localStorage.getItem('kwiaciarnia.catalogueStored') === '1');
  await page.evaluate(async () => {
    const words = ['Róża', 'Tulipan', 'Znicz', 'Wieniec', 'Storczyk', 'Kubek', 'Magnes', 'Świeca', 'Bukiet', 'Stroik'];
    const categories = ['live-flowers', 'artificial-flowers', 'candles', 'souvenirs', 'seasonal-gifts'];
    const rows = Array.from({ length: 5000 }, (_, index) => ({
      id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      name: `${words[index % words.length]} ${['czerwona', 'biała', 'żółta', 'duża', 'mała'][index % 5]} nr ${index}`,
      description: 'Produkt do pomiaru wyszukiwania.',
      price: 10 + (index % 90),
      category: categories[index % categories.length],
      image_url: '',
      is_featured: false,
      stock: 5,
      active: true,
      created_at: new Date(Date.UTC(2020, 0, 1) + index * 1000).toISOString(),
    }));
    await new Promise<void>((done, fail) => {
      const open = indexedDB.open('kwiaciarnia');
      open.onsuccess = () => {
        const tx = open.result.transaction('products', 'readwrite');
        for (const row of rows) tx.objectStore('products').put(row);
        tx.oncomplete = () => done();
        tx.onerror = () => fail(tx.error);
      };
      open.onerror = () => fail(open.error);
    });
  });
  // The background refresh must not replace the 5,000 rows with the real catalog. /shop is reached in the app
  // from a page the server does not render, so it starts from the device's copy, not the server's rows.
  await page.route('**/rest/v1/products**', (route) => route.abort());
  await page.goto(`${appUrl}/cart`);
  await page.locator('header').getByRole('link', { name: 'Sklep' }).first().click();
  await page.waitForFunction(
    () =>
      Number(/\d+/.exec(document.querySelector('[data-testid="result-count"]')?.textContent?.replace(/\s/g, '') ?? '')?.[0] ?? 0) >= 5000,
  );
  // A string, not a function: tsx's name helpers do not exist inside the page.
  const perKeystroke = (await page.evaluate(`(async () => {
    const input = document.querySelector('input[type="search"]');
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    const times = [];
    for (const query of ['r', 'ró', 'róż', 'róża', 'róża c', 'róża cz', 'róża cze']) {
      const started = performance.now();
      setValue.call(input, query);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      // Rendered: the result count carries the query it was computed for (data-query).
      const shown = () => document.querySelector('[data-testid="result-count"]')?.getAttribute('data-query');
      while (shown() !== query.trim() && performance.now() - started < 2000) {
        await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
      }
      times.push(performance.now() - started);
    }
    return times;
  })()`)) as number[];
  await page.unroute('**/rest/v1/products**');
  await page.goto(`${appUrl}/product/${PRODUCT_ID}`);
  const add = page.getByRole('button', { name: /^Dodaj do koszyka/ }).first();
  await add.waitFor();
  // An interaction on a page that has finished loading (a shopper reads before tapping).
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  let started = Date.now();
  await add.click();
  await page.getByRole('dialog').waitFor();
  const addToCartMs = Date.now() - started;
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  started = Date.now();
  // The cart button carries its count in its name ('Koszyk, produktów: 1').
  await page.getByRole('button', { name: /^Koszyk(, produktów: \d+)?$/ }).click();
  await page.getByRole('dialog', { name: 'Twój koszyk' }).waitFor();
  const openDrawerMs = Date.now() - started;
  await context.close();
  return { searchMsPerKeystroke: median(perKeystroke), searchMaxMs: Math.max(...perKeystroke), addToCartMs, openDrawerMs };
}

// ───────────────────────────── backend under load

async function loadTest(backend: RunningBackend) {
  const client = new pg.Client({ connectionString: backend.databaseUrl });
  await client.connect();
  try {
    const products = await client.query<{ id: string }>(
      "select id from public.products where active and category <> 'live-flowers' and price > 0 order by id limit 10",
    );
    // A stocked warehouse: the load measures placing orders, not running out of pieces.
    await client.query('update public.products set stock = 1000000 where id = any($1::uuid[])', [products.rows.map((row) => row.id)]);
    const job = {
      functionsUrl: `${backend.url}/functions/v1`,
      anonKey: backend.anonKey,
      requests: Number(process.env.BENCH_ORDERS ?? 2000),
      concurrency: 20,
      repeatShare: 0.1,
      productIds: products.rows.map((row) => row.id),
    };
    const before = await client.query<{ count: string }>('select count(*) from public.orders');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', join(root, 'bench', 'load-orders.ts'), JSON.stringify(job)],
      {
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    const outcome = JSON.parse(stdout) as {
      elapsedMs: number;
      latencies: number[];
      statuses: Record<string, number>;
      distinctKeys: string[];
    };
    const stored = await client.query<{ count: string }>('select count(*) from public.orders where client_request_id = any($1::uuid[])', [
      outcome.distinctKeys,
    ]);
    const after = await client.query<{ count: string }>('select count(*) from public.orders');
    const storedCount = Number(stored.rows[0]!.count);
    return {
      requests: job.requests,
      concurrency: job.concurrency,
      distinctKeys: outcome.distinctKeys.length,
      statuses: outcome.statuses,
      throughputPerS: (job.requests / outcome.elapsedMs) * 1000,
      p50Ms: percentile(outcome.latencies, 50),
      p95Ms: percentile(outcome.latencies, 95),
      p99Ms: percentile(outcome.latencies, 99),
      ordersStored: storedCount,
      newOrdersInDb: Number(after.rows[0]!.count) - Number(before.rows[0]!.count),
      duplicates: Math.max(0, storedCount - outcome.distinctKeys.length),
      lost: Math.max(0, outcome.distinctKeys.length - storedCount),
    };
  } finally {
    await client.end();
  }
}

// ───────────────────────────── report

function fmt(value: number, unit: string): string {
  if (unit === 'KiB') return `${(value / KiB).toFixed(1)} KiB`;
  if (unit === 'ms') return `${Math.round(value)} ms`;
  if (unit === 's') return `${(value / 1000).toFixed(2)} s`;
  return `${Number.isInteger(value) ? value : value.toFixed(3)}${unit ? ` ${unit}` : ''}`;
}

function report(): string {
  const lines = ['| Budget | Measured | Limit | Result |', '| --- | --- | --- | --- |'];
  for (const b of budgets) {
    const pass = b.lowerIsBetter ? b.value <= b.limit : b.value >= b.limit;
    lines.push(
      `| ${b.name} | ${fmt(b.value, b.unit)} | ${b.lowerIsBetter ? '≤' : '≥'} ${fmt(b.limit, b.unit)} | ${pass ? 'pass' : '**FAIL**'} |`,
    );
  }
  return lines.join('\n');
}

/** The domain's catalog search per keystroke at 5,000 products, in Node: the rule itself, without the page around it. */
function searchSection(out: string[]) {
  log('catalog search per keystroke, 5,000 synthetic products');
  // At least 5 runs: each keystroke takes milliseconds, and a busy moment of the machine can double one.
  const search = measureSearch(Math.max(5, RUNS));
  results.search = search;
  budget('Catalog search per keystroke, 5,000 products (domain, slowest keystroke)', search.maxMs, 50, 'ms');
  budget('Catalog search, first keystroke on a fresh 5,000-product catalog (reads its words)', search.firstSearchMs, 50, 'ms');
  out.push(
    '## Catalog search (src/domain/search.ts, 5,000 synthetic products, fastest of the runs)',
    '',
    `First search on a fresh catalog (reads every product's words once): ${search.firstSearchMs.toFixed(1)} ms. Then, as typed:`,
    '',
    '| Typed | ms | Found |',
    '| --- | --- | --- |',
    ...search.perKeystroke.map((k) => `| ${k.query} | ${k.ms.toFixed(1)} | ${k.found} |`),
    '',
  );
}

function finish(out: string[]) {
  results.budgets = budgets;
  results.meta = { date: new Date().toISOString(), node: process.version, cpus: cpus().length, runs: RUNS, sections: [...ONLY] };
  writeFileSync(join(root, 'bench', 'results.json'), `${JSON.stringify(results, null, 2)}\n`);

  console.log(`\n${out.join('\n')}`);
  console.log('## Budgets\n');
  console.log(report());
  const failed = budgets.filter((b) => (b.lowerIsBetter ? b.value > b.limit : b.value < b.limit));
  console.log(`\n${failed.length === 0 ? 'All budgets pass.' : `${failed.length} budget(s) fail.`} Results: bench/results.json`);
  process.exitCode = failed.length === 0 ? 0 : 1;
}

async function main() {
  statSync(join(distDir, 'index.html')); // fails early with a clear error when the app is not built
  const out: string[] = [];
  // Before the backend starts: its processes would share the CPU with the measurement.
  if (ONLY.has('search')) searchSection(out);
  if ([...ONLY].every((part) => part === 'search')) {
    finish(out);
    return;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'kwiaciarnia-bench-'));
  const backend = await startBackend({
    dataDir,
    backendPort: await freePort(),
    appPort: await freePort(),
    distDir,
    ownerEmail: OWNER.email,
    ownerPassword: OWNER.password,
    // The load test sends thousands of orders, and the order page timing hundreds of look-ups, from one address.
    env: { ...process.env, PLACE_ORDER_RATE_LIMIT: '0', ORDER_PAGE_RATE_LIMIT: '0' },
  });
  const appUrl = backend.appUrl!;
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_FLAGS });
  try {
    log(`app ${appUrl}, backend ${backend.url}, ${RUNS} run(s), ${cpus().length} CPU(s)`);

    const kib = (value: number) => `${(value / KiB).toFixed(1)}`;

    if (ONLY.has('bytes')) {
      log('bytes on the critical path');
      const bytes = await measureBytes(browser, appUrl);
      const precache = precacheSize();
      results.bytes = bytes;
      results.precache = precache;
      budget('Initial JS of / (gzip)', bytes['/']!.js, 100 * KiB, 'KiB');
      budget('Initial JS of /shop (gzip)', bytes['/shop']!.js, 150 * KiB, 'KiB');
      budget('JS until network idle, / (gzip, worker blocked)', bytes['/']!.jsAfterIdle, 150 * KiB, 'KiB');
      budget('JS until network idle, /shop (gzip, worker blocked)', bytes['/shop']!.jsAfterIdle, 150 * KiB, 'KiB');
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

    if (ONLY.has('firstvisit')) {
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
      budget('First visit to / incl. precache (transferred)', firstVisit.total, 400 * KiB, 'KiB');
      out.push(
        `First visit to / (service worker allowed, transferred): page ${kib(firstVisit.page)} KiB + worker and precache ${kib(firstVisit.worker)} KiB = ${kib(firstVisit.total)} KiB in ${firstVisit.requests} requests`,
        '',
      );
    }

    if (ONLY.has('longtasks')) {
      log(`long tasks at load, 4x CPU throttling (${LONG_TASK_RUNS} runs, without and with DevTools attached)`);
      const baselineBuild = await baselineDist(root, LONG_TASK_BASELINE_COMMIT);
      if ('error' in baselineBuild) log(`no build from before issue 22 (${baselineBuild.error}): the budget uses the recorded values`);
      const baselineDataDir = mkdtempSync(join(tmpdir(), 'kwiaciarnia-bench-baseline-'));
      const baselineBackend =
        'distDir' in baselineBuild
          ? await startBackend({
              dataDir: baselineDataDir,
              backendPort: await freePort(),
              appPort: await freePort(),
              distDir: baselineBuild.distDir,
              ownerEmail: OWNER.email,
              ownerPassword: OWNER.password,
            })
          : null;
      const longTasks: Record<string, LongTaskFigures> = {};
      let bare: BareChromium | null = null;
      try {
        bare = await launchBareChromium();
        for (const [name, path] of [
          ['/', '/'],
          ['/shop', '/shop'],
          ['product', `/product/${PRODUCT_ID}`],
        ] as const) {
          const withoutDevTools: LongTasks[] = [];
          const withDevTools: LongTasks[] = [];
          const before: LongTasks[] = [];
          // Interleaved, so that a busy moment of the machine weighs on every build alike.
          for (let run = 0; run < LONG_TASK_RUNS; run += 1) {
            withoutDevTools.push(await longTasksWithoutDevTools(bare, `${appUrl}${path}`));
            if (baselineBackend) before.push(await longTasksWithoutDevTools(bare, `${baselineBackend.appUrl}${path}`));
            withDevTools.push(await longTasksWithDevTools(browser, `${appUrl}${path}`));
          }
          longTasks[name] = {
            sumMs: median(withoutDevTools.map((r) => r.sumMs)),
            allMs: median(withoutDevTools.map((r) => r.allMs)),
            count: median(withoutDevTools.map((r) => r.count)),
            runs: withoutDevTools.map((r) => Math.round(r.sumMs)),
            beforeIssueMs: before.length > 0 ? median(before.map((r) => r.sumMs)) : LONG_TASK_RECORDED_BASELINE_MS[name]!,
            beforeIssueRuns: before.length > 0 ? before.map((r) => Math.round(r.sumMs)) : null,
            withDevToolsSumMs: median(withDevTools.map((r) => r.sumMs)),
            withDevToolsRuns: withDevTools.map((r) => Math.round(r.sumMs)),
          };
          budget(
            `Long-task time at load after first paint, 4× CPU, ${name}`,
            longTasks[name].sumMs,
            longTasks[name].beforeIssueMs / 2,
            'ms',
          );
        }
      } finally {
        await bare?.close();
        await baselineBackend?.stop();
        rmSync(baselineDataDir, { recursive: true, force: true });
      }
      results.longTasks = longTasks;
      const beforeSource = baselineBackend ? `commit ${LONG_TASK_BASELINE_COMMIT}, measured in this run` : 'recorded';
      out.push(
        '## Long tasks at load (Chromium, CPU 4× slower, medians)',
        '',
        `Without DevTools attached, as on a phone (the budget: half of the time before issue 22, ${beforeSource}); ` +
          `then the current build through Playwright, with DevTools attached as Lighthouse loads a page (before issue 22: ${LONG_TASK_RECORDED_BASELINE_WITH_DEVTOOLS_MS['/']}, ${LONG_TASK_RECORDED_BASELINE_WITH_DEVTOOLS_MS['/shop']} and ${LONG_TASK_RECORDED_BASELINE_WITH_DEVTOOLS_MS.product} ms, recorded).`,
        '',
        '| Page | After first paint | Runs | Before issue 22 | Runs | Since navigation | Long tasks | With DevTools | Runs |',
        '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
        ...Object.entries(longTasks).map(
          ([name, r]) =>
            `| ${name} | ${Math.round(r.sumMs)} ms | ${r.runs.join(', ')} | ${Math.round(r.beforeIssueMs)} ms | ${r.beforeIssueRuns?.join(', ') ?? 'recorded'} | ` +
            `${Math.round(r.allMs)} ms | ${r.count} | ${Math.round(r.withDevToolsSumMs)} ms | ${r.withDevToolsRuns.join(', ')} |`,
        ),
        '',
      );
    }

    // Issue 20: the owner's photo pipeline on a camera photo, and a product page showing the result.
    let photoProductId: string | null = null;
    if (ONLY.has('photos')) {
      log('product photos: processing a 4000×3000 camera JPEG, then a product page with it');
      const filesDir = mkdtempSync(join(tmpdir(), 'kwiaciarnia-bench-photos-'));
      const photos = await measurePhotoBudgets({ browser, keepFilesIn: filesDir });
      for (const b of photos.budgets) budget(b.name, b.value, b.limit, b.unit);
      const safari = await measurePhotoBudgets({ browser, runs: 1, asSafari: true });
      const largest = photos.variants.at(-1)!;
      photoProductId = await publishPhotoProduct(backend, OWNER, filesDir, { width: largest.width, height: largest.height }, PRODUCT_ID);
      rmSync(filesDir, { recursive: true, force: true });
      const lcp = await lcpImageOnPhone(browser, `${appUrl}/product/${photoProductId}`);
      budget('Product page LCP image, 390 px phone at 3× (bytes)', Math.round((lcp.bytes / 1000) * 10) / 10, 60, 'KB');
      results.photos = { ...photos, safariJpegFallback: safari.variants, lcp };
      const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
      out.push(
        '## Product photos (issue 20)',
        '',
        `Camera file: ${photos.source.width}×${photos.source.height} JPEG, ${(photos.source.bytes / 1e6).toFixed(2)} MB; prepared in ${photos.medianMs} ms (median, ${photos.inWorker ? 'in the worker' : 'main thread'}).`,
        '',
        '| File | WebP | JPEG (Safari fallback) |',
        '| --- | --- | --- |',
        ...photos.variants.map((variant, index) => {
          const jpeg = safari.variants[index];
          return `| ${variant.width}×${variant.height} | ${kb(variant.bytes)} | ${jpeg ? kb(jpeg.bytes) : '–'} |`;
        }),
        '',
        `Product page LCP on a 390 px phone at 3×: ${lcp.url.split('/').at(-1) ?? lcp.url}, ${kb(lcp.bytes)}.`,
        '',
      );
    }

    if (ONLY.has('lighthouse')) {
      log('Lighthouse (mobile, simulated Slow 4G, 4x CPU)');
      const lighthouseResults: Record<string, LighthouseRun> = {};
      const pages: Array<readonly [string, string]> = [
        ['/', '/'],
        ['/shop', '/shop'],
        ['product', `/product/${PRODUCT_ID}`],
      ];
      if (photoProductId) pages.push(['product with photos', `/product/${photoProductId}`]);
      for (const [name, path] of pages) {
        const runs: LighthouseRun[] = [];
        for (let run = 0; run < RUNS; run += 1) runs.push(await runLighthouse(`${appUrl}${path}`));
        const med = (key: keyof LighthouseRun) => median(runs.map((r) => r[key]));
        const r: LighthouseRun = {
          score: med('score'),
          lcpMs: med('lcpMs'),
          tbtMs: med('tbtMs'),
          cls: med('cls'),
          speedIndexMs: med('speedIndexMs'),
        };
        lighthouseResults[name] = r;
        budget(`Lighthouse performance ${name}`, r.score, 95, '', false);
        budget(`LCP ${name}`, r.lcpMs, 2000, 'ms');
        budget(`TBT ${name}`, r.tbtMs, 100, 'ms');
        budget(`CLS ${name}`, r.cls, 0.05, '');
      }
      results.lighthouse = lighthouseResults;
      out.push(
        '## Lighthouse (mobile, medians)',
        '',
        '| Page | Score | LCP | TBT | CLS | Speed Index |',
        '| --- | --- | --- | --- | --- | --- |',
        ...Object.entries(lighthouseResults).map(
          ([name, r]) =>
            `| ${name} | ${r.score} | ${Math.round(r.lcpMs)} ms | ${Math.round(r.tbtMs)} ms | ${r.cls.toFixed(3)} | ${Math.round(r.speedIndexMs)} ms |`,
        ),
        '',
      );
    }

    if (ONLY.has('cold')) {
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

    if (ONLY.has('offline')) {
      log('offline repeat visit');
      const offlineRuns: number[] = [];
      for (let run = 0; run < RUNS; run += 1) offlineRuns.push(await offlineRepeat(browser, appUrl));
      results.offlineRepeatMs = median(offlineRuns);
      budget('Offline repeat visit: shell + catalog', median(offlineRuns), 1000, 'ms');
    }

    if (ONLY.has('interaction')) {
      log('interaction with 5,000 products');
      const interactionRuns: Awaited<ReturnType<typeof interaction>>[] = [];
      for (let run = 0; run < RUNS; run += 1) interactionRuns.push(await interaction(browser, appUrl));
      const interactionResult = {
        searchMsPerKeystroke: median(interactionRuns.map((r) => r.searchMsPerKeystroke)),
        searchMaxMs: median(interactionRuns.map((r) => r.searchMaxMs)),
        addToCartMs: median(interactionRuns.map((r) => r.addToCartMs)),
        openDrawerMs: median(interactionRuns.map((r) => r.openDrawerMs)),
      };
      results.interaction = interactionResult;
      budget('Search per keystroke, 5,000 products', interactionResult.searchMsPerKeystroke, 50, 'ms');
      out.push(
        `Interaction: search ${interactionResult.searchMsPerKeystroke.toFixed(1)} ms/keystroke (max ${interactionResult.searchMaxMs.toFixed(1)}), add to cart ${interactionResult.addToCartMs} ms, open drawer ${interactionResult.openDrawerMs} ms`,
        '',
      );
    }

    if (ONLY.has('load')) {
      log('place-order under load');
      const load = await loadTest(backend);
      results.load = load;
      budget('Duplicate orders under load', load.duplicates, 0, '');
      budget('Lost orders under load', load.lost, 0, '');
      out.push(
        `place-order: ${load.requests} requests at ${load.concurrency} concurrent (${load.distinctKeys} distinct keys): ${load.throughputPerS.toFixed(0)}/s, p50 ${load.p50Ms.toFixed(0)} ms, p95 ${load.p95Ms.toFixed(0)} ms, p99 ${load.p99Ms.toFixed(0)} ms; statuses ${JSON.stringify(load.statuses)}; orders stored for the keys sent: ${load.ordersStored}`,
        '',
      );
    }

    if (ONLY.has('orderpage')) {
      log('order-page: a known number against an unknown one');
      const timing = await measureOrderPageTiming(backend, Number(process.env.BENCH_ORDER_PAGE_REQUESTS ?? 300));
      results.orderPage = timing;
      const ms = (value: number) => value.toFixed(2);
      out.push(
        `order-page, wrong token, ${timing.requestsEach} requests each (reported, not a budget): known number median ${ms(timing.knownMedianMs)} ms (p90 ${ms(timing.knownP90Ms)}), unknown number median ${ms(timing.unknownMedianMs)} ms (p90 ${ms(timing.unknownP90Ms)}); difference of medians ${ms(timing.medianDifferenceMs)} ms`,
        '',
      );
    }

    finish(out);
  } finally {
    await browser.close();
    await backend.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
