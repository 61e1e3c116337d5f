import { useEffect } from 'react';

/**
 * When deferred work starts: the one vocabulary of the first load
 * (docs/performance.md, "The first-load boundary"). Every trigger but
 * 'intent' waits for the page's first content, so what can wait never
 * competes with what the visitor came to see.
 */
export type Trigger =
  /** As soon as the page shows its first content (or FIRST_CONTENT_FALLBACK_MS have passed). */
  | 'first-content'
  /** Then, once the window has loaded and the browser is idle: IDLE_TIMEOUT_MS at the latest. */
  | 'idle'
  /** Then, once the window has loaded, at the visitor's first tap or key anywhere on the page. */
  | 'interaction'
  /**
   * What shows the device's own data (a cart, queued orders): 'idle' on a device that keeps the shop's data,
   * 'interaction' on a first visit, which has none to show. A live query of that data: src/lib/deferred-live-query.ts.
   */
  | 'device-data'
  /** Then, once the part's server HTML is within a screen's height below the viewport. */
  | 'near-viewport'
  /** Only when the visitor points at, focuses or presses the part itself. */
  | 'intent';

/** How long idle-time work waits for the browser to be idle, at the latest (docs/decisions/026-one-loading-layer.md). */
export const IDLE_TIMEOUT_MS = 2500;
/** A page that never says its content is shown does not hold back what waits for it longer than this. */
const FIRST_CONTENT_FALLBACK_MS = 4000;
/** Read by the bench: when the page's main content was shown. */
const FIRST_CONTENT_MARK = 'kwiaciarnia:first-content';
/** 'near-viewport': a screen's height below the viewport. */
const NEAR = '0px 0px 100% 0px';

type Cancel = () => void;
type Wait = (callback: () => void) => Cancel;
const nothing: Cancel = () => {};

interface SchedulerWithYield {
  yield?: () => Promise<void>;
}

/**
 * Resolves in a new task of the event loop, so work after it never lengthens
 * the task that awaited it: a tap or a paint can come in between.
 * `scheduler.yield()` where the browser has it (it keeps this work ahead of
 * other queued tasks), else a zero-delay timeout.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: SchedulerWithYield }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * How long the first content's work waits after the mark: the browser paints the content a few frames after the
 * task that drew it, and a request started meanwhile competes with that paint (decision 034).
 */
const PAINT_WAIT_MS = 100;

/** The page said its content is on screen: the wait for its paint. */
let painting: Promise<unknown> | undefined;
/** ...and the browser has painted it: what waits for the first content starts now. */
let shown = false;
const waiting = new Set<() => void>();

/** "The page's main content is on screen": the router's root says so for a page, or the page itself (useFirstContent). */
export function markFirstContent(): void {
  if (painting) return;
  performance.mark(FIRST_CONTENT_MARK);
  // Once the content is painted: what waits for it must not delay that paint (a yielded task runs before it).
  const ours = (painting = new Promise((resolve) => setTimeout(resolve, PAINT_WAIT_MS)));
  void (async () => {
    await ours;
    // Tests start over meanwhile: not this page any more.
    if (ours !== painting) return;
    shown = true;
    const notifyAll = [...waiting];
    waiting.clear();
    // Each waiting part in a task of its own: starting a dozen imports and agents at once was one long task at
    // hydration on a slow phone. A part cancelled meanwhile is skipped by its own `once`.
    for (const notify of notifyAll) {
      await nextTask();
      notify();
    }
  })();
}

/** For a page that waits for its data: marks the first content once `ready`. */
export function useFirstContent(ready = true): void {
  useEffect(() => {
    if (ready) markFirstContent();
  }, [ready]);
}

/** Tests only. */
export function resetFirstContentForTests(): void {
  painting = undefined;
  shown = false;
  waiting.clear();
}

const firstContent: Wait = (callback) => {
  if (shown) {
    callback();
    return nothing;
  }
  let called = false;
  const once = () => {
    if (called) return;
    stop();
    callback();
  };
  const stop = () => {
    called = true;
    clearTimeout(timer);
    waiting.delete(once);
  };
  const timer = setTimeout(once, FIRST_CONTENT_FALLBACK_MS);
  waiting.add(once);
  return stop;
};

const windowLoaded: Wait = (callback) => {
  if (document.readyState === 'complete') {
    callback();
    return nothing;
  }
  addEventListener('load', callback, { once: true });
  return () => removeEventListener('load', callback);
};

const browserIdle: Wait = (callback) => {
  // Without requestIdleCallback (Safari) the browser cannot say when it is idle: the work waits for the deadline.
  if (typeof requestIdleCallback !== 'function') {
    const id = setTimeout(callback, IDLE_TIMEOUT_MS);
    return () => clearTimeout(id);
  }
  const id = requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS });
  return () => cancelIdleCallback(id);
};

const firstTapOrKey: Wait = (callback) => {
  const events = ['pointerdown', 'keydown'] as const;
  // Capturing: a part that stops a tap's propagation does not hide it.
  const stop = () => events.forEach((name) => document.removeEventListener(name, once, true));
  const once = () => {
    stop();
    callback();
  };
  events.forEach((name) => document.addEventListener(name, once, true));
  return stop;
};

const nearViewport =
  (element: Element | null | undefined): Wait =>
  (callback) => {
    if (!element || typeof IntersectionObserver !== 'function') {
      callback();
      return nothing;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        callback();
      },
      { rootMargin: NEAR },
    );
    observer.observe(element);
    return () => observer.disconnect();
  };

/** Whether this device keeps the shop's data: a chunk of its own, asked at the first content. */
const keepsDeviceData = () =>
  import('./device-data.ts').then(
    (module) => module.deviceKeepsData(),
    () => true,
  );

/**
 * Calls back once `trigger` fires ('intent' never here: the part listens itself);
 * returns a cancel function. `near`: the element 'near-viewport' watches.
 */
export function when(trigger: Trigger, callback: () => void, near?: Element | null): Cancel {
  // At once when the content is already shown: a part that asks late starts in the same task.
  if (trigger === 'first-content') return firstContent(callback);
  let cancelled = false;
  let stop = nothing;
  // Once cancelled, the next wait never starts (nor ends): nothing is left listening.
  const wait = (next: Wait) =>
    new Promise<void>((resolve) => {
      if (!cancelled) stop = next(resolve);
    });
  void (async () => {
    if (trigger === 'intent') return;
    await wait(firstContent);
    if (trigger === 'near-viewport') await wait(nearViewport(near));
    else {
      // Asked as soon as the page shows its first content, before the page's own work (the catalogue copy) may
      // create the database; the answer decides once the window has loaded.
      const idle = trigger === 'device-data' ? keepsDeviceData() : trigger === 'idle';
      await wait(windowLoaded);
      await wait((await idle) ? browserIdle : firstTapOrKey);
    }
    if (!cancelled) callback();
  })();
  return () => {
    cancelled = true;
    stop();
  };
}
