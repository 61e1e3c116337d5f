import { startTransition, useEffect, useState, type ReactNode } from 'react';

let serverPageHydrating = false;

/** src/main.tsx, before hydrating: the page in the document came from the server. */
export function hydratingServerPage(): void {
  serverPageHydrating = true;
}

/**
 * src/main.tsx, at the first navigation in the browser: what mounts from now
 * on is rendered by the browser, not hydrated. Not earlier: React hydrates a
 * page's Suspense boundaries one by one after the first commit, and each
 * must render as the server did.
 */
export function serverPageLeft(): void {
  serverPageHydrating = false;
}

/**
 * True while React renders on the server or hydrates server markup, false in
 * every render in the browser after that. Not useSyncExternalStore with a
 * server snapshot: React re-renders such a component synchronously right
 * after hydration, in one task that cannot yield. Here the switch is a
 * transition, rendered in slices.
 */
export function useHydrating(): boolean {
  const [hydrating, setHydrating] = useState(() => typeof window === 'undefined' || serverPageHydrating);
  useEffect(() => {
    if (hydrating) startTransition(() => setHydrating(false));
  }, [hydrating]);
  return hydrating;
}

/**
 * Buttons and fields stay disabled until the app runs in the browser. A
 * server-rendered page shows them before its code has arrived; a tap there
 * would be lost, so they say "not yet" instead. Links work all along. A page
 * rendered in the browser is never disabled.
 * `display: contents` and `role="none"`: no box and no extra group for screen readers.
 */
export function InteractiveGate({ children }: { children: ReactNode }) {
  const hydrating = useHydrating();
  return (
    <fieldset disabled={hydrating} role="none" className="contents">
      {children}
    </fieldset>
  );
}
