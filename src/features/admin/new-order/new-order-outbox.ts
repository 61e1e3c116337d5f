import type { InsertType } from 'dexie';
import { db, type OwnerOrderRecord } from '../../../lib/db.ts';
import { keepSending, sendOutboxRound, type Delivery, type Outbox } from '../../../lib/outbox/outbox.ts';
import { ownerSession, sendOwnerOrder } from './new-order-api.ts';

/**
 * Orders the owner entered without a connection, as an outbox of the one
 * design (lib/outbox, decision 024): a Dexie record per order under its
 * idempotency key, sent when the device is online again; a refusal is kept
 * with the server's reason until the owner has read it.
 */

export const OWNER_ORDERS_LOCK = 'kwiaciarnia-owner-orders-sender';

async function deliver(record: OwnerOrderRecord): Promise<Delivery<OwnerOrderRecord>> {
  const session = await ownerSession();
  // Only the owner who entered it sends it; signed out, it waits.
  if (!session || session.userId !== record.userId) return { kind: 'later' };
  const outcome = await sendOwnerOrder(record.payload);
  if (outcome.kind === 'placed') return { kind: 'sent', entry: { ...record, orderNumber: outcome.order.orderNumber } };
  if (outcome.kind === 'refused') return { kind: 'refused', reason: outcome.message };
  return { kind: 'later', offline: true, reason: 'Brak połączenia: zamówienie zostanie wysłane, gdy wróci internet.' };
}

const ownerOrdersOutbox: Outbox<OwnerOrderRecord, InsertType<OwnerOrderRecord, 'key'>> = {
  table: db.ownerOrders,
  key: (record) => record.key,
  lock: OWNER_ORDERS_LOCK,
  deliver,
};

/** Keeps the order on the device to be sent later, with the form as typed so a refused one can be corrected there. */
export async function queueOwnerOrder(key: string, userId: string, payload: unknown, draft: unknown): Promise<void> {
  await db.ownerOrders.put({ key, userId, payload, draft, status: 'queued', createdAt: new Date().toISOString(), attempts: 0 });
}

export function sendOwnerOrders(force = false) {
  return sendOutboxRound(ownerOrdersOutbox, { force });
}

/** Sends now, when back online and every minute while any back-office page is open. */
export function keepSendingOwnerOrders(): () => void {
  // A device without IndexedDB (private mode) cannot have queued anything: nothing to send, nothing to report.
  return keepSending((force) => void sendOwnerOrders(force).catch(() => undefined), 60_000);
}
