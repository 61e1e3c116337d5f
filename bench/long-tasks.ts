/**
 * Main-thread long tasks (over 50 ms) while a page loads in Chromium with the
 * CPU throttled 4× (CDP Emulation.setCPUThrottlingRate), from a trace, until
 * the network is idle and 3 s have passed (the idle-time chunks included). A
 * first visit: fresh profile, worker blocked. `sumMs` counts their time after
 * the first contentful paint, as TBT does (before it nothing is on screen to
 * tap); `allMs` every long task since the navigation (the browser parsing and
 * laying out the server's HTML included).
 *
 * Measured twice: without DevTools attached (bare-chromium.ts), the budget,
 * and through Playwright, which attaches DevTools as Lighthouse does and so
 * adds V8's stack-trace bookkeeping (docs/decisions/016).
 */
import type { Browser } from 'playwright-core';
import type { BareChromium } from './bare-chromium.ts';

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: unknown; frame?: { url?: unknown } } };
}

export interface LongTasks {
  count: number;
  sumMs: number;
  allMs: number;
}

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', '__metadata'];
const CPU_THROTTLING_RATE = 4;
const VIEWPORT = { width: 390, height: 844 };
const SETTLE_MS = 3000;

/** The visitor's conditions: no DevTools domain enabled on the page. */
export async function longTasksWithoutDevTools(chromium: BareChromium, url: string): Promise<LongTasks> {
  const events = await chromium.tracedLoad({
    url,
    categories: CATEGORIES,
    cpuThrottlingRate: CPU_THROTTLING_RATE,
    viewport: VIEWPORT,
    settleMs: SETTLE_MS,
  });
  return longTasksOfPage(events, new URL(url).origin);
}

/** The same load through Playwright, which enables Runtime and Network on the page (as Lighthouse does). */
export async function longTasksWithDevTools(browser: Browser, url: string): Promise<LongTasks> {
  const context = await browser.newContext({ viewport: VIEWPORT, serviceWorkers: 'block' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING_RATE });
  await browser.startTracing(page, { categories: CATEGORIES });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(SETTLE_MS);
  const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
  await context.close();
  return longTasksOfPage(trace.traceEvents, new URL(url).origin);
}

/** Tasks of the renderer main thread that ran the page (the one whose events name the app's origin). */
export function longTasksOfPage(events: TraceEvent[], origin: string): LongTasks {
  const key = (event: TraceEvent) => `${event.pid}:${event.tid}`;
  const mainThreads = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map(key));
  const pageThreads = new Set(
    events
      .filter((e) => mainThreads.has(key(e)))
      .filter((e) => {
        const url = e.args?.data?.url ?? e.args?.data?.frame?.url;
        return typeof url === 'string' && url.startsWith(origin);
      })
      .map(key),
  );
  const onPage = (e: TraceEvent) => pageThreads.has(key(e));
  const long = events.filter((e) => e.ph === 'X' && e.name === 'RunTask' && onPage(e) && (e.dur ?? 0) > 50_000);
  const firstPaint = Math.min(...events.filter((e) => e.name === 'firstContentfulPaint' && onPage(e)).map((e) => e.ts));
  if (!Number.isFinite(firstPaint)) throw new Error(`No first contentful paint in the trace of ${origin}`);
  const afterFirstPaint = (task: TraceEvent) => Math.max(0, task.ts + task.dur! - Math.max(task.ts, firstPaint)) / 1000;
  return {
    count: long.length,
    sumMs: long.reduce((sum, task) => sum + afterFirstPaint(task), 0),
    allMs: long.reduce((sum, task) => sum + task.dur! / 1000, 0),
  };
}
