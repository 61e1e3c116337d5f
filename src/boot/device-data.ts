/** The IndexedDB database of src/lib/db.ts (not imported here: boot never loads Dexie). */
const DEVICE_DB_NAME = 'kwiaciarnia';

let keeps: Promise<boolean> | null = null;

/**
 * Whether this device already keeps the shop's data (cart, queued orders,
 * catalogue copy), asked once per page without opening the database:
 * opening it creates it, and on a first visit that alone is a long task on a
 * slow phone. Unknown (an older browser, an error) counts as yes.
 */
export function deviceKeepsData(): Promise<boolean> {
  keeps ??= (async () => {
    try {
      if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return true;
      const databases = await indexedDB.databases();
      return databases.some((database) => database.name === DEVICE_DB_NAME);
    } catch {
      return true;
    }
  })();
  return keeps;
}

/** Asks again, as for a page that comes back into view: another tab may have created the database meanwhile. */
export function deviceKeepsDataNow(): Promise<boolean> {
  keeps = null;
  return deviceKeepsData();
}

/** Tests only. */
export function resetDeviceDataForTests(): void {
  keeps = null;
}
