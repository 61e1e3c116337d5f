import { getBackendConfig, type BackendConfig } from '../../lib/backend-config.ts';
import { db } from '../../lib/db.ts';
import { OUTBOX_SYNC_TAG } from './outbox-sender.ts';

/** Where the service worker finds the backend: it has no page to read the meta tags from. */
export const BACKEND_CONFIG_META_KEY = 'backendConfig';

interface SyncManager {
  register(tag: string): Promise<void>;
}

export async function rememberBackendConfig(): Promise<void> {
  await db.meta.put({ key: BACKEND_CONFIG_META_KEY, value: getBackendConfig() });
}

export async function storedBackendConfig(): Promise<BackendConfig | null> {
  const value = (await db.meta.get(BACKEND_CONFIG_META_KEY))?.value as Partial<BackendConfig> | undefined;
  return typeof value?.url === 'string' && typeof value.anonKey === 'string' ? { url: value.url, anonKey: value.anonKey } : null;
}

/**
 * Asks the browser to wake the service worker when the device is online again
 * (Background Sync; Chromium only). Elsewhere the page's own sender covers it.
 */
export async function requestBackgroundSync(): Promise<void> {
  try {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    const registration = await navigator.serviceWorker.getRegistration();
    const sync = (registration as (ServiceWorkerRegistration & { sync?: SyncManager }) | undefined)?.sync;
    await sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // Not supported or not allowed: the page sends when it is open and online.
  }
}
