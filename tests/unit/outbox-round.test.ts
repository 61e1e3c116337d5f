import 'fake-indexeddb/auto';
import { Dexie, type EntityTable, type InsertType } from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Delivery, Outbox, OutboxItem } from '../../src/lib/outbox/outbox.ts';
import { fakeLockManager } from '../support/fake-locks.ts';

/**
 * The one outbox design (lib/outbox) on a table of its own: what the shop's
 * orders and the owner's changes both rely on.
 */

interface Item extends OutboxItem {
  id: string;
  body: string;
  answer?: string;
}

class TestDb extends Dexie {
  items!: EntityTable<Item, 'id'>;
  constructor() {
    super('outbox-round-test');
    this.version(1).stores({ items: 'id, status' });
  }
}

const db = new TestDb();
const item = (id: string, overrides: Partial<Item> = {}): Item => ({
  id,
  body: id,
  status: 'queued',
  createdAt: `2026-11-28T10:00:0${id.length}.000Z`,
  attempts: 0,
  ...overrides,
});

function outboxWith(deliver: (entry: Item) => Promise<Delivery<Item>>, rebase?: Outbox<Item>['rebase']) {
  const outbox: Outbox<Item, InsertType<Item, 'id'>> = { table: db.items, key: (entry) => entry.id, lock: 'test-outbox', deliver, rebase };
  return outbox;
}

/** A second tab: the module loaded afresh (its own state), sharing the database and the browser's locks. */
async function freshModule() {
  vi.resetModules();
  return import('../../src/lib/outbox/outbox.ts');
}

beforeEach(async () => {
  vi.stubGlobal('navigator', { onLine: true, locks: fakeLockManager() });
  await db.items.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('an outbox round', () => {
  it('sends an entry once when two tabs hold the same outbox: the second finds the lock taken and skips', async () => {
    await db.items.put(item('a'));
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    const deliver = vi.fn(async (): Promise<Delivery<Item>> => {
      await answered;
      return { kind: 'sent' };
    });
    const [first, second] = [await freshModule(), await freshModule()];
    const one = first.sendOutboxRound(outboxWith(deliver));
    await vi.waitFor(() => expect(deliver).toHaveBeenCalledTimes(1));
    const two = await second.sendOutboxRound(outboxWith(deliver));
    release();
    expect((await one).ran).toBe(true);
    expect(two).toMatchObject({ ran: false, sent: 0 });
    expect(deliver).toHaveBeenCalledTimes(1);
    expect(await db.items.get('a')).toMatchObject({ status: 'sent', attempts: 1 });
    // Once sent, no tab sends it again.
    await second.sendOutboxRound(outboxWith(deliver), { force: true });
    expect(deliver).toHaveBeenCalledTimes(1);
  });

  it('waits and retries with a growing pause when the server is out of reach, and sends when due or forced', async () => {
    const { retryDelayMs, sendOutboxRound } = await freshModule();
    await db.items.put(item('b'));
    let now = 1_000_000;
    const deliver = vi.fn<() => Promise<Delivery<Item>>>().mockResolvedValueOnce({ kind: 'later', reason: 'Brak połączenia.' });
    expect(await sendOutboxRound(outboxWith(deliver), { now: () => now })).toMatchObject({ ran: true, waiting: 1, sent: 0 });
    expect(await db.items.get('b')).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: 'Brak połączenia.',
      nextAttemptAt: now + retryDelayMs(1),
    });
    await sendOutboxRound(outboxWith(deliver), { now: () => now });
    expect(deliver).toHaveBeenCalledTimes(1);

    deliver.mockResolvedValue({ kind: 'sent', entry: { ...item('b'), answer: 'KT1' } });
    now += retryDelayMs(1);
    expect(await sendOutboxRound(outboxWith(deliver), { now: () => now })).toMatchObject({ sent: 1, waiting: 0 });
    expect(await db.items.get('b')).toMatchObject({ status: 'sent', attempts: 2, answer: 'KT1', lastError: undefined });
  });

  it('stops the round at an entry that found the server offline: the rest wait untried', async () => {
    const { sendOutboxRound } = await freshModule();
    await db.items.bulkPut([item('c'), item('cc'), item('ccc')]);
    const deliver = vi.fn(async (): Promise<Delivery<Item>> => ({ kind: 'later', offline: true }));
    expect(await sendOutboxRound(outboxWith(deliver))).toMatchObject({ waiting: 3, sent: 0 });
    expect(deliver).toHaveBeenCalledTimes(1);
    expect((await db.items.get('cc'))?.attempts).toBe(0);
  });

  it('keeps a refusal with the server’s reason and never sends it again by itself', async () => {
    const { sendOutboxRound } = await freshModule();
    await db.items.put(item('d'));
    const deliver = vi.fn(async (): Promise<Delivery<Item>> => ({ kind: 'refused', reason: 'Zamówienie zmieniło się w międzyczasie.' }));
    expect(await sendOutboxRound(outboxWith(deliver))).toMatchObject({ refused: 1 });
    expect(await db.items.get('d')).toMatchObject({ status: 'failed', lastError: 'Zamówienie zmieniło się w międzyczasie.' });
    await sendOutboxRound(outboxWith(deliver), { force: true });
    expect(deliver).toHaveBeenCalledTimes(1);
  });

  it('resends an entry a closed tab left "sending", and leaves skipped ones alone', async () => {
    const { sendOutboxRound } = await freshModule();
    await db.items.bulkPut([item('e', { status: 'sending' }), item('ee')]);
    const deliver = vi.fn(async (_entry: Item): Promise<Delivery<Item>> => ({ kind: 'sent' }));
    await sendOutboxRound(outboxWith(deliver), { skip: (entry) => entry.id === 'ee' });
    expect(deliver.mock.calls.map(([entry]) => entry.id)).toEqual(['e']);
  });

  it('records no answer over an entry replaced while it was out, unless the outbox rebases the newer one', async () => {
    const { sendOutboxRound } = await freshModule();
    await db.items.put(item('f'));
    const replaceWhileOut = async (entry: Item): Promise<Delivery<Item>> => {
      await db.items.put({ ...entry, status: 'queued', body: 'newer', createdAt: '2026-11-28T11:00:00.000Z' });
      return { kind: 'sent' };
    };
    await sendOutboxRound(outboxWith(replaceWhileOut));
    expect(await db.items.get('f')).toMatchObject({ status: 'queued', body: 'newer', attempts: 0 });

    await db.items.put(item('g'));
    const rebase = (newer: Item, settled: Item) => ({ ...newer, body: `${newer.body} after ${settled.status}` });
    await sendOutboxRound(outboxWith(replaceWhileOut, rebase));
    expect(await db.items.get('g')).toMatchObject({ status: 'queued', body: 'newer after sent' });
  });

  it('does not send an entry withdrawn after the round read the table', async () => {
    const { sendOutboxRound } = await freshModule();
    await db.items.bulkPut([item('h'), item('hh')]);
    const deliver = vi.fn(async (entry: Item): Promise<Delivery<Item>> => {
      if (entry.id === 'h') await db.items.delete('hh');
      return { kind: 'sent' };
    });
    await sendOutboxRound(outboxWith(deliver));
    expect(deliver.mock.calls.map(([entry]) => entry.id)).toEqual(['h']);
    expect(await db.items.get('hh')).toBeUndefined();
  });
});

describe('keepSending', () => {
  it('sends at once, forced when the device comes back online, and not while it is offline', async () => {
    const { keepSending } = await freshModule();
    const target = new EventTarget();
    vi.stubGlobal('window', target);
    const online = { value: true };
    vi.stubGlobal('navigator', {
      get onLine() {
        return online.value;
      },
    });
    const send = vi.fn();
    const stop = keepSending(send, 60_000);
    expect(send.mock.calls).toEqual([[false]]);
    online.value = false;
    target.dispatchEvent(new Event('online'));
    expect(send).toHaveBeenCalledTimes(1);
    online.value = true;
    target.dispatchEvent(new Event('online'));
    expect(send.mock.calls).toEqual([[false], [true]]);
    stop();
    target.dispatchEvent(new Event('online'));
    expect(send).toHaveBeenCalledTimes(2);
  });
});
