import type { Page } from 'playwright-core';

/** Puts lines straight into the on-device cart (IndexedDB 'kwiaciarnia', store 'cart'); the next page load reads them. */
export async function putCartLines(page: Page, lines: ReadonlyArray<readonly [productId: string, quantity: number]>): Promise<void> {
  await page.evaluate(
    (items) =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.open('kwiaciarnia');
        request.onsuccess = () => {
          const tx = request.result.transaction('cart', 'readwrite');
          for (const [productId, quantity] of items) tx.objectStore('cart').put({ productId, quantity, addedAt: new Date().toISOString() });
          tx.oncomplete = () => {
            request.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error ?? new Error('cart write failed'));
        };
        request.onerror = () => reject(request.error ?? new Error('opening the database failed'));
      }),
    lines.map(([productId, quantity]) => [productId, quantity] as [string, number]),
  );
}
