import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { KwiaciarniaDb } from '../../src/lib/db.ts';
import { readOutbox } from '../../src/features/orders-sync/outbox.ts';

/**
 * A device that ran an older app version (database version 1: products,
 * cart, outbox, meta) opens the current app: the cart, the queued orders and
 * the checkout draft survive the upgrade, and the new tables exist.
 */

const NAME = 'kwiaciarnia';

afterEach(async () => {
  await Dexie.delete(NAME);
});

async function seedVersion1(): Promise<void> {
  const old = new Dexie(NAME);
  old.version(1).stores({
    products: 'id, category, created_at',
    cart: 'productId',
    outbox: 'clientRequestId, status',
    meta: 'key',
  });
  await old.open();
  await old.table('cart').bulkPut([
    { key: 'p-roza', productId: 'p-roza', quantity: 3, addedAt: '2026-10-01T08:00:00.000Z' },
    { key: 'p-znicz', productId: 'p-znicz', quantity: 1, addedAt: '2026-10-01T08:01:00.000Z' },
  ]);
  await old.table('outbox').put({
    clientRequestId: '11111111-1111-4111-8111-111111111111',
    status: 'queued',
    createdAt: '2026-10-01T08:02:00.000Z',
    attempts: 2,
    lastError: 'brak połączenia',
    nextAttemptAt: 1_790_000_000_000,
    payload: {
      request: {
        clientRequestId: '11111111-1111-4111-8111-111111111111',
        checkout: { firstName: 'Anna' },
        items: [{ productId: 'p-roza', quantity: 3 }],
      },
      localNumber: 'L-11111111',
      paymentMethod: 'transfer',
      deliveryMethod: 'store',
      customerEmail: 'anna@example.pl',
      userPlaced: false,
      estimatedTotal: 45,
      queuedOffline: true,
    },
  });
  await old.table('meta').put({ key: 'checkoutDraft', value: { values: { firstName: 'Anna' } } });
  await old.table('products').put({ id: 'p-roza', name: 'Róża', price: 15, category: 'live-flowers', created_at: '2026-09-01T00:00:00Z' });
  old.close();
}

describe('upgrading the device database from version 1', () => {
  it('keeps the cart, the outbox, the draft and the catalog, and adds the favourites table', async () => {
    await seedVersion1();

    const current = new KwiaciarniaDb(NAME);
    await current.open();
    try {
      expect(current.verno).toBeGreaterThanOrEqual(2);
      expect(await current.cartLines.orderBy('key').toArray()).toEqual([
        { key: 'p-roza', productId: 'p-roza', quantity: 3, addedAt: '2026-10-01T08:00:00.000Z' },
        { key: 'p-znicz', productId: 'p-znicz', quantity: 1, addedAt: '2026-10-01T08:01:00.000Z' },
      ]);
      const outbox = await current.outbox.toArray();
      expect(outbox).toHaveLength(1);
      expect(outbox[0]).toMatchObject({ status: 'queued', attempts: 2, nextAttemptAt: 1_790_000_000_000 });
      expect(await current.outbox.where('status').equals('queued').count()).toBe(1);
      expect((await current.meta.get('checkoutDraft'))?.value).toEqual({ values: { firstName: 'Anna' } });
      expect(await current.products.count()).toBe(1);
      expect(current.tables.map((table) => table.name).sort()).toEqual([
        'adminChanges',
        'cartLines',
        'favourites',
        'meta',
        'outbox',
        'ownerOrders',
        'products',
      ]);
      await current.favourites.put({ productId: 'p-roza', addedAt: '2026-11-21T10:00:00.000Z' });
      expect(await current.favourites.count()).toBe(1);
    } finally {
      current.close();
    }
  });

  it('upgrades a version 2 database (with the wishlist) to the current one: everything stays, and the owner’s changes and typed-in orders get their outboxes', async () => {
    await seedVersion1();
    const v2 = new Dexie(NAME);
    v2.version(1).stores({ products: 'id, category, created_at', cart: 'productId', outbox: 'clientRequestId, status', meta: 'key' });
    v2.version(2).stores({ favourites: 'productId, addedAt' });
    await v2.open();
    await v2.table('favourites').put({ productId: 'p-roza', addedAt: '2026-11-21T10:00:00.000Z' });
    v2.close();

    const current = new KwiaciarniaDb(NAME);
    await current.open();
    try {
      expect(current.verno).toBe(6);
      expect(await current.favourites.count()).toBe(1);
      expect(await current.outbox.where('status').equals('queued').count()).toBe(1);
      expect(await current.cartLines.count()).toBe(2);
      await current.adminChanges.put({
        key: 'u o1 status',
        userId: 'u',
        status: 'queued',
        createdAt: '2026-11-28T10:00:00.000Z',
        attempts: 0,
        change: {},
      });
      expect(await current.adminChanges.where('userId').equals('u').count()).toBe(1);
      expect(await current.ownerOrders.count()).toBe(0);
    } finally {
      current.close();
    }
  });

  it('moves a version 4 cart to lines keyed by product and size, so one product can be in the cart in two sizes', async () => {
    await seedVersion1();
    const v4 = new Dexie(NAME);
    v4.version(1).stores({ products: 'id, category, created_at', cart: 'productId', outbox: 'clientRequestId, status', meta: 'key' });
    v4.version(2).stores({ favourites: 'productId, addedAt' });
    v4.version(3).stores({ adminChanges: 'key, userId, status' });
    v4.version(4).stores({ ownerOrders: 'key, userId, status' });
    await v4.open();
    await v4.table('cart').update('p-roza', { quantity: 4 });
    v4.close();

    const current = new KwiaciarniaDb(NAME);
    await current.open();
    try {
      expect(await current.cartLines.get('p-roza')).toEqual({
        key: 'p-roza',
        productId: 'p-roza',
        quantity: 4,
        addedAt: '2026-10-01T08:00:00.000Z',
      });
      await current.cartLines.put({
        key: 'p-roza:s-duzy',
        productId: 'p-roza',
        sizeId: 's-duzy',
        quantity: 1,
        addedAt: '2026-11-29T08:00:00.000Z',
      });
      expect((await current.cartLines.toArray()).filter((line) => line.productId === 'p-roza')).toHaveLength(2);
      expect(current.tables.map((table) => table.name)).not.toContain('cart');
    } finally {
      current.close();
    }
  });

  it('the app reads the upgraded outbox as queued orders it will send', async () => {
    await seedVersion1();
    // readOutbox uses the app's shared database, named 'kwiaciarnia' like the old one.
    const entries = await readOutbox();
    expect(entries.map((entry) => [entry.localNumber, entry.status, entry.request.items])).toEqual([
      ['L-11111111', 'queued', [{ productId: 'p-roza', quantity: 3 }]],
    ]);
  });
});
