/**
 * `npm run bench`: measures the built shop against its budgets
 * (docs/performance.md) in Debian's Chromium and against the real local
 * backend, prints a Markdown table and writes bench/results.json. Timings
 * are medians of BENCH_RUNS runs (default 3): shared machines are noisy.
 * Each section lives in its own module and records its budgets there.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startBackend } from '../server/local-backend/backend.ts';
import { freePort } from '../server/local-backend/process-utils.ts';
import { CHROMIUM_FLAGS, chromiumExecutable } from '../tests/support/chromium.ts';
import { bytesSection } from './bytes.ts';
import { distDir, log, OWNER, RUNS, type BenchContext } from './context.ts';
import { firstVisitSection } from './first-visit.ts';
import { interactionSection } from './interaction.ts';
import { lighthouseSection } from './lighthouse.ts';
import { loadSection } from './load-test.ts';
import { longTasksSection } from './long-tasks-section.ts';
import { coldSection, offlineSection } from './network.ts';
import { orderPageSection } from './order-page-timing.ts';
import { photosSection } from './photos-section.ts';
import { finish } from './report.ts';
import { searchSection } from './search.ts';

/** BENCH_ONLY=search,bytes,firstvisit,longtasks,photos,lighthouse,cold,offline,interaction,load,orderpage runs a subset (all by default). */
const ONLY = new Set(
  (process.env.BENCH_ONLY ?? 'search,bytes,firstvisit,longtasks,photos,lighthouse,cold,offline,interaction,load,orderpage').split(','),
);

async function main() {
  statSync(join(distDir, 'index.html')); // fails early with a clear error when the app is not built
  const out: string[] = [];
  // Before the backend starts: its processes would share the CPU with the measurement.
  if (ONLY.has('search')) searchSection(out);
  if ([...ONLY].every((part) => part === 'search')) {
    finish(out, [...ONLY]);
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
    const bench: BenchContext = { browser, appUrl, backend, out };
    if (ONLY.has('bytes')) await bytesSection(bench);
    if (ONLY.has('firstvisit')) await firstVisitSection(bench);
    if (ONLY.has('longtasks')) await longTasksSection(bench);
    const photoProductId = ONLY.has('photos') ? await photosSection(bench) : null;
    if (ONLY.has('lighthouse')) await lighthouseSection(bench, photoProductId);
    if (ONLY.has('cold')) await coldSection(bench);
    if (ONLY.has('offline')) await offlineSection(bench);
    if (ONLY.has('interaction')) await interactionSection(bench);
    if (ONLY.has('load')) await loadSection(bench);
    if (ONLY.has('orderpage')) await orderPageSection(bench);
    finish(out, [...ONLY]);
  } finally {
    await browser.close();
    await backend.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
