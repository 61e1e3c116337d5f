import { useCallback, useMemo } from 'react';
import type { KwiaciarniaDb } from '../../lib/db.ts';
import { useContentStable } from './paced-rendering.ts';
import { loadDb, useDeferredLiveQuery } from '../../lib/deferred-live-query.ts';
import { hasLocalCatalog } from './catalog-sync.ts';

export interface FavouritesState {
  /** Product ids, most recently hearted first; undefined while reading. */
  ids: string[] | undefined;
  isFavourite: (productId: string) => boolean;
  toggle: (productId: string) => void;
}

async function readFavourites(db: KwiaciarniaDb): Promise<string[]> {
  if (!hasLocalCatalog()) return [];
  try {
    const rows = await db.favourites.orderBy('addedAt').reverse().toArray();
    return rows.map((row) => row.productId);
  } catch (error) {
    console.warn('[catalog] Favourites cannot be read', error);
    return [];
  }
}

const NO_IDS: string[] = [];

function sameIds(previous: readonly string[], next: readonly string[]): boolean {
  return previous.length === next.length && previous.every((id, index) => id === next[index]);
}

/** The wishlist, kept on this device only and shared live across tabs. */
export function useFavourites(): FavouritesState {
  // Hearts may fill in a moment after the products: the database waits for the page's content, and on a
  // first visit (no database on the device: no hearts either) for the page to open it.
  const ids = useDeferredLiveQuery(readFavourites, [], 'device-data');

  // None known yet and none stored look the same on a card: the hearts re-render only when the list changes.
  const hearted = useContentStable(ids ?? NO_IDS, sameIds);
  const isFavourite = useCallback((productId: string) => hearted.includes(productId), [hearted]);

  const toggle = useCallback((productId: string) => {
    if (!hasLocalCatalog()) return;
    loadDb()
      .then((db) =>
        db.transaction('rw', db.favourites, async () => {
          const existing = await db.favourites.get(productId);
          if (existing) await db.favourites.delete(productId);
          else await db.favourites.put({ productId, addedAt: new Date().toISOString() });
        }),
      )
      .catch((error: unknown) => console.warn('[catalog] Could not update favourites', error));
  }, []);

  return useMemo(() => ({ ids, isFavourite, toggle }), [ids, isFavourite, toggle]);
}
