import type { BackendConfig } from '../../lib/backend-config.ts';
import { readOutbox, putOutboxEntry, type OutboxEntry, type SlotRefusal } from './outbox.ts';
import { SLOT_UNAVAILABLE_ERROR, placeOrder, type PlaceOrderOutcome } from './place-order-client.ts';

export const OUTBOX_LOCK = 'kwiaciarnia-outbox-sender';
export const OUTBOX_SYNC_TAG = 'kwiaciarnia-outbox';

const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 5 * 60_000;

/** Waits 5 s, 10 s, 20 s … up to 5 minutes between attempts. */
export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

export interface SendSummary {
  /** False when another tab or the service worker was already sending. */
  ran: boolean;
  sent: number;
  failed: number;
  /** Of the failed: refused for their term only, waiting for the customer to pick another. */
  slotRefused: number;
  waiting: number;
}

export interface SenderOptions {
  backend: BackendConfig;
  /** The token to send a signed-in customer's order with; null sends it as a guest's. */
  accessTokenFor: (entry: OutboxEntry) => Promise<string | null>;
  now?: () => number;
  /** Ignore the backoff (the customer pressed 'Wyślij teraz', or the device just came online). */
  force?: boolean;
  /** Orders this sender must leave for another (the service worker leaves signed-in customers' orders to the page). */
  skip?: (entry: OutboxEntry) => boolean;
}

/** The checkout fields that book a term; place-order names them 'checkout.<field>' when its schema refuses the body. */
const TERM_FIELDS: readonly string[] = ['deliveryDate', 'deliveryWindow', 'pickupTime'];

export const MISSING_TERM_MESSAGE = 'Zamówienie nie ma jeszcze terminu dostawy lub odbioru. Wybierz termin, aby je wysłać.';

/**
 * A refusal the customer can mend by booking another term: the term is no
 * longer free (slot_unavailable), or the order has none, being queued by a
 * version of the app from before delivery dates, and the schema finds
 * nothing else wrong with it.
 */
function termRefusal(outcome: Extract<PlaceOrderOutcome, { kind: 'rejected' }>): SlotRefusal | undefined {
  if (outcome.code === SLOT_UNAVAILABLE_ERROR) return { message: outcome.detail ?? outcome.message, fields: outcome.fields };
  if (outcome.code !== 'validation_failed') return undefined;
  const fields = Object.fromEntries(Object.entries(outcome.fields).map(([path, message]) => [path.replace(/^checkout\./, ''), message]));
  const named = Object.keys(fields);
  if (named.length === 0 || !named.every((field) => TERM_FIELDS.includes(field))) return undefined;
  return { message: MISSING_TERM_MESSAGE, fields };
}

const SKIPPED: SendSummary = { ran: false, sent: 0, failed: 0, slotRefused: 0, waiting: 0 };

/** This context's own sender, so the online event and the timer never overlap even without Web Locks. */
let sendingHere = false;

async function withSenderLock(send: () => Promise<Omit<SendSummary, 'ran'>>): Promise<SendSummary> {
  if (sendingHere) return SKIPPED;
  sendingHere = true;
  try {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    if (!locks) return { ran: true, ...(await send()) };
    // ifAvailable: a second sender (another tab, the service worker) simply skips this round.
    return await locks.request(OUTBOX_LOCK, { ifAvailable: true }, async (lock) => (lock ? { ran: true, ...(await send()) } : SKIPPED));
  } finally {
    sendingHere = false;
  }
}

/**
 * Sends every queued order once, one sender at a time across tabs and the
 * service worker. place-order is idempotent on the order's key, so an order
 * whose answer was lost is simply sent again and answers with the same
 * order; a refusal is kept as 'failed' with the server's reason, never
 * dropped. A refused term (the window filled up or closed while the order
 * waited) is also kept with its reason, marked so the customer can book
 * another term and send it again (rescheduleOutboxEntry). Whoever sends it,
 * this page or the service worker, the outcome lands in the same Dexie
 * record, which 'Moje konto' reads live.
 */
export function sendOutbox({ backend, accessTokenFor, now = Date.now, force = false, skip }: SenderOptions): Promise<SendSummary> {
  return withSenderLock(async () => {
    const summary = { sent: 0, failed: 0, slotRefused: 0, waiting: 0 };
    const due = (await readOutbox())
      // 'sending' left over from a closed tab is resent: the key makes it safe.
      .filter((entry) => (entry.status === 'queued' || entry.status === 'sending') && !skip?.(entry))
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    for (const entry of due) {
      if (!force && entry.nextAttemptAt !== undefined && entry.nextAttemptAt > now()) {
        summary.waiting += 1;
        continue;
      }
      await putOutboxEntry({ ...entry, status: 'sending' });
      const outcome = await placeOrder(backend, entry.request, await accessTokenFor(entry).catch(() => null));
      const attempts = entry.attempts + 1;
      if (outcome.kind === 'placed') {
        await putOutboxEntry({ ...entry, status: 'sent', attempts, order: outcome.order, lastError: undefined, nextAttemptAt: undefined });
        summary.sent += 1;
      } else if (outcome.kind === 'rejected') {
        const slotRefusal = termRefusal(outcome);
        // lastError stays the general message too: an older version of the app in another tab shows it as a plain refusal.
        await putOutboxEntry({ ...entry, status: 'failed', attempts, lastError: outcome.message, nextAttemptAt: undefined, slotRefusal });
        summary.failed += 1;
        if (slotRefusal) summary.slotRefused += 1;
      } else {
        await putOutboxEntry({
          ...entry,
          status: 'queued',
          attempts,
          lastError: outcome.message,
          nextAttemptAt: now() + retryDelayMs(attempts),
        });
        summary.waiting += 1;
      }
    }
    return summary;
  });
}
