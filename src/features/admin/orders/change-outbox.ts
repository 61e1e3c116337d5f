import { liveQuery, type InsertType } from 'dexie';
import { db, type AdminChangeRecord } from '../../../lib/db.ts';
import { sendOutboxRound, withOutboxLock, type Delivery, type Outbox, type RoundSummary } from '../../../lib/outbox/outbox.ts';
import { fetchOrderField, updateOrder, type OrderChange } from './orders-api.ts';
import { dropLegacyQueue, readLegacyQueues, type QueuedOrderChange } from './orders-cache.ts';
import {
  changeKey,
  changeRecord,
  isWaiting,
  orderChangeOf,
  readChanges,
  refusalReason,
  toQueuedChange,
  type RefusalOutcome,
  type UserChanges,
} from './change-records.ts';

/**
 * The owner's order changes made without a connection (an order's status or
 * its fulfilment state) as an outbox of the one design (lib/outbox): Dexie
 * records, one sender across tabs, retried when the device is online again,
 * and each refusal kept with its reason in Polish until the owner has read it.
 */

export const CHANGES_LOCK = 'kwiaciarnia-admin-changes-sender';

/**
 * Sends one change, only while the order still has the value it was made
 * from, so it never overwrites a newer one. Idempotent: when the order
 * already has the value the change sets (its first send got through but the
 * answer was lost), it counts as sent.
 */
async function deliverChange(record: AdminChangeRecord): Promise<Delivery<AdminChangeRecord>> {
  const change = toQueuedChange(record);
  if (!change) return { kind: 'later' };
  const result = await updateOrder(change.orderId, orderChangeOf(change), change.from);
  const sent = { kind: 'sent', entry: { ...record, sentAt: Date.now() } } as const;
  if (result.outcome === 'updated') return sent;
  if (result.outcome === 'unreachable') return { kind: 'later', offline: true };
  if (result.outcome === 'conflict' && (await fetchOrderField(change.orderId, change.field)) === change.to) return sent;
  return { kind: 'refused', reason: refusalReason(change, result.outcome) };
}

/**
 * The owner changed the same field again while the first change was out:
 * the newer one is now made from what the server has (the first change's
 * value once it was sent). Going back to that value leaves nothing to send.
 */
function rebaseChange(newer: AdminChangeRecord, settled: AdminChangeRecord): AdminChangeRecord | null {
  const change = toQueuedChange(newer);
  const first = toQueuedChange(settled);
  if (!change || !first) return newer;
  const from = settled.status === 'sent' ? first.to : change.from;
  return change.to === from ? null : { ...newer, change: { ...change, from } };
}

const changesOutbox: Outbox<AdminChangeRecord, InsertType<AdminChangeRecord, 'key'>> = {
  table: db.adminChanges,
  key: (record) => record.key,
  lock: CHANGES_LOCK,
  deliver: deliverChange,
  rebase: rebaseChange,
};

/**
 * Moves changes queued by versions that kept them in localStorage into the
 * outbox, once: under the outbox's lock, so two tabs starting together move
 * them once and no round sends them meanwhile. A change already in the
 * outbox for the same order and field is newer and stays.
 */
export async function migrateLegacyQueues(): Promise<void> {
  const legacy = readLegacyQueues();
  if (legacy.length === 0) return;
  await withOutboxLock(changesOutbox, async () => {
    for (const { userId, changes } of readLegacyQueues()) {
      await db.transaction('rw', db.adminChanges, async () => {
        for (const change of changes) {
          const record = changeRecord(userId, change);
          if (!(await db.adminChanges.get(record.key))) await db.adminChanges.add(record);
        }
      });
      dropLegacyQueue(userId);
    }
  });
}

/** Sends the user's due changes, after moving any an older version left in localStorage. */
export async function sendChanges(userId: string, force: boolean): Promise<RoundSummary<AdminChangeRecord>> {
  await migrateLegacyQueues().catch(() => undefined);
  // Each owner's changes go with their own session.
  return sendOutboxRound(changesOutbox, { force, skip: (record) => record.userId !== userId });
}

/** A refusal keeps its own key, so a new change of the same field does not take its notice away. */
const refusalKey = (key: string, createdAt: string) => `${key} ${createdAt}`;

/**
 * Queues `change` of an order whose field has `serverValue` on the server as
 * the owner last saw it. A change already waiting for the field is replaced,
 * keeping the value it was made from; going back to that value drops it.
 */
export async function enqueueChange(
  userId: string,
  order: { id: string; number: string },
  change: OrderChange,
  serverValue: string,
): Promise<void> {
  const key = changeKey(userId, order.id, change.field);
  await db.transaction('rw', db.adminChanges, async () => {
    const existing = await db.adminChanges.get(key);
    const previous = existing ? toQueuedChange(existing) : null;
    if (existing?.status === 'failed') await db.adminChanges.put({ ...existing, key: refusalKey(key, existing.createdAt) });
    const from = (existing && isWaiting(existing) ? previous?.from : existing?.status === 'sent' ? previous?.to : undefined) ?? serverValue;
    // One on its way is replaced all the same: when its answer comes, the outbox rebases this one on it.
    if (from === change.to && existing?.status !== 'sending') {
      await db.adminChanges.delete(key);
      return;
    }
    const base = { orderId: order.id, number: order.number, from, queuedAt: new Date().toISOString() };
    const queued: QueuedOrderChange =
      change.field === 'status'
        ? { ...base, field: 'status', to: change.to, ...(change.reason ? { reason: change.reason } : {}) }
        : { ...base, field: 'fulfilment_state', to: change.to };
    await db.adminChanges.put(changeRecord(userId, queued, key));
  });
}

/** Whether a change of this order's field waits, so a new one must queue behind it. */
export async function isChangeWaiting(userId: string, orderId: string, field: OrderChange['field']): Promise<boolean> {
  const record = await db.adminChanges.get(changeKey(userId, orderId, field));
  return record !== undefined && isWaiting(record);
}

/** Keeps a refusal of a change sent at once (the list it was made from was stale) with the others. */
export async function recordRefusal(userId: string, change: QueuedOrderChange, outcome: RefusalOutcome): Promise<void> {
  const key = refusalKey(changeKey(userId, change.orderId, change.field), change.queuedAt);
  await db.adminChanges.put({
    ...changeRecord(userId, change, key),
    status: 'failed',
    attempts: 1,
    lastError: refusalReason(change, outcome),
  });
}

/** The owner has read the refusals. */
export async function dismissRefusals(userId: string): Promise<void> {
  await db.adminChanges
    .where('userId')
    .equals(userId)
    .and((record) => record.status === 'failed')
    .delete();
}

/** Orders read from the server since `before` include the changes sent before it: they need showing no more. */
export async function forgetSentBefore(userId: string, before: number): Promise<void> {
  await db.adminChanges
    .where('userId')
    .equals(userId)
    .and((record) => record.status === 'sent' && (record.sentAt ?? 0) < before)
    .delete();
}

/** Calls `onChange` with the user's changes now and whenever any tab changes them; returns the stop. */
export function watchChanges(userId: string, onChange: (changes: UserChanges) => void): () => void {
  const subscription = liveQuery(() => readChanges(db, userId)).subscribe({
    next: onChange,
    error: (error: unknown) => console.warn('[admin] The waiting changes could not be read', error),
  });
  return () => subscription.unsubscribe();
}
