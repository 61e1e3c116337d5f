import type { Page } from 'playwright-core';

/** The copy of the cart the shop keeps for its next page (src/features/cart/cart-snapshot.ts). */
const CART_SNAPSHOT_KEY = 'kwiaciarnia:cart';

/**
 * Puts lines straight into the on-device cart (IndexedDB 'kwiaciarnia', store 'cartLines', keyed by product for a product sold as one); the next page load reads them.
 * The shop's own copy of the cart is dropped, as the shop drops it before each change it makes.
 * Waits for the shop to have created its database with its stores: on a first visit the service worker may do so a
 * moment after the page has shown (it keeps the catalogue's copy). Dexie creates the database empty at version 1
 * before it adds the stores: each look closes its connection at once, which would otherwise block the upgrade.
 */
export async function putCartLines(page: Page, lines: ReadonlyArray<readonly [productId: string, quantity: number]>): Promise<void> {
  // Polled inside the page: waitForFunction would take the predicate's promise itself for a truthy answer.
  // (No named helpers inside: tools that keep function names would wrap them in code the page lacks.)
  await page.evaluate(async () => {
    for (const deadline = Date.now() + 30_000; ; await new Promise((resolve) => setTimeout(resolve, 100))) {
      if (Date.now() > deadline) throw new Error("The shop did not create its database 'kwiaciarnia' within 30 s");
      // Opening a database that does not exist would create it empty: only once the shop has created it.
      if (!(await indexedDB.databases()).some((database) => database.name === 'kwiaciarnia')) continue;
      const found = await new Promise<boolean>((resolve) => {
        const request = indexedDB.open('kwiaciarnia');
        request.onsuccess = () => {
          resolve(request.result.objectStoreNames.contains('cartLines'));
          request.result.close();
        };
        request.onerror = () => resolve(false);
      });
      if (found) return;
    }
  });
  await page.evaluate(
    (items) =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.open('kwiaciarnia');
        request.onsuccess = () => {
          const database = request.result;
          try {
            const tx = database.transaction('cartLines', 'readwrite');
            for (const [productId, quantity] of items)
              tx.objectStore('cartLines').put({ key: productId, productId, quantity, addedAt: new Date().toISOString() });
            tx.oncomplete = () => {
              database.close();
              resolve();
            };
            tx.onerror = () => {
              database.close();
              reject(tx.error ?? new Error('cart write failed'));
            };
          } catch (error) {
            database.close();
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        };
        request.onerror = () => reject(request.error ?? new Error('opening the database failed'));
      }),
    lines.map(([productId, quantity]) => [productId, quantity] as [string, number]),
  );
  await page.evaluate((key) => window.localStorage.removeItem(key), CART_SNAPSHOT_KEY);
}
