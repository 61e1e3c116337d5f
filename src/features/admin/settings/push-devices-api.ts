import { bodyField, callFunction } from '../../../lib/functions-client.ts';
import { getSupabase } from '../../../lib/supabase.ts';

/** A failure the owner may read as it is: Polish, saying what to do (the browser's and the client's own errors are neither). */
export class PushDeviceError extends Error {}

/** One of the owner's devices that receive pushes, with what the push service last answered it. */
export interface PushDevice {
  id: string;
  endpoint: string;
  label: string;
  createdAt: string;
  lastSuccessAt: string | null;
  lastErrorAt: string | null;
  lastError: string | null;
}

/** What a test push did: how many devices there were, how many got it, how many were removed as gone. */
export interface TestPushResult {
  devices: number;
  sent: number;
  removed: number;
  failed: number;
}

export async function listPushDevices(): Promise<PushDevice[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('push_subscriptions')
    .select('id, endpoint, device_label, created_at, last_success_at, last_error_at, last_error')
    .order('created_at');
  if (error) throw new PushDeviceError('Nie udało się wczytać listy urządzeń.');
  return data.map((row) => ({
    id: row.id,
    endpoint: row.endpoint,
    label: row.device_label,
    createdAt: row.created_at,
    lastSuccessAt: row.last_success_at,
    lastErrorAt: row.last_error_at,
    lastError: row.last_error,
  }));
}

/** Saves this browser's subscription under the owner's account (the same endpoint again renews its keys). */
export async function savePushDevice(subscription: PushSubscription, label: string): Promise<void> {
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new PushDeviceError('Przeglądarka nie podała kluczy powiadomień.');
  const supabase = await getSupabase();
  const { error } = await supabase
    .from('push_subscriptions')
    .upsert({ endpoint, p256dh: keys.p256dh, auth: keys.auth, device_label: label }, { onConflict: 'endpoint' });
  if (error) throw new PushDeviceError('Nie udało się zapisać tego urządzenia. Spróbuj ponownie.');
}

export async function removePushDevice(id: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.from('push_subscriptions').delete().eq('id', id);
  if (error) throw new PushDeviceError('Nie udało się usunąć urządzenia. Spróbuj ponownie.');
}

async function callPushDevices(action: 'key' | 'test'): Promise<unknown> {
  const { data } = await (await getSupabase()).auth.getSession();
  const answer = await callFunction('push-devices', { action }, { accessToken: data.session?.access_token ?? null });
  // The function answers in Polish; anything else (a proxy's page) gets a sentence of ours.
  if (!answer.ok)
    throw new PushDeviceError(bodyField(answer.body, 'message') ?? 'Serwer sklepu nie odpowiedział. Spróbuj ponownie za chwilę.');
  return answer.body;
}

/** The VAPID public key browsers subscribe with; null when the shop's server has none configured. */
export async function fetchPushKey(): Promise<string | null> {
  return bodyField(await callPushDevices('key'), 'publicKey') ?? null;
}

export async function sendTestPush(): Promise<TestPushResult> {
  const body = (await callPushDevices('test')) as Partial<TestPushResult> | null;
  return {
    devices: Number(body?.devices ?? 0),
    sent: Number(body?.sent ?? 0),
    removed: Number(body?.removed ?? 0),
    failed: Number(body?.failed ?? 0),
  };
}
