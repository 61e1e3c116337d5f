import { currentInstallEnvironment } from '../../lib/platform.ts';

/**
 * Asks the browser to keep this site's storage (Dexie: cart, checkout draft,
 * order outbox) out of automatic eviction. Chromium and Safari decide
 * silently; Firefox asks the visitor, so the request waits for a sign of
 * engagement (see `persistStorageWhenEngaged`).
 */
export async function requestPersistentStorage(storage: StorageManager | undefined = globalThis.navigator?.storage): Promise<boolean> {
  if (!storage || typeof storage.persist !== 'function') return false;
  try {
    if (typeof storage.persisted === 'function' && (await storage.persisted())) return true;
    return await storage.persist();
  } catch {
    return false;
  }
}

/**
 * Installed: ask now. In a browser tab: ask on the visitor's first tap or
 * key press (never a permission prompt on a cold first visit), and again
 * when the app gets installed.
 */
export function persistStorageWhenEngaged(): void {
  if (currentInstallEnvironment().standalone) {
    void requestPersistentStorage();
    return;
  }
  const onEngaged = () => {
    window.removeEventListener('pointerdown', onEngaged);
    window.removeEventListener('keydown', onEngaged);
    void requestPersistentStorage();
  };
  window.addEventListener('pointerdown', onEngaged, { passive: true });
  window.addEventListener('keydown', onEngaged);
  window.addEventListener('appinstalled', () => void requestPersistentStorage(), { once: true });
}
