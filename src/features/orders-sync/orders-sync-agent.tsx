import { useEffect } from 'react';
import { getBackendConfig } from '../../lib/backend-config.ts';
import { keepSending } from '../../lib/outbox/outbox.ts';
import { rememberBackendConfig } from './background-sync.ts';
import { sendOutbox } from './outbox-sender.ts';
import type { OutboxEntry } from './outbox.ts';
import { RefusedTermNotice } from './refused-term-notice.tsx';

export const OUTBOX_POLL_MS = 15_000;

/**
 * Sends the outbox at app start, when the device comes back online and
 * periodically while anything waits (the sender's backoff decides when an
 * order is due). Renders only the notice of an order refused for its term.
 */
export function OrdersSyncAgent({ accessToken }: { accessToken: () => Promise<string | null> }) {
  useEffect(() => {
    const accessTokenFor = (entry: OutboxEntry) => (entry.userPlaced ? accessToken() : Promise.resolve(null));
    void rememberBackendConfig().catch(() => undefined);
    return keepSending(
      (force) =>
        void sendOutbox({ backend: getBackendConfig(), accessTokenFor, force }).catch((error: unknown) =>
          console.error('Wysyłanie zapisanych zamówień nie powiodło się', error),
        ),
      OUTBOX_POLL_MS,
    );
  }, [accessToken]);
  return <RefusedTermNotice />;
}
