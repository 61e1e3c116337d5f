import 'fake-indexeddb/auto';
import { act } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogProducts } from '../../mocks/fixtures.ts';

/**
 * Where no service worker keeps the catalogue's copy (here: no production
 * build, so none registers), the page writes it: at idle on a device that
 * keeps the shop's data, at the first tap on a first visit.
 */

const DEVICE_DB_NAME = 'kwiaciarnia';
const STORED_FLAG = 'kwiaciarnia.catalogueStored';

/** A fresh page that adopted a server-rendered catalogue and has shown its content. */
async function openShopPage() {
  vi.resetModules();
  const triggers = await import('../../src/boot/triggers.ts');
  const sync = await import('../../src/features/catalog/catalog-sync.ts');
  sync.adoptCatalogSnapshot(catalogProducts);
  act(() => triggers.markFirstContent());
}

const deviceDatabases = async () => (await indexedDB.databases()).map((database) => database.name);
/** Longer than the idle deadline: idle-time work has run by then. */
const pastIdle = () => act(() => new Promise((resolve) => setTimeout(resolve, 3000)));

async function storedProductCount(): Promise<number> {
  const { db } = await import('../../src/lib/db.ts');
  const count = await db.products.count();
  db.close();
  return count;
}

/** The test DOM has no requestIdleCallback: each wait for idle lasts until its deadline. */
async function whenStored(): Promise<void> {
  await vi.waitFor(() => expect(localStorage.getItem(STORED_FLAG)).toBe('1'), { timeout: 8000 });
}

beforeEach(async () => {
  localStorage.clear();
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.deleteDatabase(DEVICE_DB_NAME);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error ?? new Error('delete failed'));
  });
});

describe("the catalogue's copy without a service worker", () => {
  it('on a first visit waits for the first tap: a visitor who only looks loads no database code', async () => {
    await openShopPage();
    await pastIdle();
    expect(await deviceDatabases()).not.toContain(DEVICE_DB_NAME);
    expect(localStorage.getItem(STORED_FLAG)).toBeNull();

    act(() => {
      document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    });
    await whenStored();
    expect(await storedProductCount()).toBe(catalogProducts.length);
  }, 15_000);

  it('on a device that keeps the shop’s data is written at idle, without a tap', async () => {
    const { db } = await import('../../src/lib/db.ts');
    await db.open();
    db.close();
    await openShopPage();
    await whenStored();
    expect(await storedProductCount()).toBe(catalogProducts.length);
  }, 15_000);
});
