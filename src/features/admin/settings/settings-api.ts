import type { Supabase } from '../../../lib/supabase.ts';
import {
  DELIVERY_SETTING_KEYS,
  deliverySettingsFromRows,
  deliverySettingsToValues,
  parseDeliverySettings,
  type DeliverySettingKey,
} from '../../../domain/delivery-settings.ts';
import { settingsFromRows, settingsToRows, type SettingsValues } from '../../../domain/settings.ts';
import { getSupabase } from '../../../lib/supabase.ts';

/** docs/spec.md §7 Read settings: select key, value from app_settings (the owner reads the secret ones too). */
/** The app's client unless a caller (an integration test) brings its own signed-in one. */
function client(given?: Supabase): Promise<Supabase> {
  return given ? Promise.resolve(given) : getSupabase();
}

export async function loadSettings(given?: Supabase): Promise<SettingsValues> {
  const supabase = await client(given);
  const { data, error } = await supabase.from('app_settings').select('key, value');
  if (error) throw new Error(error.message);
  return settingsFromRows(data ?? []);
}

/** docs/spec.md §7 Save settings: upsert {key, value} with conflict on key; a blank value is sent as ''. */
export async function saveSettings(values: SettingsValues, given?: Supabase): Promise<void> {
  const supabase = await client(given);
  const { error } = await supabase.from('app_settings').upsert(settingsToRows(values), { onConflict: 'key' });
  if (error) throw new Error(error.message);
}

export type DeliverySettingValues = Record<DeliverySettingKey, string>;

/** The 'Dostawy' section's texts: a key never saved shows its default. */
export async function loadDeliverySettingValues(given?: Supabase): Promise<DeliverySettingValues> {
  const supabase = await client(given);
  const { data, error } = await supabase
    .from('app_settings')
    .select('key, value')
    .in('key', [...DELIVERY_SETTING_KEYS]);
  if (error) throw new Error(error.message);
  return deliverySettingsToValues(deliverySettingsFromRows(data ?? []));
}

/**
 * Saves every 'Dostawy' key in one upsert, in the canonical spelling (so
 * '9:00-12:00' is stored as '9:00–12:00'); returns what was stored. The
 * caller has validated the values with validateDeliverySettings.
 */
export async function saveDeliverySettingValues(values: DeliverySettingValues, given?: Supabase): Promise<DeliverySettingValues> {
  const canonical = deliverySettingsToValues(parseDeliverySettings(values));
  const supabase = await client(given);
  const rows = DELIVERY_SETTING_KEYS.map((key) => ({ key, value: canonical[key] }));
  const { error } = await supabase.from('app_settings').upsert(rows, { onConflict: 'key' });
  if (error) throw new Error(error.message);
  return canonical;
}

export interface PendingOrder {
  id: string;
  orderNumber: string;
  total: number;
  customerName: string;
}

/** The latest orders still waiting for payment, for the payment test's order choice. */
export async function listPendingOrders(): Promise<PendingOrder[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('orders')
    .select('id, payu_order_id, total, customer_name')
    .eq('status', 'pending')
    .order('created_at', { ascending: false })
    .limit(50);
  if (error) throw new Error(error.message);
  return (data ?? []).map((row) => ({
    id: row.id,
    orderNumber: row.payu_order_id,
    total: Number(row.total),
    customerName: row.customer_name,
  }));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The order's id for what the owner typed: an id as is, an order number (KT…) looked up. Null if unknown. */
export async function resolveOrderId(typed: string): Promise<string | null> {
  const value = typed.trim();
  if (UUID.test(value)) return value;
  if (value === '') return null;
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('orders').select('id').eq('payu_order_id', value.toUpperCase()).maybeSingle();
  if (error) throw new Error(error.message);
  return data?.id ?? null;
}
