import { Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { afterFirstContent } from '../../lib/first-content.ts';

/** Idle time after which a deferred chunk loads anyway, without any intent shown. */
const IDLE_TIMEOUT_MS = 2500;

/**
 * Keeps a lazily imported piece of the header (account menu, cart button) out
 * of the first load: `fallback` (a plain element of the same size) shows
 * until the page has loaded and the browser is idle, or the visitor points at
 * or focuses it; then
 * `children` (a React.lazy component) loads behind the same fallback.
 */
export function DeferredSlot({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const [ready, setReady] = useState(false);
  const arm = useCallback(() => setReady(true), []);

  useEffect(() => {
    if (ready) return undefined;
    let stopWaiting = () => {};
    let stopIdle = () => {};
    // After the page's load and its main content, then when idle: these chunks never compete with what the customer came for.
    const whenIdle = () => {
      if (typeof window.requestIdleCallback === 'function') {
        const id = window.requestIdleCallback(arm, { timeout: IDLE_TIMEOUT_MS });
        stopIdle = () => window.cancelIdleCallback(id);
      } else {
        const id = window.setTimeout(arm, 1000);
        stopIdle = () => window.clearTimeout(id);
      }
    };
    const afterLoad = () => {
      stopWaiting = afterFirstContent(whenIdle);
    };
    if (document.readyState === 'complete') afterLoad();
    else {
      window.addEventListener('load', afterLoad, { once: true });
      stopWaiting = () => window.removeEventListener('load', afterLoad);
    }
    return () => {
      stopWaiting();
      stopIdle();
    };
  }, [ready, arm]);

  return (
    <span className="contents" onPointerOver={ready ? undefined : arm} onFocus={ready ? undefined : arm}>
      {ready ? <Suspense fallback={fallback}>{children}</Suspense> : fallback}
    </span>
  );
}
