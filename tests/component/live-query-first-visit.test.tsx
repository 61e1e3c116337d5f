import 'fake-indexeddb/auto';
import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { KwiaciarniaDb } from '../../src/lib/db.ts';

const DEVICE_DB_NAME = 'kwiaciarnia';

/** Each test is a fresh page: the database code not loaded, the device asked anew. */
async function openPage() {
  vi.resetModules();
  const lazyLiveQuery = await import('../../src/lib/deferred-live-query.ts');
  const firstContent = await import('../../src/boot/triggers.ts');
  const countCart = (database: KwiaciarniaDb) => database.cartLines.count();
  function CartCount() {
    const count = lazyLiveQuery.useDeferredLiveQuery(countCart, [], 'device-data');
    return <p data-testid="count">{count === undefined ? 'czekam' : String(count)}</p>;
  }
  render(<CartCount />);
  act(() => firstContent.markFirstContent());
  return { loadDb: lazyLiveQuery.loadDb };
}

const deviceDatabases = async () => (await indexedDB.databases()).map((database) => database.name);
const someTasks = async () => {
  for (let task = 0; task < 20; task += 1) await act(() => new Promise((resolve) => setTimeout(resolve, 5)));
};

async function deleteDeviceDatabase(): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.deleteDatabase(DEVICE_DB_NAME);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error ?? new Error('delete failed'));
  });
}

beforeEach(deleteDeviceDatabase);

describe('a live query on a first visit', () => {
  it('loads no database code while the device keeps nothing, and starts when the page opens the database for a tap', async () => {
    const page = await openPage();
    await someTasks();
    expect(screen.getByTestId('count').textContent).toBe('czekam');
    // Opening the database would have created it: the device still keeps nothing.
    expect(await deviceDatabases()).not.toContain(DEVICE_DB_NAME);

    // A heart or a cart line opens the database: the live query follows it from then on.
    const db = await page.loadDb();
    expect((await screen.findByText('0')).textContent).toBe('0');
    await act(() => db.cartLines.add({ key: 'p1', productId: 'p1', quantity: 1, addedAt: '2026-11-26T10:00:00Z' }));
    expect((await screen.findByText('1')).textContent).toBe('1');
    db.close();
  });

  it('starts at once on a device that keeps the shop’s data', async () => {
    const bootstrap = await import('../../src/lib/db.ts');
    await bootstrap.db.open();
    bootstrap.db.close();
    await openPage();
    expect((await screen.findByText('0')).textContent).toBe('0');
  });

  it('starts when the page comes back into view after another tab created the database', async () => {
    await openPage();
    await someTasks();
    expect(screen.getByTestId('count').textContent).toBe('czekam');

    // Another tab (here: another connection) created the database meanwhile.
    const elsewhere = await import('../../src/lib/db.ts');
    await elsewhere.db.open();
    elsewhere.db.close();
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect((await screen.findByText('0')).textContent).toBe('0');
  });
});
