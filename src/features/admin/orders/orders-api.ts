import type { FulfilmentState } from '../../../domain/florist-order.ts';
import type { OrderStatus } from '../../../domain/order-status.ts';
import { DELIVERY_AVAILABILITY_FUNCTION } from '../../../domain/delivery-availability-contract.ts';
import { DELIVERY_SETTING_KEYS } from '../../../domain/delivery-settings.ts';
import { TRANSFER_PAYMENT_DAYS_SETTING } from '../../../domain/payment-deadlines.ts';
import { callFunction } from '../../../lib/functions-client.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import type { Update } from '../../../domain/database.ts';
import { ADMIN_ORDER_SELECT, toAdminOrder, type AdminOrder } from './order.ts';

/** docs/spec.md §7 'Admin orders': all orders with items and products, newest first (the owner's RLS shows all). */
export async function fetchAdminOrders(): Promise<AdminOrder[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('orders').select(ADMIN_ORDER_SELECT).order('created_at', { ascending: false });
  if (error) throw error;
  return data.map(toAdminOrder);
}

/** docs/spec.md §7: product ids, for the product count. */
/**
 * The settings the day's work reads, offline too: the 'Dostawy' rows (free
 * places and windows) and the days a transfer order waits for its money.
 */
export async function fetchDeliverySettingRows(): Promise<{ key: string; value: string | null }[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('app_settings')
    .select('key, value')
    .in('key', [...DELIVERY_SETTING_KEYS, TRANSFER_PAYMENT_DAYS_SETTING]);
  if (error) throw error;
  return data;
}

/**
 * The server's clock, as the delivery-availability function's `generatedAt`:
 * the shop's 'today' must not follow a wrong device clock. Null when the
 * function cannot be reached (offline: the device's clock is then all there is).
 */
export async function fetchServerClock(): Promise<number | null> {
  try {
    const answer = await callFunction(DELIVERY_AVAILABILITY_FUNCTION, {}, { timeoutMs: 10_000 });
    const generatedAt =
      answer.ok && typeof answer.body === 'object' && answer.body !== null ? (answer.body as { generatedAt?: unknown }).generatedAt : null;
    const instant = typeof generatedAt === 'string' ? Date.parse(generatedAt) : NaN;
    return Number.isFinite(instant) ? instant : null;
  } catch {
    return null;
  }
}

export async function fetchProductCount(): Promise<number> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('products').select('id');
  if (error) throw error;
  return data.length;
}

export type StatusUpdateResult =
  | { outcome: 'updated' }
  /** The order no longer has the status the change was made from (someone else changed it), or is gone. */
  | { outcome: 'conflict' }
  /** The server could not be reached: worth trying again later. */
  | { outcome: 'unreachable' }
  /** The order is cancelled: the database moves its fulfilment no more (fulfilmentCanChange). */
  | { outcome: 'order-cancelled' }
  | { outcome: 'failed'; message: string };

/** The two things the owner changes on an order: its status (payment, docs/spec.md) and its fulfilment state. */
export type OrderChange =
  /** `reason`: the owner's words for the 'Anulowane' mail, sent with a cancellation only. */
  { field: 'status'; to: OrderStatus; reason?: string } | { field: 'fulfilment_state'; to: FulfilmentState };

/**
 * docs/spec.md §7 'Change status': update orders set status (or the
 * fulfilment state) by id. With `from`, only while the order still has that
 * value, so a change queued offline never overwrites a newer one.
 */
/** The columns a change writes: a cancellation also records (or clears) the owner's reason. */
function orderUpdate(change: OrderChange): Update<'orders'> {
  if (change.field === 'fulfilment_state') return { fulfilment_state: change.to };
  if (change.to !== 'cancelled') return { status: change.to };
  return { status: change.to, cancel_reason: change.reason?.trim() || null };
}

export async function updateOrder(id: string, change: OrderChange, from?: string): Promise<StatusUpdateResult> {
  let supabase;
  try {
    supabase = await getSupabase();
  } catch {
    return { outcome: 'unreachable' };
  }
  let query = supabase.from('orders').update(orderUpdate(change)).eq('id', id);
  if (from !== undefined) query = query.eq(change.field, from);
  const { data, error, status } = await query.select('id');
  // postgrest-js answers a failed fetch with status 0.
  if (error && status === 0) return { outcome: 'unreachable' };
  if (error?.hint === 'order_cancelled') return { outcome: 'order-cancelled' };
  if (error) return { outcome: 'failed', message: error.message };
  // RLS hides rows the caller may not update: no row changed.
  if (!data || data.length === 0) return { outcome: 'conflict' };
  return { outcome: 'updated' };
}

/** The order's current value of `field`; null when it cannot be read (gone, hidden, or the server out of reach). */
export async function fetchOrderField(id: string, field: OrderChange['field']): Promise<string | null> {
  try {
    const supabase = await getSupabase();
    const { data, error } = await supabase.from('orders').select(`id, ${field}`).eq('id', id);
    if (error) return null;
    const row = (data as unknown as Record<string, unknown>[]).find((candidate) => candidate.id === id);
    const value = row?.[field];
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}
