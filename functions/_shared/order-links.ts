import type { AdminClient } from './supabase-clients.ts';
import { ORDER_LINK_DAYS_SETTING, oldestValidLinkMinted, orderLinkDays } from '../../src/domain/order-links.ts';

/** The owner's link lifetime in days (app_settings.order_link_days; blank or invalid → the default). */
export async function loadOrderLinkDays(admin: AdminClient): Promise<number> {
  const { data, error } = await admin.from('app_settings').select('value').eq('key', ORDER_LINK_DAYS_SETTING).maybeSingle();
  if (error) throw new Error(`loading ${ORDER_LINK_DAYS_SETTING} failed: ${error.message}`);
  return orderLinkDays(data?.value);
}

/** Whether this token hash is one of the order's links and still within the lifetime (revoked links are deleted rows). */
export async function hasValidLinkToken(admin: AdminClient, orderId: string, tokenHash: string, now: number): Promise<boolean> {
  const oldest = oldestValidLinkMinted(await loadOrderLinkDays(admin), now);
  const { data, error } = await admin
    .from('order_link_tokens')
    .select('order_id')
    .eq('order_id', orderId)
    .eq('token_hash', tokenHash)
    .gte('created_at', oldest)
    .limit(1);
  if (error) throw new Error(`checking the link token failed: ${error.message}`);
  return (data ?? []).length > 0;
}
