import { useCallback, useRef, useState } from 'react';
import { FULFILMENT_STATE_LABELS, type FulfilmentState } from '../../../domain/florist-order.ts';
import { orderStatusLabel } from '../../../domain/order-status.ts';
import { updateOrder, type OrderChange } from './orders-api.ts';
import { loadQueue, saveQueue, type QueuedOrderChange } from './orders-cache.ts';
import type { AdminOrder } from './order.ts';

export interface RefusedChange {
  change: QueuedOrderChange;
  reason: string;
}

export interface StatusChangeQueue {
  queued: QueuedOrderChange[];
  refused: RefusedChange[];
  /** Whether a change of this order's field already waits, so a new one must queue behind it. */
  isQueued: (orderId: string, field?: OrderChange['field']) => boolean;
  /** Queues `change` of `order` (carrying the server's values); going back to where it started drops the change. */
  enqueue: (order: AdminOrder, change: OrderChange) => void;
  /** Sends what waits, in order, while the server answers; stops at the first unreachable send. */
  flush: () => Promise<void>;
  /** Shows a change the server refused though it was sent at once (the list it was made from was stale). */
  reportRefused: (change: QueuedOrderChange, outcome: RefusalOutcome) => void;
  dismissRefused: () => void;
}

/** The order's current (server) value of the changed field. */
export function fieldValue(order: AdminOrder, field: OrderChange['field']): string {
  return field === 'status' ? order.status : order.florist.fulfilmentState;
}

/** 'Opłacone' for a status, 'Gotowe' for a fulfilment state: the words the owner chose from. */
export function changeValueLabel(field: OrderChange['field'], value: string): string {
  return field === 'status' ? orderStatusLabel(value) : (FULFILMENT_STATE_LABELS[value as FulfilmentState] ?? value);
}

/** One line per waiting change, for the notices: 'Zamówienie KT1: Opłacone' or 'Zamówienie KT1 – realizacja: Gotowe'. */
export function describeQueuedChange(change: QueuedOrderChange): string {
  const what = change.field === 'status' ? '' : ' – realizacja';
  return `Zamówienie ${change.number}${what}: ${changeValueLabel(change.field, change.to)}`;
}

type RefusalOutcome = 'conflict' | 'failed' | 'order-cancelled';

function refusalReason(change: QueuedOrderChange, outcome: RefusalOutcome): string {
  const to = changeValueLabel(change.field, change.to);
  if (outcome === 'order-cancelled')
    return `Nie zmieniono stanu realizacji zamówienia ${change.number} na „${to}”: zamówienie jest anulowane.`;
  const from = changeValueLabel(change.field, change.from);
  const what = change.field === 'status' ? 'statusu' : 'stanu realizacji';
  const had = change.field === 'status' ? 'statusu' : 'stanu';
  return outcome === 'conflict'
    ? `Zmiana ${what} zamówienia ${change.number} na „${to}” nie została wysłana: zamówienie zmieniło się w międzyczasie (nie ma już ${had} „${from}”). Sprawdź je i zmień ${change.field === 'status' ? 'status' : 'stan'} ponownie.`
    : `Serwer odrzucił zmianę ${what} zamówienia ${change.number} na „${to}”. Spróbuj ponownie.`;
}

const sameSlot = (item: QueuedOrderChange, orderId: string, field: OrderChange['field']) =>
  item.orderId === orderId && item.field === field;

/**
 * Changes the owner made without a connection — an order's status or its
 * fulfilment state: kept on the device per user, sent when the device is
 * online again, and — when the server refuses one (the order changed
 * meanwhile, or the change is not allowed) — shown with the reason instead
 * of disappearing. `applyServerValue` records a value the server has accepted.
 */
export function useStatusChangeQueue(userId: string, applyServerValue: (orderId: string, change: OrderChange) => void): StatusChangeQueue {
  const [queued, setQueued] = useState<QueuedOrderChange[]>(() => loadQueue(userId));
  const [refused, setRefused] = useState<RefusedChange[]>([]);
  const flushing = useRef(false);
  // The queue as of now: a flush runs across awaits, when the state it closed over is stale.
  const queueRef = useRef(queued);

  const setQueue = useCallback(
    (next: QueuedOrderChange[]) => {
      queueRef.current = next;
      saveQueue(userId, next);
      setQueued(next);
    },
    [userId],
  );

  const reportRefused = useCallback(
    (change: QueuedOrderChange, outcome: RefusalOutcome) =>
      setRefused((current) => [...current, { change, reason: refusalReason(change, outcome) }]),
    [],
  );

  const flush = useCallback(async () => {
    if (flushing.current || queueRef.current.length === 0 || !navigator.onLine) return;
    flushing.current = true;
    try {
      for (const change of [...queueRef.current]) {
        const sent: OrderChange =
          change.field === 'status' ? { field: 'status', to: change.to, reason: change.reason } : { field: change.field, to: change.to };
        const result = await updateOrder(change.orderId, sent, change.from);
        if (result.outcome === 'unreachable') break;
        setQueue(queueRef.current.filter((item) => !sameSlot(item, change.orderId, change.field)));
        if (result.outcome === 'updated') {
          applyServerValue(change.orderId, sent);
          continue;
        }
        reportRefused(change, result.outcome);
      }
    } finally {
      flushing.current = false;
    }
  }, [applyServerValue, reportRefused, setQueue]);

  const enqueue = useCallback(
    (order: AdminOrder, change: OrderChange) => {
      const existing = queueRef.current.find((item) => sameSlot(item, order.id, change.field));
      const from = existing?.from ?? fieldValue(order, change.field);
      const rest = queueRef.current.filter((item) => !sameSlot(item, order.id, change.field));
      const base = { orderId: order.id, number: order.number, from, queuedAt: new Date().toISOString() };
      const item: QueuedOrderChange =
        change.field === 'status'
          ? { ...base, field: 'status', to: change.to, ...(change.reason ? { reason: change.reason } : {}) }
          : { ...base, field: 'fulfilment_state', to: change.to };
      setQueue(from === change.to ? rest : [...rest, item]);
    },
    [setQueue],
  );

  const isQueued = useCallback(
    (orderId: string, field: OrderChange['field'] = 'status') => queueRef.current.some((item) => sameSlot(item, orderId, field)),
    [],
  );
  const dismissRefused = useCallback(() => setRefused([]), []);

  return { queued, refused, isQueued, enqueue, flush, reportRefused, dismissRefused };
}
