import type { AdminClient } from './supabase-clients.ts';
import type { BookedCount } from '../../src/domain/delivery-calendar.ts';
import { DELIVERY_SETTING_KEYS, deliverySettingsFromRows, type DeliverySettings } from '../../src/domain/delivery-settings.ts';

/**
 * What the delivery calendar needs from the database, read with the service
 * role: the 'Dostawy' settings (a key without a row reads as its default)
 * and the places already booked per date and window. place-order and
 * delivery-availability read them the same way, so the picker and the check
 * of the chosen slot agree.
 */

export async function loadDeliverySettings(admin: AdminClient): Promise<DeliverySettings> {
  const { data, error } = await admin
    .from('app_settings')
    .select('key, value')
    .in('key', [...DELIVERY_SETTING_KEYS]);
  if (error) throw new Error(`loading the delivery settings failed: ${error.message}`);
  return deliverySettingsFromRows(data);
}

/** Non-cancelled home and cemetery orders per date and window, `from` to `to` included (SQL delivery_booked_counts). */
export async function loadBookedCounts(admin: AdminClient, from: string, to: string): Promise<BookedCount[]> {
  const { data, error } = await admin.rpc('delivery_booked_counts', { p_from: from, p_to: to });
  if (error) throw new Error(`loading the booked delivery places failed: ${error.message}`);
  return data.map((row) => ({
    date: row.day,
    windowId: row.window_id,
    count: row.booked,
  }));
}
