import { useCallback, useRef, useState } from 'react';
import { orderStatusLabel, type OrderStatus } from '../../domain/order-status.ts';
import { updateOrderStatus } from './admin-api.ts';
import { loadQueue, saveQueue, type QueuedStatusChange } from './admin-cache.ts';
import type { AdminOrder } from './admin-order.ts';

export interface RefusedChange {
  change: QueuedStatusChange;
  reason: string;
}

export interface StatusChangeQueue {
  queued: QueuedStatusChange[];
  refused: RefusedChange[];
  /** Whether a change of this order already waits, so a new one must queue behind it. */
  isQueued: (orderId: string) => boolean;
  /** Queues `order` (carrying the server's status) to go to `to`; going back to where it started drops the change. */
  enqueue: (order: AdminOrder, to: OrderStatus) => void;
  /** Sends what waits, in order, while the server answers; stops at the first unreachable send. */
  flush: () => Promise<void>;
  dismissRefused: () => void;
}

/**
 * Status changes the owner made without a connection: kept on the device per
 * user, sent when the device is online again, and — when the server refuses
 * one (the order changed meanwhile, or the change is not allowed) — shown
 * with the reason instead of disappearing.
 * `applyServerStatus` records a status the server has accepted.
 */
export function useStatusChangeQueue(userId: string, applyServerStatus: (orderId: string, status: string) => void): StatusChangeQueue {
  const [queued, setQueued] = useState<QueuedStatusChange[]>(() => loadQueue(userId));
  const [refused, setRefused] = useState<RefusedChange[]>([]);
  const flushing = useRef(false);
  // The queue as of now: a flush runs across awaits, when the state it closed over is stale.
  const queueRef = useRef(queued);

  const setQueue = useCallback(
    (next: QueuedStatusChange[]) => {
      queueRef.current = next;
      saveQueue(userId, next);
      setQueued(next);
    },
    [userId],
  );

  const flush = useCallback(async () => {
    if (flushing.current || queueRef.current.length === 0 || !navigator.onLine) return;
    flushing.current = true;
    try {
      for (const change of [...queueRef.current]) {
        const result = await updateOrderStatus(change.orderId, change.to, change.from);
        if (result.outcome === 'unreachable') break;
        setQueue(queueRef.current.filter((item) => item.orderId !== change.orderId));
        if (result.outcome === 'updated') {
          applyServerStatus(change.orderId, change.to);
          continue;
        }
        const reason =
          result.outcome === 'conflict'
            ? `Zmiana statusu zamówienia ${change.number} na „${orderStatusLabel(change.to)}” nie została wysłana: zamówienie zmieniło się w międzyczasie (nie ma już statusu „${orderStatusLabel(change.from)}”). Sprawdź je i zmień status ponownie.`
            : `Serwer odrzucił zmianę statusu zamówienia ${change.number} na „${orderStatusLabel(change.to)}”. Spróbuj ponownie.`;
        setRefused((current) => [...current, { change, reason }]);
      }
    } finally {
      flushing.current = false;
    }
  }, [applyServerStatus, setQueue]);

  const enqueue = useCallback(
    (order: AdminOrder, to: OrderStatus) => {
      const existing = queueRef.current.find((item) => item.orderId === order.id);
      const from = existing?.from ?? order.status;
      const rest = queueRef.current.filter((item) => item.orderId !== order.id);
      setQueue(from === to ? rest : [...rest, { orderId: order.id, number: order.number, from, to, queuedAt: new Date().toISOString() }]);
    },
    [setQueue],
  );

  const isQueued = useCallback((orderId: string) => queueRef.current.some((item) => item.orderId === orderId), []);
  const dismissRefused = useCallback(() => setRefused([]), []);

  return { queued, refused, isQueued, enqueue, flush, dismissRefused };
}
