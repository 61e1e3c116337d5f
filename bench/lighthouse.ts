/**
 * Lighthouse's performance audit of the storefront's pages, with its default
 * mobile settings (simulated Slow 4G, 4x CPU slowdown), medians of the runs.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, chromiumExecutable } from '../tests/support/chromium.ts';
import { log, PRODUCT_ID, RUNS, type BenchContext } from './context.ts';
import { budget, median, results } from './report.ts';

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

/** `photoProductId`: a product the photos section published with a real photo, audited as well. */
export async function lighthouseSection({ appUrl, out }: BenchContext, photoProductId: string | null) {
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
