import { startTransition, useEffect, useState } from 'react';
import type { liveQuery as liveQueryOfDexie } from 'dexie';
import type { KwiaciarniaDb } from './db.ts';
import { afterFirstContent } from './first-content.ts';
import { nextTask } from './next-task.ts';

/**
 * Like dexie-react-hooks' useLiveQuery, but Dexie is fetched when the hook
 * first runs instead of with the page's code: a catalog page can show the
 * products from the network before the database code has even arrived.
 * `undefined` until the first result.
 */
export function useLazyLiveQuery<T>(
  query: (db: KwiaciarniaDb) => Promise<T>,
  deps: readonly unknown[],
  { afterFirstContent: waitForFirstContent = false }: { afterFirstContent?: boolean } = {},
): T | undefined {
  const [result, setResult] = useState<{ value: T } | undefined>(undefined);
  useEffect(() => {
    let active = true;
    let subscription: { unsubscribe(): void } | undefined;
    let stopWaiting = () => {};
    const start = () => {
      void loadDatabase()
        .then(({ liveQuery, db }) => {
          if (!active) return;
          subscription = liveQuery(() => query(db)).subscribe({
            next: (value) => startTransition(() => setResult({ value })),
            error: (error: unknown) => console.warn('[db] A live query failed', error),
          });
        })
        .catch((error: unknown) => console.warn('[db] The database code could not be loaded', error));
    };
    // With nothing useful on the device yet, the database waits until the page shows its content.
    if (waitForFirstContent) stopWaiting = afterFirstContent(start);
    else start();
    return () => {
      active = false;
      stopWaiting();
      subscription?.unsubscribe();
    };
    // The caller lists what the query depends on, as with useEffect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return result?.value;
}

/**
 * Dexie's code, the database it defines, and the database's opening, each in
 * a task of its own: on a slow phone any two together are one long task
 * (issue 22). Opened before any query is handed the database: Dexie runs the
 * queries that wait for the opening in the same task as its completion.
 */
async function openDatabase(): Promise<{ liveQuery: typeof liveQueryOfDexie; db: KwiaciarniaDb }> {
  const { liveQuery } = await import('dexie');
  await nextTask();
  const { db } = await import('./db.ts');
  // A database that cannot be opened (storage blocked) fails each query instead, where the callers handle it.
  await db.open().catch(() => undefined);
  await nextTask();
  return { liveQuery, db };
}

let opening: ReturnType<typeof openDatabase> | null = null;

function loadDatabase(): ReturnType<typeof openDatabase> {
  opening ??= openDatabase().catch((error: unknown) => {
    // The code could not be fetched (offline before it was cached): the next caller tries again.
    opening = null;
    throw error;
  });
  return opening;
}

/** The one database, fetched on first use. */
export async function loadDb(): Promise<KwiaciarniaDb> {
  return (await loadDatabase()).db;
}
