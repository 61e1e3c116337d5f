/** The message src/sw.ts answers by keeping the back office's files (src/features/pwa/kept-files.ts). */
export const CACHE_ADMIN_ASSETS_MESSAGE = { type: 'CACHE_ADMIN_ASSETS' } as const;

/**
 * The owner is signed in on this device: ask the service worker to keep the
 * whole back office, which a visitor's precache leaves out, so the
 * installed admin app opens offline. Asked on every page the owner opens;
 * the worker fetches only what it lacks. Without a worker (development,
 * tests, an old browser) nothing happens.
 */
export async function keepBackOfficeOnDevice(
  container: ServiceWorkerContainer | null = typeof navigator === 'undefined' ? null : (navigator.serviceWorker ?? null),
): Promise<void> {
  if (!container) return;
  // Never rejects: its caller (src/routes/__root.tsx, in every visitor's first load) carries no handling of its own.
  try {
    const registration = await container.ready;
    registration.active?.postMessage(CACHE_ADMIN_ASSETS_MESSAGE);
  } catch (error) {
    console.warn('[pwa] the back office was not kept for offline use', error);
  }
}
