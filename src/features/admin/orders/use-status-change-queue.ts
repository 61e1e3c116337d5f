import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { keepSending } from '../../../lib/outbox/outbox.ts';
import type { OrderChange } from './orders-api.ts';
import type { QueuedOrderChange } from './orders-cache.ts';
import type { AdminOrder } from './order.ts';
import { changeValueLabel, orderChangeOf, toQueuedChange, type RefusalOutcome, type UserChanges } from './change-records.ts';

/** The outbox's code and Dexie load after the back office's first paint, not with it. */
const changeOutbox = () => import('./change-outbox.ts');

export interface RefusedChange {
  change: QueuedOrderChange;
  reason: string;
}

export interface StatusChangeQueue {
  /** Waiting to be sent. */
  queued: QueuedOrderChange[];
  /** Waiting, or accepted but not yet in the orders read: shown in place of the server's value. */
  applied: QueuedOrderChange[];
  refused: RefusedChange[];
  /** Whether a change of this order's field already waits, so a new one must queue behind it. */
  isQueued: (orderId: string, field: OrderChange['field']) => Promise<boolean>;
  /** Queues `change` of `order` (carrying the server's values); going back to where it started drops the change. */
  enqueue: (order: AdminOrder, change: OrderChange) => Promise<void>;
  /** Sends what is due (everything, `force`: the server has just answered). */
  flush: (force?: boolean) => Promise<void>;
  /** Shows a change the server refused though it was sent at once (the list it was made from was stale). */
  reportRefused: (change: QueuedOrderChange, outcome: RefusalOutcome) => void;
  dismissRefused: () => void;
  /** Orders were read from the server, asked at `startedAt`: changes accepted before it are in them. */
  ordersRead: (startedAt: number) => void;
}

/** The order's current (server) value of the changed field. */
export function fieldValue(order: AdminOrder, field: OrderChange['field']): string {
  return field === 'status' ? order.status : order.florist.fulfilmentState;
}

/** One line per waiting change, for the notices: 'Zamówienie KT1: Opłacone' or 'Zamówienie KT1 – realizacja: Gotowe'. */
export function describeQueuedChange(change: QueuedOrderChange): string {
  const what = change.field === 'status' ? '' : ' – realizacja';
  return `Zamówienie ${change.number}${what}: ${changeValueLabel(change.field, change.to)}`;
}

const NONE: UserChanges = { waiting: [], applied: [], refused: [] };
const RETRY_POLL_MS = 15_000;

/**
 * Changes the owner made without a connection — an order's status or its
 * fulfilment state: kept in the device's outbox per user, sent when the
 * device is online again (one tab at a time), and — when the server refuses
 * one (the order changed meanwhile, or the change is not allowed) — shown
 * with the reason instead of disappearing, until the owner dismisses it.
 * `applyServerValue` records a value the server has accepted.
 */
export function useStatusChangeQueue(userId: string, applyServerValue: (orderId: string, change: OrderChange) => void): StatusChangeQueue {
  const [changes, setChanges] = useState<UserChanges>(NONE);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let active = true;
    void changeOutbox().then((outbox) => {
      if (active) stop = outbox.watchChanges(userId, setChanges);
    });
    return () => {
      active = false;
      stop?.();
    };
  }, [userId]);
  // The latest callback without restarting the sender each render.
  const apply = useRef(applyServerValue);
  useEffect(() => {
    apply.current = applyServerValue;
  }, [applyServerValue]);

  const flush = useCallback(
    async (force = false) => {
      if (!navigator.onLine) return;
      const round = await (await changeOutbox()).sendChanges(userId, force);
      for (const record of round.settled) {
        const change = record.status === 'sent' ? toQueuedChange(record) : null;
        if (change) apply.current(change.orderId, orderChangeOf(change));
      }
    },
    [userId],
  );

  useEffect(() => keepSending((force) => void flush(force).catch(() => undefined), RETRY_POLL_MS), [flush]);

  const enqueue = useCallback(
    async (order: AdminOrder, change: OrderChange) =>
      (await changeOutbox()).enqueueChange(userId, order, change, fieldValue(order, change.field)),
    [userId],
  );
  const isQueued = useCallback(
    async (orderId: string, field: OrderChange['field']) => (await changeOutbox()).isChangeWaiting(userId, orderId, field),
    [userId],
  );
  const reportRefused = useCallback(
    (change: QueuedOrderChange, outcome: RefusalOutcome) =>
      void changeOutbox().then((outbox) => outbox.recordRefusal(userId, change, outcome)),
    [userId],
  );
  const dismissRefused = useCallback(() => void changeOutbox().then((outbox) => outbox.dismissRefusals(userId)), [userId]);
  const ordersRead = useCallback(
    (startedAt: number) => void changeOutbox().then((outbox) => outbox.forgetSentBefore(userId, startedAt)),
    [userId],
  );

  return useMemo(
    () => ({
      queued: changes.waiting,
      applied: changes.applied,
      refused: changes.refused,
      isQueued,
      enqueue,
      flush,
      reportRefused,
      dismissRefused,
      ordersRead,
    }),
    [changes, isQueued, enqueue, flush, reportRefused, dismissRefused, ordersRead],
  );
}
