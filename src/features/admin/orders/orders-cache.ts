import type { FulfilmentState } from '../../../domain/florist-order.ts';
import type { OrderStatus } from '../../../domain/order-status.ts';
import { readOrderInvoice } from '../../../domain/invoice.ts';
import type { Grosz } from '../../../domain/money.ts';
import { toFloristDetails, type AdminOrder } from './order.ts';

/**
 * What the owner's device keeps so the installed admin app is readable
 * offline: the last loaded orders and product count (personal data: cleared
 * when the owner logs out) and when the owner last looked at new orders.
 * Changes waiting for a connection live in the outbox (change-outbox.ts);
 * older versions kept them here, under LEGACY_QUEUE_PREFIX.
 */
const PREFIX = 'kwiaciarnia.admin.';
const snapshotKey = (userId: string) => `${PREFIX}snapshot.${userId}`;
const LEGACY_QUEUE_PREFIX = `${PREFIX}statusQueue.`;
const seenKey = (userId: string) => `${PREFIX}lastSeen.${userId}`;

export interface AdminSnapshot {
  savedAt: string;
  orders: AdminOrder[];
  productCount: number;
  /** The 'Dostawy' settings rows, so the day view counts free places offline (absent in older copies). */
  deliverySettingRows?: { key: string; value: string | null }[];
}

interface QueuedChangeBase {
  orderId: string;
  number: string;
  /** The server's value the change was made from: it is sent only while the order still has it. */
  from: string;
  queuedAt: string;
}

export interface QueuedStatusChange extends QueuedChangeBase {
  field: 'status';
  to: OrderStatus;
  /** The owner's reason for a cancellation, sent with it. */
  reason?: string;
}

export interface QueuedFulfilmentChange extends QueuedChangeBase {
  field: 'fulfilment_state';
  to: FulfilmentState;
}

/** A change of an order waiting for a connection: its status or its fulfilment state, one of each per order at most. */
export type QueuedOrderChange = QueuedStatusChange | QueuedFulfilmentChange;

function read<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or blocked: the live data still shows.
  }
}

export function saveSnapshot(userId: string, snapshot: AdminSnapshot): void {
  write(snapshotKey(userId), snapshot);
}

export function loadSnapshot(userId: string): AdminSnapshot | null {
  const snapshot = read<AdminSnapshot>(snapshotKey(userId));
  if (!snapshot) return null;
  // Older copies may lack the florist part, the mails or the invoice:
  // read them as orders without. One from before the ledger reads as the migration recorded the past.
  const orders = snapshot.orders.map((order) => ({
    ...order,
    florist: order.florist ?? toFloristDetails({}),
    mails: order.mails ?? [],
    invoice: readOrderInvoice(order.invoice),
    amountPaid: order.amountPaid ?? paidBeforeLedger(order),
    amountRefunded: order.amountRefunded ?? (0 as Grosz),
    payments: order.payments ?? [],
    withdrawals: order.withdrawals ?? [],
  }));
  return { ...snapshot, orders };
}

/** The ledger migration's rule for orders paid before it: the gateway's COMPLETED, or the owner's 'completed'. */
function paidBeforeLedger(order: Pick<AdminOrder, 'total' | 'payuStatus' | 'status'>): Grosz {
  return order.total > 0 && (order.payuStatus === 'COMPLETED' || order.status === 'completed') ? order.total : (0 as Grosz);
}

/** The changes older versions queued in localStorage, by user: what the outbox takes over on first start. */
export function readLegacyQueues(): { userId: string; changes: QueuedOrderChange[] }[] {
  const queues: { userId: string; changes: QueuedOrderChange[] }[] = [];
  try {
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index);
      if (!key?.startsWith(LEGACY_QUEUE_PREFIX)) continue;
      const stored = read<(QueuedOrderChange | Omit<QueuedStatusChange, 'field'>)[]>(key);
      // Changes queued by still older versions carry no field: they were all status changes.
      const changes = Array.isArray(stored)
        ? stored.map((change) => ('field' in change ? change : { ...change, field: 'status' as const }))
        : [];
      queues.push({ userId: key.slice(LEGACY_QUEUE_PREFIX.length), changes });
    }
  } catch {
    // Storage blocked: nothing was kept there.
  }
  return queues;
}

export function dropLegacyQueue(userId: string): void {
  try {
    localStorage.removeItem(`${LEGACY_QUEUE_PREFIX}${userId}`);
  } catch {
    // Storage blocked: nothing to drop.
  }
}

export function loadLastSeen(userId: string): string | null {
  return read<string>(seenKey(userId));
}

export function saveLastSeen(userId: string, at: string): void {
  write(seenKey(userId), at);
}

/**
 * Removes the cached orders (customers' names, addresses, phones) of every
 * account but `keepUserId`; call it when the signed-in user changes or logs out.
 * Changes waiting in the outbox stay until they are sent or refused.
 */
export function clearAdminCache(keepUserId?: string | null): void {
  try {
    const doomed: string[] = [];
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index);
      if (key?.startsWith(`${PREFIX}snapshot.`) && key !== (keepUserId ? snapshotKey(keepUserId) : '')) doomed.push(key);
    }
    doomed.forEach((key) => localStorage.removeItem(key));
  } catch {
    // Storage blocked: nothing was cached.
  }
}
