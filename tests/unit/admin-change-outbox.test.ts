import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueuedOrderChange } from '../../src/features/admin/orders/orders-cache.ts';
import { readChanges } from '../../src/features/admin/orders/change-records.ts';
import { db } from '../../src/lib/db.ts';
import { fakeLockManager } from '../support/fake-locks.ts';

/**
 * The owner's order changes as an outbox of the one design: moved once from
 * the localStorage queue of older versions, sent by one tab only, idempotent,
 * and each refusal kept with its Polish reason.
 */

const updateOrder = vi.fn();
const fetchOrderField = vi.fn();
vi.mock('../../src/features/admin/orders/orders-api.ts', () => ({ updateOrder, fetchOrderField }));

const OWNER = 'owner-1';
const legacyKey = (userId: string) => `kwiaciarnia.admin.statusQueue.${userId}`;

class MemoryStorage implements Storage {
  private values = new Map<string, string>();
  get length() {
    return this.values.size;
  }
  clear() {
    this.values.clear();
  }
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  key(index: number) {
    return [...this.values.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
  setItem(key: string, value: string) {
    this.values.set(key, value);
  }
}

const change = (orderId: string, overrides: Partial<QueuedOrderChange> = {}): QueuedOrderChange =>
  ({
    field: 'status',
    orderId,
    number: `KT-${orderId}`,
    from: 'pending',
    to: 'processing',
    queuedAt: `2026-11-28T09:00:00.00${orderId.length}Z`,
    ...overrides,
  }) as QueuedOrderChange;

/** A tab: the modules loaded afresh, sharing the device's database, localStorage and locks. */
async function tab() {
  vi.resetModules();
  return import('../../src/features/admin/orders/change-outbox.ts');
}

beforeEach(async () => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('navigator', { onLine: true, locks: fakeLockManager() });
  updateOrder.mockReset();
  fetchOrderField.mockReset();
  await db.adminChanges.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('changes queued by an older version in localStorage', () => {
  it('move into the outbox once on first start, for every owner on the device, and the old key goes', async () => {
    localStorage.setItem(
      legacyKey(OWNER),
      JSON.stringify([change('o1'), change('o2', { field: 'fulfilment_state', from: 'to-do', to: 'ready' })]),
    );
    // Still older versions stored status changes without a field.
    const { field: _field, ...fieldless } = change('o3', { to: 'cancelled', reason: 'Brak kwiatów' } as Partial<QueuedOrderChange>);
    localStorage.setItem(legacyKey('owner-2'), JSON.stringify([fieldless]));
    localStorage.setItem('kwiaciarnia.admin.lastSeen.owner-1', JSON.stringify('2026-11-28T08:00:00.000Z'));

    const [first, second] = [await tab(), await tab()];
    await Promise.all([first.migrateLegacyQueues(), second.migrateLegacyQueues()]);

    expect((await readChanges(db, OWNER)).waiting).toEqual([
      change('o1'),
      change('o2', { field: 'fulfilment_state', from: 'to-do', to: 'ready' }),
    ]);
    expect((await readChanges(db, 'owner-2')).waiting).toEqual([{ ...fieldless, field: 'status' }]);
    expect(await db.adminChanges.count()).toBe(3);
    expect(localStorage.getItem(legacyKey(OWNER))).toBeNull();
    expect(localStorage.getItem(legacyKey('owner-2'))).toBeNull();
    expect(localStorage.getItem('kwiaciarnia.admin.lastSeen.owner-1')).not.toBeNull();
  });

  it('do not overwrite a newer change of the same order already in the outbox', async () => {
    const outbox = await tab();
    await outbox.enqueueChange(OWNER, { id: 'o1', number: 'KT-o1' }, { field: 'status', to: 'completed' }, 'pending');
    localStorage.setItem(legacyKey(OWNER), JSON.stringify([change('o1')]));
    await outbox.migrateLegacyQueues();
    expect((await readChanges(db, OWNER)).waiting).toMatchObject([{ orderId: 'o1', to: 'completed' }]);
    expect(localStorage.getItem(legacyKey(OWNER))).toBeNull();
  });

  it('are sent by the first round after the move', async () => {
    localStorage.setItem(legacyKey(OWNER), JSON.stringify([change('o1')]));
    updateOrder.mockResolvedValue({ outcome: 'updated' });
    const outbox = await tab();
    expect(await outbox.sendChanges(OWNER, false)).toMatchObject({ sent: 1 });
    expect(updateOrder).toHaveBeenCalledWith('o1', { field: 'status', to: 'processing', reason: undefined }, 'pending');
  });
});

describe('sending the owner’s changes', () => {
  it('sends a change once when two tabs send together', async () => {
    let answer!: (value: unknown) => void;
    updateOrder.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const [first, second] = [await tab(), await tab()];
    await first.enqueueChange(OWNER, { id: 'o1', number: 'KT-o1' }, { field: 'status', to: 'processing' }, 'pending');
    const one = first.sendChanges(OWNER, false);
    await vi.waitFor(() => expect(updateOrder).toHaveBeenCalledTimes(1));
    expect(await second.sendChanges(OWNER, true)).toMatchObject({ ran: false });
    answer({ outcome: 'updated' });
    expect(await one).toMatchObject({ sent: 1 });
    expect(updateOrder).toHaveBeenCalledTimes(1);
    expect((await readChanges(db, OWNER)).waiting).toEqual([]);
  });

  it('counts a change as sent when the order already has its value (the first answer was lost)', async () => {
    updateOrder.mockResolvedValue({ outcome: 'conflict' });
    fetchOrderField.mockResolvedValue('processing');
    const outbox = await tab();
    await outbox.enqueueChange(OWNER, { id: 'o1', number: 'KT-o1' }, { field: 'status', to: 'processing' }, 'pending');
    expect(await outbox.sendChanges(OWNER, false)).toMatchObject({ sent: 1, refused: 0 });
    expect((await readChanges(db, OWNER)).refused).toEqual([]);
  });

  it('keeps a refusal with its Polish reason until the owner dismisses it, and sends it no more', async () => {
    updateOrder.mockResolvedValue({ outcome: 'conflict' });
    fetchOrderField.mockResolvedValue('completed');
    const outbox = await tab();
    await outbox.enqueueChange(OWNER, { id: 'o1', number: 'KT1' }, { field: 'status', to: 'cancelled' }, 'pending');
    expect(await outbox.sendChanges(OWNER, false)).toMatchObject({ refused: 1 });
    const { refused, waiting, applied } = await readChanges(db, OWNER);
    expect(waiting).toEqual([]);
    expect(applied).toEqual([]);
    expect(refused.map((item) => item.reason)).toEqual([
      'Zmiana statusu zamówienia KT1 na „Anulowane” nie została wysłana: zamówienie zmieniło się w międzyczasie (nie ma już statusu „Oczekujące”). Sprawdź je i zmień status ponownie.',
    ]);
    await outbox.sendChanges(OWNER, true);
    expect(updateOrder).toHaveBeenCalledTimes(1);
    // A new change of the same field does not take the notice away.
    await outbox.enqueueChange(OWNER, { id: 'o1', number: 'KT1' }, { field: 'status', to: 'processing' }, 'completed');
    expect((await readChanges(db, OWNER)).refused).toHaveLength(1);
    await outbox.dismissRefusals(OWNER);
    expect((await readChanges(db, OWNER)).refused).toEqual([]);
    expect((await readChanges(db, OWNER)).waiting).toHaveLength(1);
  });

  it('waits while the server is out of reach, without trying the rest, and leaves other owners’ changes alone', async () => {
    updateOrder.mockResolvedValue({ outcome: 'unreachable' });
    const outbox = await tab();
    await outbox.enqueueChange(OWNER, { id: 'o1', number: 'KT1' }, { field: 'status', to: 'processing' }, 'pending');
    await outbox.enqueueChange(OWNER, { id: 'o2', number: 'KT2' }, { field: 'status', to: 'processing' }, 'pending');
    await outbox.enqueueChange('owner-2', { id: 'o3', number: 'KT3' }, { field: 'status', to: 'processing' }, 'pending');
    expect(await outbox.sendChanges(OWNER, false)).toMatchObject({ sent: 0, waiting: 2 });
    expect(updateOrder).toHaveBeenCalledTimes(1);
    expect((await readChanges(db, OWNER)).waiting).toHaveLength(2);
    updateOrder.mockResolvedValue({ outcome: 'updated' });
    expect(await outbox.sendChanges(OWNER, true)).toMatchObject({ sent: 2 });
    expect(updateOrder.mock.calls.map(([orderId]) => orderId)).toEqual(['o1', 'o1', 'o2']);
  });

  it('keeps the value a change was made from when the owner changes the field again, and drops it on going back', async () => {
    const outbox = await tab();
    const order = { id: 'o1', number: 'KT1' };
    await outbox.enqueueChange(OWNER, order, { field: 'status', to: 'processing' }, 'pending');
    await outbox.enqueueChange(OWNER, order, { field: 'status', to: 'completed' }, 'pending');
    expect((await readChanges(db, OWNER)).waiting).toMatchObject([{ from: 'pending', to: 'completed' }]);
    await outbox.enqueueChange(OWNER, order, { field: 'status', to: 'pending' }, 'pending');
    expect((await readChanges(db, OWNER)).waiting).toEqual([]);
  });

  it('sends a change made while the previous one of the same field was out from the value that one set', async () => {
    const outbox = await tab();
    const order = { id: 'o1', number: 'KT1' };
    await outbox.enqueueChange(OWNER, order, { field: 'status', to: 'processing' }, 'pending');
    updateOrder.mockImplementationOnce(async () => {
      await outbox.enqueueChange(OWNER, order, { field: 'status', to: 'completed' }, 'pending');
      return { outcome: 'updated' };
    });
    await outbox.sendChanges(OWNER, false);
    expect((await readChanges(db, OWNER)).waiting).toMatchObject([{ from: 'processing', to: 'completed' }]);
    updateOrder.mockResolvedValue({ outcome: 'updated' });
    await outbox.sendChanges(OWNER, true);
    expect(updateOrder).toHaveBeenLastCalledWith('o1', { field: 'status', to: 'completed', reason: undefined }, 'processing');
  });

  it('shows a sent change until orders read after it, then forgets it', async () => {
    updateOrder.mockResolvedValue({ outcome: 'updated' });
    const outbox = await tab();
    await outbox.enqueueChange(OWNER, { id: 'o1', number: 'KT1' }, { field: 'status', to: 'processing' }, 'pending');
    const before = Date.now() - 1;
    await outbox.sendChanges(OWNER, false);
    expect((await readChanges(db, OWNER)).applied).toHaveLength(1);
    await outbox.forgetSentBefore(OWNER, before);
    expect((await readChanges(db, OWNER)).applied).toHaveLength(1);
    await outbox.forgetSentBefore(OWNER, Date.now() + 1);
    expect((await readChanges(db, OWNER)).applied).toEqual([]);
  });
});
