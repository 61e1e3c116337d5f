import { Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';

/** Idle time after which a deferred chunk loads anyway, without any intent shown. */
const IDLE_TIMEOUT_MS = 2500;

/**
 * Keeps a lazily imported piece of the header (account menu, cart button) out
 * of the first load: `fallback` (a plain element of the same size) shows
 * until the browser is idle or the visitor points at or focuses it; then
 * `children` (a React.lazy component) loads behind the same fallback.
 */
export function DeferredSlot({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const [ready, setReady] = useState(false);
  const arm = useCallback(() => setReady(true), []);

  useEffect(() => {
    if (ready) return undefined;
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(arm, { timeout: IDLE_TIMEOUT_MS });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(arm, 1000);
    return () => window.clearTimeout(id);
  }, [ready, arm]);

  return (
    <span className="contents" onPointerOver={ready ? undefined : arm} onFocus={ready ? undefined : arm}>
      {ready ? <Suspense fallback={fallback}>{children}</Suspense> : fallback}
    </span>
  );
}
