import type { BackendConfig } from '../../lib/backend-config.ts';
import type { InsertType } from 'dexie';
import { db, type OutboxRecord } from '../../lib/db.ts';
import { sendOutboxRound, type Delivery, type Outbox } from '../../lib/outbox/outbox.ts';
import { toOutboxEntry, toOutboxRecord, type OutboxEntry, type SlotRefusal } from './outbox.ts';
import { SLOT_UNAVAILABLE_ERROR, placeOrder, type PlaceOrderOutcome } from './place-order-client.ts';

export const OUTBOX_LOCK = 'kwiaciarnia-outbox-sender';
export const OUTBOX_SYNC_TAG = 'kwiaciarnia-outbox';

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

/** The shop's orders as an outbox: place-order is idempotent on the order's key (clientRequestId). */
function ordersOutbox(
  backend: BackendConfig,
  accessTokenFor: SenderOptions['accessTokenFor'],
): Outbox<OutboxRecord, InsertType<OutboxRecord, 'clientRequestId'>> {
  return {
    table: db.outbox,
    key: (record) => record.clientRequestId,
    lock: OUTBOX_LOCK,
    async deliver(record): Promise<Delivery<OutboxRecord>> {
      const entry = toOutboxEntry(record);
      if (!entry) return { kind: 'later' };
      const outcome = await placeOrder(backend, entry.request, await accessTokenFor(entry).catch(() => null));
      if (outcome.kind === 'placed') return { kind: 'sent', entry: toOutboxRecord({ ...entry, order: outcome.order }) };
      if (outcome.kind === 'rejected') {
        // The reason stays the general message too: an older version of the app in another tab shows it as a plain refusal.
        return { kind: 'refused', reason: outcome.message, entry: toOutboxRecord({ ...entry, slotRefusal: termRefusal(outcome) }) };
      }
      return { kind: 'later', reason: outcome.message };
    },
  };
}

/**
 * Sends every queued order once, one sender at a time across tabs and the
 * service worker (the one outbox design, lib/outbox). place-order is
 * idempotent on the order's key, so an order whose answer was lost is simply
 * sent again and answers with the same order; a refusal is kept as 'failed'
 * with the server's reason, never dropped. A refused term (the window filled
 * up or closed while the order waited) is also kept with its reason, marked
 * so the customer can book another term and send it again
 * (rescheduleOutboxEntry). Whoever sends it, this page or the service
 * worker, the outcome lands in the same Dexie record, which 'Moje konto'
 * reads live.
 */
export async function sendOutbox({ backend, accessTokenFor, now, force, skip }: SenderOptions): Promise<SendSummary> {
  const round = await sendOutboxRound(ordersOutbox(backend, accessTokenFor), {
    now,
    force,
    skip: (record) => {
      const entry = toOutboxEntry(record);
      return entry === null || skip?.(entry) === true;
    },
  });
  const slotRefused = round.settled.filter((record) => record.status === 'failed' && toOutboxEntry(record)?.slotRefusal).length;
  return { ran: round.ran, sent: round.sent, failed: round.refused, slotRefused, waiting: round.waiting };
}
