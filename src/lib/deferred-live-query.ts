import { startTransition, useEffect, useState } from 'react';
import type { liveQuery as liveQueryOfDexie } from 'dexie';
import { deviceKeepsData, deviceKeepsDataNow } from '../boot/device-data.ts';
import { nextTask, when, type Trigger } from '../boot/triggers.ts';
import type { KwiaciarniaDb } from './db.ts';

/**
 * When a live query may first load the database code (no trigger: at once,
 * the page shows what the device keeps), in the vocabulary of src/boot:
 * - 'first-content': once the page shows its first content;
 * - 'device-data': once the page shows its first content, if this device
 *   keeps the shop's data at all. Else (a first visit) only when the page
 *   opens the database for another reason (a heart, a cart line), or comes
 *   back into view with data kept meanwhile (another tab): a first visit then
 *   loads no database code while it comes to life;
 * - 'idle': once the browser is idle after the first content (the page shows
 *   a copy of the answer meanwhile), or as soon as the page opens the
 *   database for another reason (a change the page must show).
 */
type LiveQueryTrigger = Extract<Trigger, 'first-content' | 'device-data' | 'idle'>;

/**
 * Like dexie-react-hooks' useLiveQuery, but Dexie is fetched when the hook
 * first runs instead of with the page's code: a catalog page can show the
 * products from the network before the database code has even arrived.
 * `undefined` until the first result.
 */
export function useDeferredLiveQuery<T>(
  query: (db: KwiaciarniaDb) => Promise<T>,
  deps: readonly unknown[],
  trigger?: LiveQueryTrigger,
): T | undefined {
  const [result, setResult] = useState<{ value: T } | undefined>(undefined);
  useEffect(() => {
    let active = true;
    let started = false;
    let subscription: { unsubscribe(): void } | undefined;
    const stops: Array<() => void> = [];
    const stopWaiting = () => stops.splice(0).forEach((stop) => stop());
    const start = () => {
      if (started || !active) return;
      started = true;
      stopWaiting();
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
    const startIfDeviceKeepsData = (ask: () => Promise<boolean>) => {
      void ask().then((keeps) => {
        if (keeps) start();
      });
    };
    const whenDeviceKeepsData = () => {
      startIfDeviceKeepsData(deviceKeepsData);
      stops.push(onDatabaseLoading(start));
      const onVisible = () => {
        if (document.visibilityState === 'visible') startIfDeviceKeepsData(deviceKeepsDataNow);
      };
      document.addEventListener('visibilitychange', onVisible);
      stops.push(() => document.removeEventListener('visibilitychange', onVisible));
    };
    if (!trigger) start();
    else if (trigger === 'idle') stops.push(when('idle', start), onDatabaseLoading(start));
    else stops.push(when('first-content', trigger === 'first-content' ? start : whenDeviceKeepsData));
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
 * a task of its own: on a slow phone any two together are one long task.
 * Opened before any query is handed the database: Dexie runs the
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

/** Live queries waiting for the page to open the database for some other reason. */
const waitingForDatabase = new Set<() => void>();

/** Calls back once the page starts loading the database (at once if it has); returns a cancel function. */
function onDatabaseLoading(callback: () => void): () => void {
  if (opening) {
    callback();
    return () => {};
  }
  waitingForDatabase.add(callback);
  return () => waitingForDatabase.delete(callback);
}

function loadDatabase(): ReturnType<typeof openDatabase> {
  if (opening) return opening;
  opening = openDatabase().catch((error: unknown) => {
    // The code could not be fetched (offline before it was cached): the next caller tries again.
    opening = null;
    throw error;
  });
  const loading = opening;
  const waiting = [...waitingForDatabase];
  waitingForDatabase.clear();
  waiting.forEach((callback) => callback());
  return loading;
}

/** The one database, fetched on first use. */
export async function loadDb(): Promise<KwiaciarniaDb> {
  return (await loadDatabase()).db;
}
