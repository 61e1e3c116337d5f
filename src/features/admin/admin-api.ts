import type { OrderStatus } from '../../domain/order-status.ts';
import { getSupabase } from '../../lib/supabase.ts';
import { toAdminOrder, type AdminOrder, type OrderRow } from './admin-order.ts';

/** docs/spec.md §7 'Admin orders': all orders with items and products, newest first (the owner's RLS shows all). */
export async function fetchAdminOrders(): Promise<AdminOrder[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('orders')
    .select('*, order_items(*, products(name))')
    .order('created_at', { ascending: false });
  if (error) throw error;
  return (data as OrderRow[]).map(toAdminOrder);
}

/** docs/spec.md §7: product ids, for the product count. */
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
  | { outcome: 'failed'; message: string };

/**
 * docs/spec.md §7 'Change status': update orders set status by id. With `from`, only
 * while the order still has that status, so a change queued offline never
 * overwrites a newer one.
 */
export async function updateOrderStatus(id: string, to: OrderStatus, from?: string): Promise<StatusUpdateResult> {
  let supabase;
  try {
    supabase = await getSupabase();
  } catch {
    return { outcome: 'unreachable' };
  }
  let query = supabase.from('orders').update({ status: to }).eq('id', id);
  if (from !== undefined) query = query.eq('status', from);
  const { data, error, status } = await query.select('id');
  // postgrest-js answers a failed fetch with status 0.
  if (error && status === 0) return { outcome: 'unreachable' };
  if (error) return { outcome: 'failed', message: error.message };
  // RLS hides rows the caller may not update: no row changed.
  if (!data || data.length === 0) return { outcome: 'conflict' };
  return { outcome: 'updated' };
}
