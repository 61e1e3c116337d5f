import { FULFILMENT_STATE_LABELS, FULFILMENT_STATES, type FulfilmentState } from '../../../domain/florist-order.ts';
import { isOrderStatus, orderStatusLabel } from '../../../domain/order-status.ts';
import type { InsertType } from 'dexie';
import { db, type AdminChangeRecord } from '../../../lib/db.ts';
import { sendOutboxRound, withOutboxLock, type Delivery, type Outbox, type RoundSummary } from '../../../lib/outbox/outbox.ts';
import { fetchOrderField, updateOrder, type OrderChange } from './orders-api.ts';
import { dropLegacyQueue, readLegacyQueues, type QueuedOrderChange } from './orders-cache.ts';

/**
 * The owner's order changes made without a connection (an order's status or
 * its fulfilment state) as an outbox of the one design (lib/outbox): Dexie
 * records, one sender across tabs, retried when the device is online again,
 * and each refusal kept with its reason in Polish until the owner has read it.
 */

export const CHANGES_LOCK = 'kwiaciarnia-admin-changes-sender';

/** 'Opłacone' for a status, 'Gotowe' for a fulfilment state: the words the owner chose from. */
export function changeValueLabel(field: OrderChange['field'], value: string): string {
  return field === 'status' ? orderStatusLabel(value) : (FULFILMENT_STATE_LABELS[value as FulfilmentState] ?? value);
}

export type RefusalOutcome = 'conflict' | 'failed' | 'order-cancelled';

export function refusalReason(change: QueuedOrderChange, outcome: RefusalOutcome): string {
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

/** The key of the one waiting change of a user's order's field. */
export const changeKey = (userId: string, orderId: string, field: OrderChange['field']) => `${userId} ${orderId} ${field}`;

/** What is sent: a cancellation carries the owner's reason. */
export function orderChangeOf(change: QueuedOrderChange): OrderChange {
  return change.field === 'status' ? { field: 'status', to: change.to, reason: change.reason } : { field: change.field, to: change.to };
}

/** A stored change as this version reads it; null for a record it cannot (written by another version). */
export function toQueuedChange(record: AdminChangeRecord): QueuedOrderChange | null {
  const change = record.change as Partial<QueuedOrderChange> | null;
  if (typeof change !== 'object' || change === null) return null;
  if (typeof change.orderId !== 'string' || typeof change.number !== 'string' || typeof change.from !== 'string') return null;
  if (typeof change.queuedAt !== 'string') return null;
  if (change.field === 'status' && isOrderStatus(change.to)) return change as QueuedOrderChange;
  if (change.field === 'fulfilment_state' && (FULFILMENT_STATES as readonly unknown[]).includes(change.to))
    return change as QueuedOrderChange;
  return null;
}

export function changeRecord(
  userId: string,
  change: QueuedOrderChange,
  key = changeKey(userId, change.orderId, change.field),
): AdminChangeRecord {
  return { key, userId, status: 'queued', createdAt: change.queuedAt, attempts: 0, change };
}

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

const isWaiting = (record: AdminChangeRecord) => record.status === 'queued' || record.status === 'sending';

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

export interface UserChanges {
  /** Waiting to be sent, oldest first. */
  waiting: QueuedOrderChange[];
  /** Waiting or accepted but not yet in the orders read: what the list shows in place of the server's value. */
  applied: QueuedOrderChange[];
  refused: { change: QueuedOrderChange; reason: string }[];
}

export async function readChanges(userId: string): Promise<UserChanges> {
  const records = (await db.adminChanges.where('userId').equals(userId).toArray()).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const result: UserChanges = { waiting: [], applied: [], refused: [] };
  for (const record of records) {
    const change = toQueuedChange(record);
    if (!change) continue;
    if (isWaiting(record)) result.waiting.push(change);
    if (record.status !== 'failed') result.applied.push(change);
    else result.refused.push({ change, reason: record.lastError ?? refusalReason(change, 'failed') });
  }
  return result;
}
