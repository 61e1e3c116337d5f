import { FULFILMENT_STATE_LABELS, FULFILMENT_STATES, type FulfilmentState } from '../../../domain/florist-order.ts';
import { isOrderStatus, orderStatusLabel } from '../../../domain/order-status.ts';
import type { AdminChangeRecord, KwiaciarniaDb } from '../../../lib/db.ts';
import type { OrderChange } from './orders-api.ts';
import type { QueuedOrderChange } from './orders-cache.ts';

/**
 * The owner's changes as the outbox stores them (change-outbox.ts sends
 * them), and their words for the notices. Loads no database code.
 */

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

export const isWaiting = (record: AdminChangeRecord) => record.status === 'queued' || record.status === 'sending';

export interface UserChanges {
  /** Waiting to be sent, oldest first. */
  waiting: QueuedOrderChange[];
  /** Waiting or accepted but not yet in the orders read: what the list shows in place of the server's value. */
  applied: QueuedOrderChange[];
  refused: { change: QueuedOrderChange; reason: string }[];
}

/** The user's changes as the back office shows them; `db` is handed in, so the page can load Dexie after its first paint. */
export async function readChanges(db: KwiaciarniaDb, userId: string): Promise<UserChanges> {
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
