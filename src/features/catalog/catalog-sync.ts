import type { ProductRow } from '../../domain/product.ts';
import { when } from '../../boot/triggers.ts';
import { activeServiceWorker } from '../../lib/service-worker.ts';
import { loadDb } from '../../lib/deferred-live-query.ts';
import { KEEP_CATALOGUE_MESSAGE_TYPE, type KeepCatalogueMessage, type KeepCatalogueReply, writeCatalogCopy } from './catalog-copy.ts';
import { forgetCatalogSnapshot } from './catalog-snapshot.ts';
import { fetchProducts } from './fetch-products.ts';

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

/** Stores `rows` from the page itself (Dexie loads here): where no service worker takes the work. */
async function storeCatalog(rows: ProductRow[], syncedAt = new Date()): Promise<void> {
  await writeCatalogCopy(await loadDb(), rows, syncedAt);
  markCatalogStored();
}

/** The newest rows waiting for the page to write them; null when none wait. */
let waitingRows: ProductRow[] | null = null;

/**
 * The page writes the copy at 'device-data': at idle on a device that keeps
 * the shop's data, else at the visitor's first tap or key. A first visit
 * that only looks then loads no database code; one that acts (a cart line, a
 * heart) loads it then anyway. Only the newest rows are written.
 */
async function storeOnDeviceData(rows: ProductRow[]): Promise<void> {
  const alreadyWaiting = waitingRows !== null;
  waitingRows = rows;
  if (alreadyWaiting) return;
  await new Promise<void>((resolve) => when('device-data', resolve));
  const newest = waitingRows;
  waitingRows = null;
  await storeCatalog(newest);
}

function markCatalogStored(): void {
  try {
    window.localStorage.setItem(STORED_FLAG, '1');
  } catch {
    // Storage blocked: the next visit simply opens the database at once.
  }
}

/** How long a page waits for the worker's answer before it counts the copy as not kept. */
const WORKER_REPLY_TIMEOUT_MS = 30_000;

/** Hands `rows` to the app's service worker, which keeps them (src/sw.ts); rejects when it says it could not. */
function keepInServiceWorker(worker: ServiceWorker, rows: ProductRow[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const channel = new MessageChannel();
    const timer = window.setTimeout(() => reject(new Error('The service worker did not answer')), WORKER_REPLY_TIMEOUT_MS);
    channel.port1.onmessage = (event: MessageEvent<KeepCatalogueReply>) => {
      window.clearTimeout(timer);
      channel.port1.close();
      if (event.data.ok) resolve();
      else reject(new Error(event.data.error));
    };
    const message: KeepCatalogueMessage = { type: KEEP_CATALOGUE_MESSAGE_TYPE, rows, syncedAt: new Date().toISOString() };
    worker.postMessage(message, [channel.port2]);
  });
}

let inFlight: Promise<ProductRow[]> | null = null;

/**
 * Keeps `rows` on the device without holding up the page. Where the app has
 * its service worker, the worker writes them: Dexie's code and the writing
 * then never run on the page's main thread, which on a first visit loads no
 * database code at all; a first visit's copy waits for the
 * worker's install, and the worker is what opens the shop offline anyway.
 * Without a worker the page writes them, at 'device-data'.
 * A full or blocked database must not hide fresh data: failures are notes.
 */
async function keepCatalog(rows: ProductRow[]): Promise<void> {
  const worker = await activeServiceWorker();
  if (!worker) return storeOnDeviceData(rows);
  await keepInServiceWorker(worker, rows);
  markCatalogStored();
}

function storeInBackground(rows: ProductRow[]): void {
  if (!hasLocalCatalog()) return;
  keepCatalog(rows).catch((error: unknown) => console.warn('[catalog] Could not store the catalog on this device', error));
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
  when('idle', () => storeInBackground(rows));
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
