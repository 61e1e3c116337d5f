import type { ReactNode } from 'react';
import { useHydrating } from './use-hydrating.ts';

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
