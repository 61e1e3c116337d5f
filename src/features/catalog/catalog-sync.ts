import type { ProductRow } from '../../domain/product.ts';
import { loadDb } from '../../lib/use-lazy-live-query.ts';
import { afterFirstContent } from '../../lib/first-content.ts';
import { forgetCatalogSnapshot } from './catalog-snapshot.ts';
import { fetchProducts } from './fetch-products.ts';

export const CATALOG_SYNCED_AT_KEY = 'catalogSyncedAt';

/** False where the browser offers no IndexedDB (some private modes, test DOMs): the catalog then lives in memory. */
export function hasLocalCatalog(): boolean {
  return typeof indexedDB !== 'undefined';
}

/** Set once a catalog was stored: a first visit need not wait for the database code to show products. */
const STORED_FLAG = 'kwiaciarnia.catalogueStored';

export function catalogStoredBefore(): boolean {
  try {
    return window.localStorage.getItem(STORED_FLAG) === '1';
  } catch {
    return true;
  }
}

/** Replaces the device's copy with `rows` in one transaction: upserts what came, deletes what no longer exists. */
export async function storeCatalog(rows: ProductRow[], syncedAt = new Date()): Promise<void> {
  const db = await loadDb();
  await db.transaction('rw', db.products, db.meta, async () => {
    const current = new Set(rows.map((row) => row.id));
    const localIds = await db.products.toCollection().primaryKeys();
    const gone = localIds.filter((id) => !current.has(id));
    if (gone.length > 0) await db.products.bulkDelete(gone);
    await db.products.bulkPut(rows);
    await db.meta.put({ key: CATALOG_SYNCED_AT_KEY, value: syncedAt.toISOString() });
  });
  try {
    window.localStorage.setItem(STORED_FLAG, '1');
  } catch {
    // Storage blocked: the next visit simply opens the database at once.
  }
}

let inFlight: Promise<ProductRow[]> | null = null;

function storeInBackground(rows: ProductRow[]): void {
  if (hasLocalCatalog()) {
    // Shown at once and stored meanwhile: the database code does not hold up the first view, but the
    // copy is written straight away so a visitor who leaves at once still has it offline next time.
    // A full or blocked database must not hide fresh data.
    storeCatalog(rows).catch((error: unknown) => console.warn('[catalog] Could not store the catalog on this device', error));
  }
}

async function fetchAndStore(): Promise<ProductRow[]> {
  const rows = await fetchProducts();
  forgetCatalogSnapshot();
  storeInBackground(rows);
  return rows;
}

/**
 * A server-rendered page brought the catalog as of a moment ago: it counts
 * as this visit's refresh. Kept on the device once the page is shown and the
 * browser idle, so it never competes with the page coming to life.
 */
export function adoptCatalogSnapshot(rows: ProductRow[]): void {
  forgetCatalogSnapshot();
  afterFirstContent(() => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => storeInBackground(rows), { timeout: 3000 });
    else window.setTimeout(() => storeInBackground(rows), 500);
  });
}

/**
 * Fetches the catalog and stores it on the device. Concurrent callers (two
 * mounted pages, a quick retry) share one request.
 */
export function refreshCatalog(): Promise<ProductRow[]> {
  inFlight ??= fetchAndStore().finally(() => {
    inFlight = null;
  });
  return inFlight;
}
