import { useEffect } from 'react';
import { keepWayToOrder } from '../../lib/service-worker.ts';

/**
 * Once the cart holds a line, the way to order (the cart's and the
 * checkout's code) is what the visitor needs next, also offline: the worker
 * is asked to keep it (docs/decisions/027-first-visit-precache.md).
 */
export function useKeepWayToOrder(hasLines: boolean): void {
  useEffect(() => {
    if (hasLines) keepWayToOrder();
  }, [hasLines]);
}
