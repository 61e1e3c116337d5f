/**
 * Lighthouse's performance audit of the storefront's pages, with its default
 * mobile settings (simulated Slow 4G, 4x CPU slowdown), medians of the runs.
 * The money pages (`/cart`, `/checkout`) are audited with one line in the
 * cart, added in the audited Chrome profile first (bench/lighthouse-cart.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { CHROMIUM_FLAGS, chromiumExecutable } from '../tests/support/chromium.ts';
import { log, PRODUCT_ID, RUNS, type BenchContext } from './context.ts';
import { addOneCartLine, assertOneCartLineShown } from './lighthouse-cart.ts';
import { budget, median, results } from './report.ts';

interface LighthouseRun {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
}

interface AuditedPage {
  name: string;
  path: string;
  /** Audited with one product in the cart; the page must show it (checked in the same profile after the audit). */
  cartLine?: boolean;
  lcpLimitMs: number;
}

/** BENCH_LIGHTHOUSE_PAGE=<word> audits only the pages whose name holds it (e.g. `checkout`); budgets of the others are not reported. */
const PAGE_FILTER = process.env.BENCH_LIGHTHOUSE_PAGE;
/** BENCH_LIGHTHOUSE_SCREENSHOTS=<dir> keeps each audit's final screenshot there: what the measured page showed. */
const SCREENSHOT_DIR = process.env.BENCH_LIGHTHOUSE_SCREENSHOTS;

/** A run Lighthouse itself could not complete (it reports a runtimeError) is a failed measurement: run again, at most twice. */
async function runLighthouse(appUrl: string, page: AuditedPage, run: number, attemptsLeft = 3): Promise<LighthouseRun> {
  const result = await runLighthouseOnce(appUrl, page, run);
  if ('error' in result) {
    if (attemptsLeft <= 1) throw new Error(`Lighthouse could not measure ${page.path}: ${result.error}`);
    log(`Lighthouse run failed for ${page.path} (${result.error}); running again`);
    return runLighthouse(appUrl, page, run, attemptsLeft - 1);
  }
  return result;
}

/** The element Lighthouse took for the largest paint, as its label (e.g. the text it starts with). */
function lcpElement(lhr: Result): string {
  const details = lhr.audits['largest-contentful-paint-element']?.details;
  if (details?.type !== 'list') return '';
  for (const table of details.items) {
    if (table.type !== 'table') continue;
    const node = table.items[0]?.node;
    if (node && typeof node === 'object' && 'type' in node && node.type === 'node') return node.nodeLabel ?? node.snippet ?? '';
  }
  return '';
}

function keepScreenshot(lhr: Result, name: string, run: number) {
  if (!SCREENSHOT_DIR) return;
  const details = lhr.audits['final-screenshot']?.details;
  if (details?.type !== 'screenshot') return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = join(SCREENSHOT_DIR, `${name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}-${run + 1}.jpg`);
  writeFileSync(file, Buffer.from(details.data.replace(/^data:image\/\w+;base64,/, ''), 'base64'));
}

/** BENCH_LIGHTHOUSE_REPORTS=<dir> keeps each run's whole report: its long-tasks and bootup-time audits say what blocked. */
const REPORT_DIR = process.env.BENCH_LIGHTHOUSE_REPORTS;

function keepReport(lhr: Result, name: string, run: number) {
  if (!REPORT_DIR) return;
  mkdirSync(REPORT_DIR, { recursive: true });
  writeFileSync(
    join(REPORT_DIR, `${name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}-${run + 1}.json`),
    JSON.stringify(lhr),
  );
}

async function runLighthouseOnce(appUrl: string, page: AuditedPage, run: number): Promise<LighthouseRun | { error: string }> {
  const url = `${appUrl}${page.path}`;
  const chrome = await chromeLauncher.launch({ chromePath: chromiumExecutable(), chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS] });
  try {
    const productName = page.cartLine ? await addOneCartLine(chrome.port, appUrl) : null;
    // Default config: mobile, simulated Slow 4G, 4x CPU slowdown, storage reset (which keeps IndexedDB).
    const result = await lighthouse(url, { port: chrome.port, output: 'json', onlyCategories: ['performance'], logLevel: 'error' });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) return { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` };
    if (productName !== null) await assertOneCartLineShown(chrome.port, url, productName);
    keepScreenshot(lhr, page.name, run);
    keepReport(lhr, page.name, run);
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const measured = {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: metric('largest-contentful-paint'),
      tbtMs: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      speedIndexMs: metric('speed-index'),
    };
    log(
      `  ${page.name}: score ${measured.score}, LCP ${Math.round(measured.lcpMs)} ms (${lcpElement(lhr) || 'no element'}), TBT ${Math.round(measured.tbtMs)} ms`,
    );
    return measured;
  } finally {
    await chrome.kill();
  }
}

/** `photoProductId`: a product the photos section published with a real photo, audited as well. */
export async function lighthouseSection({ appUrl, out }: BenchContext, photoProductId: string | null) {
  log('Lighthouse (mobile, simulated Slow 4G, 4x CPU)');
  const lighthouseResults: Record<string, LighthouseRun> = {};
  const pages: AuditedPage[] = [
    { name: '/', path: '/', lcpLimitMs: 2000 },
    { name: '/shop', path: '/shop', lcpLimitMs: 2000 },
    { name: 'product', path: `/product/${PRODUCT_ID}`, lcpLimitMs: 2000 },
  ];
  if (photoProductId) pages.push({ name: 'product with photos', path: `/product/${photoProductId}`, lcpLimitMs: 2000 });
  // The money pages: where the customer pays, with the cart a customer brings there.
  pages.push(
    { name: '/cart, one line in the cart', path: '/cart', cartLine: true, lcpLimitMs: 2500 },
    { name: '/checkout, one line in the cart', path: '/checkout', cartLine: true, lcpLimitMs: 2500 },
  );
  for (const page of pages.filter((audited) => !PAGE_FILTER || audited.name.includes(PAGE_FILTER))) {
    const { name } = page;
    const runs: LighthouseRun[] = [];
    for (let run = 0; run < RUNS; run += 1) runs.push(await runLighthouse(appUrl, page, run));
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
    budget(`LCP ${name}`, r.lcpMs, page.lcpLimitMs, 'ms');
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
