import { startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import type { ProductRow } from '../../domain/product.ts';
import type { KwiaciarniaDb } from '../../lib/db.ts';
import { useContentStable } from './paced-rendering.ts';
import { useDeferredLiveQuery } from '../../lib/deferred-live-query.ts';
import { CATALOG_SYNCED_AT_KEY } from './catalog-copy.ts';
import { adoptCatalogSnapshot, catalogStoredBefore, hasLocalCatalog, refreshCatalog } from './catalog-sync.ts';
import { catalogSnapshot } from './catalog-snapshot.ts';

export type CatalogStatus = 'loading' | 'ready' | 'error';

export interface CatalogState {
  /** Newest first; from the device's copy at once, refreshed in the background. */
  products: ProductRow[];
  /**
   * 'loading': nothing to show yet; 'ready': showing data; 'error': the last
   * refresh failed — with products present they are an older local copy.
   */
  status: CatalogStatus;
  error: Error | null;
  retry: () => void;
}

type LocalRead = ProductRow[] | 'unavailable';

/** `rows` of a failed refresh: what was shown before it (the server-rendered rows), kept on screen. */
type SyncState = { phase: 'syncing' } | { phase: 'done'; rows: ProductRow[] } | { phase: 'failed'; error: Error; rows: ProductRow[] };

async function readLocalCatalog(db: KwiaciarniaDb): Promise<LocalRead> {
  if (!hasLocalCatalog()) return 'unavailable';
  try {
    const [rows, syncedAt] = await Promise.all([db.products.orderBy('created_at').reverse().toArray(), db.meta.get(CATALOG_SYNCED_AT_KEY)]);
    // The cart stores single products it had to check with the server: those alone are no catalog to show.
    return syncedAt ? rows : [];
  } catch (error) {
    console.warn('[catalog] The local catalog cannot be read', error);
    return 'unavailable';
  }
}

const NO_ROWS: ProductRow[] = [];

/** The same rows in the same order (the catalogue stored on the device and read back equals what the page shows). */
function sameRows(previous: readonly ProductRow[], next: readonly ProductRow[]): boolean {
  return (
    previous.length === next.length &&
    previous.every((row, index) => row === next[index] || JSON.stringify(row) === JSON.stringify(next[index]))
  );
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/** The catalog, local-first: rows render from Dexie at once; a refresh runs on mount and on retry. */
export function useCatalog(): CatalogState {
  // undefined while the first local read runs. With no copy kept yet, the page shows the server's or the
  // network's rows and reads the device only once it keeps data (a first visit loads no database code).
  const local = useDeferredLiveQuery(readLocalCatalog, [], catalogStoredBefore() ? undefined : 'device-data');
  // A server-rendered page starts from the rows it was rendered with: they are this visit's refresh.
  const [snapshot] = useState(catalogSnapshot);
  const [sync, setSync] = useState<SyncState>(() => (snapshot ? { phase: 'done', rows: snapshot } : { phase: 'syncing' }));
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (snapshot && attempt === 0) {
      adoptCatalogSnapshot(snapshot);
      return undefined;
    }
    let active = true;
    refreshCatalog().then(
      (rows) => {
        // A transition: rendering a few dozen cards is sliced, so the page stays responsive meanwhile.
        if (active) startTransition(() => setSync({ phase: 'done', rows }));
      },
      (error: unknown) => {
        if (active)
          setSync((previous) => ({ phase: 'failed', error: toError(error), rows: previous.phase === 'syncing' ? [] : previous.rows }));
      },
    );
    return () => {
      active = false;
    };
  }, [attempt, snapshot]);

  const retry = useCallback(() => {
    setSync({ phase: 'syncing' });
    setAttempt((value) => value + 1);
  }, []);

  const localRows = Array.isArray(local) ? local : NO_ROWS;
  // Right after a sync the live query may lag a tick behind the fresh rows; without IndexedDB they are all we have.
  const freshRows = sync.phase === 'syncing' ? NO_ROWS : sync.rows;
  // The page's cards re-render only when the products themselves change, not when the same rows come back from the device.
  const rows = useContentStable(localRows.length > 0 ? localRows : freshRows, sameRows);
  const products = useMemo(() => rows.filter((row) => row.active !== false), [rows]);

  if (sync.phase === 'failed') return { products, status: 'error', error: sync.error, retry };
  if (sync.phase === 'syncing' && products.length === 0) return { products, status: 'loading', error: null, retry };
  if (local === undefined && sync.phase !== 'done') return { products, status: 'loading', error: null, retry };
  return { products, status: 'ready', error: null, retry };
}
