/**
 * Chromium driven over a bare DevTools pipe, with no Runtime, Network or
 * Debugger domain enabled: the page runs as on a visitor's phone, where no
 * DevTools is attached.
 *
 * Why not Playwright here: Playwright (like Lighthouse) enables Runtime and
 * Network on every page, and then V8 records a stack trace with line numbers
 * for every Error constructed and every request a script starts. The first
 * such trace in a function reparses that function. On `/` that is React DOM's
 * 190 KB module body, which constructs its Suspense sentinels as it
 * initialises: 45–70 ms at 4× CPU in one task, a cost no visitor pays
 * (docs/decisions/016-long-tasks-without-devtools.md).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { CHROMIUM_FLAGS, chromiumExecutable } from '../tests/support/chromium.ts';
import type { TraceEvent } from './long-tasks.ts';

interface CdpMessage {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  sessionId?: string;
  result?: Record<string, unknown>;
  error?: { message: string };
}

/** A throttled, traced first visit (fresh browser context, service worker unavailable). */
export interface TracedLoadOptions {
  url: string;
  categories: string[];
  cpuThrottlingRate: number;
  viewport: { width: number; height: number };
  /** How long to keep tracing once the network is idle (idle-time chunks run then). */
  settleMs: number;
}

export interface BareChromium {
  tracedLoad(options: TracedLoadOptions): Promise<TraceEvent[]>;
  close(): Promise<void>;
}

const NAVIGATION_TIMEOUT_MS = 60_000;

/**
 * Playwright's own launch switches that change how a page loads and renders (its chromiumSwitches and headless
 * ones), so that the two measures differ only in DevTools being attached: overlay-like scrollbars (no relayout
 * when the page outgrows the viewport), a touch-less pointer, no paint holding, no background throttling.
 */
const AS_PLAYWRIGHT_LAUNCHES = [
  '--headless=new',
  '--hide-scrollbars',
  '--mute-audio',
  '--blink-settings=primaryHoverType=2,availableHoverTypes=2,primaryPointerType=4,availablePointerTypes=4',
  '--disable-features=PaintHolding,OptimizationHints,MediaRouter',
  '--disable-field-trial-config',
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
  '--disable-renderer-backgrounding',
  '--disable-back-forward-cache',
  '--disable-extensions',
  '--disable-dev-shm-usage',
  '--disable-hang-monitor',
  '--disable-ipc-flooding-protection',
  '--force-color-profile=srgb',
];

export async function launchBareChromium(): Promise<BareChromium> {
  const profileDir = mkdtempSync(join(tmpdir(), 'bench-bare-chromium-'));
  const child = spawn(
    chromiumExecutable(),
    [...AS_PLAYWRIGHT_LAUNCHES, ...CHROMIUM_FLAGS, '--remote-debugging-pipe', `--user-data-dir=${profileDir}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
  );
  const connection = new PipeConnection(child);

  return {
    async tracedLoad({ url, categories, cpuThrottlingRate, viewport, settleMs }) {
      const { browserContextId } = await connection.send<{ browserContextId: string }>('Target.createBrowserContext', {
        disposeOnDetach: true,
      });
      const { targetId } = await connection.send<{ targetId: string }>('Target.createTarget', { url: 'about:blank', browserContextId });
      const { sessionId } = await connection.send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true });
      const page = (method: string, params: Record<string, unknown> = {}) => connection.send(method, params, sessionId);
      await page('Page.enable');
      await page('Page.setLifecycleEventsEnabled', { enabled: true });
      // As Playwright's serviceWorkers: 'block' does: a first visit measured without the worker's install.
      await page('Page.addScriptToEvaluateOnNewDocument', { source: 'delete Navigator.prototype.serviceWorker;' });
      await page('Emulation.setDeviceMetricsOverride', { ...viewport, deviceScaleFactor: 1, mobile: false });
      await page('Emulation.setCPUThrottlingRate', { rate: cpuThrottlingRate });

      const events: TraceEvent[] = [];
      const stopCollecting = connection.on('Tracing.dataCollected', (params) => events.push(...(params.value as TraceEvent[])));
      await connection.send('Tracing.start', { traceConfig: { includedCategories: categories }, transferMode: 'ReportEvents' });
      const networkIdle = connection.once(
        'Page.lifecycleEvent',
        (params, messageSession) => messageSession === sessionId && params.name === 'networkIdle',
        NAVIGATION_TIMEOUT_MS,
      );
      await page('Page.navigate', { url });
      await networkIdle;
      await new Promise((resolve) => setTimeout(resolve, settleMs));
      const complete = connection.once('Tracing.tracingComplete', () => true, NAVIGATION_TIMEOUT_MS);
      await connection.send('Tracing.end');
      await complete;
      stopCollecting();

      await connection.send('Target.closeTarget', { targetId });
      await connection.send('Target.disposeBrowserContext', { browserContextId });
      return events;
    },
    async close() {
      const exited = new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(undefined)));
      await connection.send('Browser.close').catch(() => undefined);
      // A browser that does not close within 5 s is stopped: the bench must not hang on it.
      const stopping = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(stopping);
      rmSync(profileDir, { recursive: true, force: true });
    },
  };
}

type Listener = (params: Record<string, unknown>, sessionId: string | undefined) => void;

/** CDP over --remote-debugging-pipe: JSON messages separated by NUL bytes, written to fd 3, read from fd 4. */
class PipeConnection {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (result: Record<string, unknown>) => void; reject: (error: Error) => void }>();
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly writer: Writable;
  private buffered = '';

  constructor(child: ChildProcess) {
    this.writer = child.stdio[3] as Writable;
    const reader = child.stdio[4] as Readable;
    reader.setEncoding('utf8');
    reader.on('data', (chunk: string) => this.receive(chunk));
    child.once('exit', (code) => {
      for (const { reject } of this.pending.values()) reject(new Error(`Chromium exited (code ${code}) before answering`));
      this.pending.clear();
    });
  }

  send<T = Record<string, unknown>>(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<T> {
    const id = this.nextId++;
    const message: CdpMessage = { id, method, params, ...(sessionId ? { sessionId } : {}) };
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: (result) => resolve(result as T), reject });
      this.writer.write(`${JSON.stringify(message)}\0`);
    });
  }

  on(method: string, listener: Listener): () => void {
    const set = this.listeners.get(method) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(method, set);
    return () => set.delete(listener);
  }

  once(method: string, accept: (params: Record<string, unknown>, sessionId: string | undefined) => boolean, timeoutMs: number) {
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        stop();
        reject(new Error(`No ${method} within ${timeoutMs} ms`));
      }, timeoutMs);
      const stop = this.on(method, (params, sessionId) => {
        if (!accept(params, sessionId)) return;
        clearTimeout(timer);
        stop();
        resolve();
      });
    });
  }

  private receive(chunk: string): void {
    this.buffered += chunk;
    let end = this.buffered.indexOf('\0');
    while (end !== -1) {
      const message = JSON.parse(this.buffered.slice(0, end)) as CdpMessage;
      this.buffered = this.buffered.slice(end + 1);
      this.dispatch(message);
      end = this.buffered.indexOf('\0');
    }
  }

  private dispatch(message: CdpMessage): void {
    if (message.id !== undefined) {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (message.error) waiting.reject(new Error(message.error.message));
      else waiting.resolve(message.result ?? {});
      return;
    }
    if (message.method) for (const listener of this.listeners.get(message.method) ?? []) listener(message.params ?? {}, message.sessionId);
  }
}
