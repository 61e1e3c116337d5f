import { useEffect } from 'react';
import { nextTask } from './next-task.ts';

/**
 * "The page's main content is on screen." Pages say so; work that can wait
 * (idle-time chunks: account menu, cart drawer, install offer, order sync)
 * starts only after it, so on a slow connection it never competes with what
 * the customer came to see. A fallback timer keeps a page that never says so
 * from holding that work back for long.
 */
export const FIRST_CONTENT_MARK = 'kwiaciarnia:first-content';
const FALLBACK_MS = 4000;

let shown = false;
const waiting = new Set<() => void>();

export function markFirstContent(): void {
  if (shown) return;
  shown = true;
  performance.mark?.(FIRST_CONTENT_MARK);
  const notifyAll = [...waiting];
  waiting.clear();
  // Each waiting part in a task of its own: starting a dozen imports and agents at once was one long task at
  // hydration on a slow phone. A part cancelled meanwhile is skipped by its own `once`.
  void (async () => {
    for (const notify of notifyAll) {
      await nextTask();
      notify();
    }
  })();
}

/** Calls back once the first content is shown (or the fallback timer ran out); returns a cancel function. */
export function afterFirstContent(callback: () => void): () => void {
  if (shown) {
    callback();
    return () => {};
  }
  let called = false;
  const once = () => {
    if (called) return;
    called = true;
    window.clearTimeout(timer);
    waiting.delete(once);
    callback();
  };
  const timer = window.setTimeout(once, FALLBACK_MS);
  waiting.add(once);
  return () => {
    called = true;
    window.clearTimeout(timer);
    waiting.delete(once);
  };
}

/** After the window's `load` and the first content, so the work competes with neither; returns a cancel function. */
export function afterLoadAndFirstContent(callback: () => void): () => void {
  let stop = () => {};
  const afterLoad = () => {
    stop = afterFirstContent(callback);
  };
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
  return () => {
    window.removeEventListener('load', afterLoad);
    stop();
  };
}

/** For a page: marks the first content once `ready` (its data is there, or it has none to wait for). */
export function useFirstContent(ready = true): void {
  useEffect(() => {
    if (ready) markFirstContent();
  }, [ready]);
}

/** Tests only. */
export function resetFirstContentForTests(): void {
  shown = false;
  waiting.clear();
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The page marks its first content itself once its data is shown (see useFirstContent). */
    waitsForData?: boolean;
  }
}
