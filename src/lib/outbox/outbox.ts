import type { Table } from 'dexie';

/**
 * One design for a change made on the device that waits for a connection:
 * the shop's orders (orders-sync) and the owner's order changes (admin) are
 * both outboxes. Each entry is a Dexie record; a round sends what is due,
 * one sender at a time across tabs and the service worker (a Web Lock), and
 * records per entry how it ended: 'sent', 'failed' (refused by the server,
 * with its reason in Polish, never resent by itself) or 'queued' again with
 * a backoff (the server could not be reached). Sends must be idempotent: an
 * entry whose answer was lost ('sending' left by a closed tab) is sent again.
 */
export type OutboxStatus = 'queued' | 'sending' | 'sent' | 'failed';

/** What every outbox keeps of an entry besides its content. */
export interface OutboxItem {
  status: OutboxStatus;
  createdAt: string;
  attempts: number;
  /** 'failed': the server's reason; 'queued': why the last attempt did not get through. In Polish, shown as it is. */
  lastError?: string;
  /** Epoch ms before which a round leaves a queued entry alone (retry backoff). */
  nextAttemptAt?: number;
}

/** How one send ended, as the outbox's user reads its server's answer. */
export type Delivery<Entry> =
  /** `entry`: the entry with what the answer added (the order's number), when there is anything. */
  | { kind: 'sent'; entry?: Entry }
  | { kind: 'refused'; reason: string; entry?: Entry }
  /** Try again later. `offline`: the server was not reached at all, so the rest of this round waits too. */
  | { kind: 'later'; reason?: string; offline?: boolean };

/** `Insert`: what the table's put takes (Dexie's EntityTable makes the key optional there). */
export interface Outbox<Entry extends OutboxItem & Insert, Insert = Entry> {
  table: Table<Entry, string, Insert>;
  key: (entry: Entry) => string;
  /** The Web Lock every sender of this outbox takes; keep it stable across versions of the app. */
  lock: string;
  deliver: (entry: Entry) => Promise<Delivery<Entry>>;
  /**
   * The entry was replaced while it was out (the owner changed the same thing
   * again): what to keep of the newer one now that `settled` has its answer.
   * Null removes it. Without this, the newer entry is kept as it is.
   */
  rebase?: (newer: Entry, settled: Entry) => Entry | null;
}

export interface RoundOptions<Entry> {
  now?: () => number;
  /** Ignore the backoff (the device just came online, or the user asked to send now). */
  force?: boolean;
  /** Entries this sender must leave for another. */
  skip?: (entry: Entry) => boolean;
}

export interface RoundSummary<Entry> {
  /** False when another tab or the service worker was already sending. */
  ran: boolean;
  sent: number;
  refused: number;
  waiting: number;
  /** Each entry this round sent, as it was recorded. */
  settled: Entry[];
}

const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 5 * 60_000;

/** Waits 5 s, 10 s, 20 s … up to 5 minutes between attempts. */
export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

/** The outboxes this context is sending now, so the online event and a timer never overlap even without Web Locks. */
const sendingHere = new Set<string>();

async function withLock<Entry>(lock: string, send: () => Promise<RoundSummary<Entry>>): Promise<RoundSummary<Entry>> {
  const skipped: RoundSummary<Entry> = { ran: false, sent: 0, refused: 0, waiting: 0, settled: [] };
  if (sendingHere.has(lock)) return skipped;
  sendingHere.add(lock);
  try {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    if (!locks) return await send();
    // ifAvailable: a second sender (another tab, the service worker) simply skips this round.
    return await locks.request(lock, { ifAvailable: true }, async (held) => (held ? send() : skipped));
  } finally {
    sendingHere.delete(lock);
  }
}

/** Runs `task` holding the outbox's lock, waiting for a round in progress elsewhere to end (for one-off upkeep). */
export async function withOutboxLock<T>(outbox: { lock: string }, task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request(outbox.lock, task) : task();
}

const isPending = (entry: OutboxItem) => entry.status === 'queued' || entry.status === 'sending';

/** Marks the entry 'sending' unless it changed since it was read (withdrawn, replaced, settled). */
async function claim<Entry extends OutboxItem & Insert, Insert>(outbox: Outbox<Entry, Insert>, read: Entry): Promise<Entry | null> {
  const { table } = outbox;
  return table.db.transaction('rw', table, async () => {
    const current = await table.get(outbox.key(read));
    if (!current || current.createdAt !== read.createdAt || !isPending(current)) return null;
    const sending = { ...current, status: 'sending' as const };
    await table.put(sending);
    return sending;
  });
}

/** Records the answer, unless the entry was withdrawn or replaced while it was out. */
async function settle<Entry extends OutboxItem & Insert, Insert>(
  outbox: Outbox<Entry, Insert>,
  sent: Entry,
  settled: Entry,
): Promise<void> {
  const { table } = outbox;
  const key = outbox.key(sent);
  await table.db.transaction('rw', table, async () => {
    const current = await table.get(key);
    if (!current) return;
    if (current.createdAt === sent.createdAt) {
      await table.put(settled);
      return;
    }
    if (!outbox.rebase) return;
    const rebased = outbox.rebase(current, settled);
    if (rebased) await table.put(rebased);
    else await table.delete(key);
  });
}

function answered<Entry extends OutboxItem>(entry: Entry, delivery: Delivery<Entry>, now: number): Entry {
  const attempts = entry.attempts + 1;
  if (delivery.kind === 'sent')
    return { ...(delivery.entry ?? entry), status: 'sent', attempts, lastError: undefined, nextAttemptAt: undefined };
  if (delivery.kind === 'refused')
    return { ...(delivery.entry ?? entry), status: 'failed', attempts, lastError: delivery.reason, nextAttemptAt: undefined };
  return {
    ...entry,
    status: 'queued',
    attempts,
    lastError: delivery.reason ?? entry.lastError,
    nextAttemptAt: now + retryDelayMs(attempts),
  };
}

/**
 * Sends every due entry once, oldest first, holding the outbox's lock (a
 * round already running elsewhere makes this one skip: `ran` false).
 */
export function sendOutboxRound<Entry extends OutboxItem & Insert, Insert>(
  outbox: Outbox<Entry, Insert>,
  { now = Date.now, force = false, skip }: RoundOptions<Entry> = {},
): Promise<RoundSummary<Entry>> {
  return withLock(outbox.lock, async () => {
    const summary: RoundSummary<Entry> = { ran: true, sent: 0, refused: 0, waiting: 0, settled: [] };
    const due = (await outbox.table.toArray())
      // 'sending' left over from a closed tab is sent again: sends are idempotent.
      .filter((entry) => isPending(entry) && !skip?.(entry))
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    let offline = false;
    for (const read of due) {
      if (offline || (!force && read.nextAttemptAt !== undefined && read.nextAttemptAt > now())) {
        summary.waiting += 1;
        continue;
      }
      const entry = await claim(outbox, read);
      if (!entry) continue;
      const delivery: Delivery<Entry> = await outbox.deliver(entry).catch(() => ({ kind: 'later' as const }));
      const settled = answered(entry, delivery, now());
      await settle(outbox, entry, settled);
      summary.settled.push(settled);
      if (delivery.kind === 'sent') summary.sent += 1;
      else if (delivery.kind === 'refused') summary.refused += 1;
      else {
        summary.waiting += 1;
        offline = delivery.offline === true;
      }
    }
    return summary;
  });
}

/**
 * Starts sending: now, whenever the device comes back online (forced: the
 * backoff was for a server out of reach) and every `pollMs` while the page
 * is open (the backoff decides what is due). Returns the stop.
 */
export function keepSending(send: (force: boolean) => void, pollMs: number): () => void {
  const sendIfOnline = (force: boolean) => {
    if (typeof navigator === 'undefined' || navigator.onLine !== false) send(force);
  };
  sendIfOnline(false);
  const onOnline = () => sendIfOnline(true);
  window.addEventListener('online', onOnline);
  const timer = setInterval(() => sendIfOnline(false), pollMs);
  return () => {
    window.removeEventListener('online', onOnline);
    clearInterval(timer);
  };
}
