import { useSyncExternalStore, type ReactNode } from 'react';

const noSubscription = () => () => {};

/**
 * Buttons and fields stay disabled until the app runs in the browser. A
 * server-rendered page shows them before its code has arrived; a tap there
 * would be lost, so they say "not yet" instead. Links work all along.
 * While hydrating React uses the server value (disabled) and re-renders with
 * the browser's right after; a page rendered in the browser is never disabled.
 * `display: contents` and `role="none"`: no box and no extra group for screen readers.
 */
export function InteractiveGate({ children }: { children: ReactNode }) {
  const interactive = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return (
    <fieldset disabled={!interactive} role="none" className="contents">
      {children}
    </fieldset>
  );
}
