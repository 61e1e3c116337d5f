import type { CheckoutFormValues } from '../../domain/checkout-schema.ts';
import type { OrderFacts, PlaceOrderPayload, PlacedOrder } from '../../domain/place-order-contract.ts';
import { db, type OutboxRecord } from '../../lib/db.ts';
import type { OutboxStatus } from '../../lib/outbox/outbox.ts';

/** What the device keeps of one order: the full request (to send it again) and, once sent, the server's answer. */
export interface OutboxOrder extends OrderFacts {
  request: PlaceOrderPayload;
  /** Shown before the server numbers the order. */
  localNumber: string;
  /** Placed by a signed-in customer (it then also shows in their server history). */
  userPlaced: boolean;
  /** It waited in the outbox, so its payment was never started at checkout. */
  queuedOffline: boolean;
  order?: PlacedOrder;
  /**
   * Set while the order is 'failed' because its delivery date, window or
   * pickup hour was no longer free when it was sent: the server's reason and
   * its messages by field. Unlike other refusals the customer can mend it by
   * choosing another term (rescheduleOutboxEntry).
   */
  slotRefusal?: SlotRefusal;
}

export interface SlotRefusal {
  /** The server's Polish message naming the problem ('… brak miejsc'). */
  message: string;
  fields: Record<string, string>;
}

/** The checkout fields that book the order's term. */
export type DeliverySlot = Pick<CheckoutFormValues, 'deliveryDate' | 'deliveryWindow' | 'pickupTime'>;

export interface OutboxEntry extends OutboxOrder {
  clientRequestId: string;
  status: OutboxStatus;
  createdAt: string;
  attempts: number;
  lastError?: string;
  nextAttemptAt?: number;
}

/** 'L-1A2B3C4D': a number the customer can quote before the shop's KT number exists. */
export function localOrderNumber(clientRequestId: string): string {
  return `L-${clientRequestId.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}

function isOutboxOrder(value: unknown): value is OutboxOrder {
  if (typeof value !== 'object' || value === null) return false;
  const order = value as Partial<OutboxOrder>;
  return (
    typeof order.localNumber === 'string' &&
    typeof order.request === 'object' &&
    order.request !== null &&
    typeof order.request.checkout === 'object'
  );
}

export function toOutboxEntry(record: OutboxRecord): OutboxEntry | null {
  if (!isOutboxOrder(record.payload)) return null;
  const { nextAttemptAt } = record;
  return {
    ...record.payload,
    clientRequestId: record.clientRequestId,
    status: record.status,
    createdAt: record.createdAt,
    attempts: record.attempts,
    lastError: record.lastError,
    nextAttemptAt,
  };
}

export function toOutboxRecord(entry: OutboxEntry): OutboxRecord {
  const { clientRequestId, status, createdAt, attempts, lastError, nextAttemptAt, ...payload } = entry;
  return { clientRequestId, status, createdAt, attempts, lastError, nextAttemptAt, payload, orderNumber: payload.order?.orderNumber };
}

export async function putOutboxEntry(entry: OutboxEntry): Promise<void> {
  await db.outbox.put(toOutboxRecord(entry));
}

export async function readOutbox(): Promise<OutboxEntry[]> {
  const records = await db.outbox.toArray();
  return records.map(toOutboxEntry).filter((entry): entry is OutboxEntry => entry !== null);
}

export async function getOutboxEntry(clientRequestId: string): Promise<OutboxEntry | null> {
  const record = await db.outbox.get(clientRequestId);
  return record ? toOutboxEntry(record) : null;
}

/** Only an order the server never accepted may be withdrawn from the device. */
export async function cancelOutboxEntry(clientRequestId: string): Promise<boolean> {
  return db.transaction('rw', db.outbox, async () => {
    const record = await db.outbox.get(clientRequestId);
    if (!record || (record.status !== 'queued' && record.status !== 'failed')) return false;
    await db.outbox.delete(clientRequestId);
    return true;
  });
}

/**
 * Books another term for an order refused for its term and queues it again
 * for the sender, under the same clientRequestId. place-order keys orders by
 * it, and refuses a term before anything is written (or rolls the order back
 * with the place it could not reserve), so the server stored nothing under
 * the key: the next send is a first attempt, not a replay. (Were the first
 * attempt placed after all, its answer lost, place-order answers a known key
 * with that order instead of refusing its term.) The checkout's fingerprint rule (a new key for new content)
 * exists so that one key never names two different orders on the server;
 * that cannot happen to a key the server never stored. Keeping it keeps the
 * L- number the customer was shown, and a resend whose answer is lost is
 * still answered with the one order it made. False when the entry is gone or
 * no longer waits for a new term (sent or cancelled in another tab).
 */
export async function rescheduleOutboxEntry(clientRequestId: string, slot: DeliverySlot): Promise<boolean> {
  return db.transaction('rw', db.outbox, async () => {
    const record = await db.outbox.get(clientRequestId);
    const entry = record ? toOutboxEntry(record) : null;
    if (!entry || entry.status !== 'failed' || !entry.slotRefusal) return false;
    const checkout: CheckoutFormValues = { ...entry.request.checkout, ...slot };
    await putOutboxEntry({
      ...entry,
      status: 'queued',
      request: { ...entry.request, checkout },
      slotRefusal: undefined,
      lastError: undefined,
      nextAttemptAt: undefined,
    });
    return true;
  });
}

/** The device's record of an order by its shop number, if this device placed it. */
export async function findOutboxEntryByNumber(orderNumber: string): Promise<OutboxEntry | null> {
  const records = await db.outbox.filter((record) => record.orderNumber === orderNumber).toArray();
  return records[0] ? toOutboxEntry(records[0]) : null;
}

/** The entry of an order by the local number the customer was shown ('L-1A2B3C4D'). */
export async function findOutboxEntryByLocalNumber(localNumber: string): Promise<OutboxEntry | null> {
  const record = await db.outbox.filter((candidate) => localOrderNumber(candidate.clientRequestId) === localNumber).first();
  return record ? toOutboxEntry(record) : null;
}

/**
 * On logout: forgets the signed-in customer's orders the server already has
 * (their history lives there). Unsent orders stay queued, whoever placed
 * them; guests' orders stay listed on the device.
 */
export async function clearAccountOrders(): Promise<number> {
  return db.transaction('rw', db.outbox, async () => {
    const sent = await db.outbox.where('status').equals('sent').toArray();
    const keys = sent.filter((record) => toOutboxEntry(record)?.userPlaced === true).map((record) => record.clientRequestId);
    await db.outbox.bulkDelete(keys);
    return keys.length;
  });
}
