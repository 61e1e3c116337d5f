import { storedBackendConfig } from './background-sync.ts';
import { sendOutbox } from './outbox-sender.ts';

/**
 * The service worker's Background Sync: the same sender as the page, reading
 * the same Dexie outbox (not a replay of raw requests, which would count a
 * refusal as delivered). A signed-in customer's order waits for the page,
 * which holds a fresh token; the worker sends guests' orders.
 */
export async function syncOutboxFromServiceWorker(): Promise<void> {
  const backend = await storedBackendConfig();
  if (!backend) return;
  const summary = await sendOutbox({ backend, accessTokenFor: async () => null, force: true, skip: (entry) => entry.userPlaced });
  // Still unsent: fail the sync event so the browser retries it later with its own backoff.
  if (summary.waiting > 0) throw new Error(`${summary.waiting} order(s) still waiting`);
}
