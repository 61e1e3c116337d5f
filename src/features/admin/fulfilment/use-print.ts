import { useCallback, useEffect, useState } from 'react';
import type { AdminOrder } from '../orders/order.ts';

/** The browser's print dialog; some embedded browsers (and jsdom) have none: the sheet is still there for their own print command. */
export function printPage(): void {
  if (typeof window.print === 'function') window.print();
}

/**
 * 'Drukuj' for a chosen set of orders: the print sheet renders them, then the
 * browser's print dialog opens (after the render, so the sheet is in the page).
 * `printed` is what the sheet shows: the chosen orders while printing, else
 * `fallback` (what Ctrl+P should print).
 */
export function usePrint(fallback: readonly AdminOrder[]) {
  const [chosen, setChosen] = useState<readonly AdminOrder[] | null>(null);

  useEffect(() => {
    if (!chosen) return;
    printPage();
    // window.print() returns when the dialog closes; the sheet goes back to the default set.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setChosen(null);
  }, [chosen]);

  const print = useCallback((orders: readonly AdminOrder[]) => setChosen(orders), []);
  return { printed: chosen ?? fallback, print };
}
