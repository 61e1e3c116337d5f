import type { ProductRow } from '../../domain/product.ts';
import type { KwiaciarniaDb } from '../../lib/db.ts';

/**
 * The device's copy of the catalogue, written by the page or by the service
 * worker (src/sw.ts): the same transaction either way.
 */
export const CATALOG_SYNCED_AT_KEY = 'catalogSyncedAt';

/** Replaces the device's copy with `rows` in one transaction: upserts what came, deletes what no longer exists. */
export async function writeCatalogCopy(db: KwiaciarniaDb, rows: ProductRow[], syncedAt: Date): Promise<void> {
  await db.transaction('rw', db.products, db.meta, async () => {
    const current = new Set(rows.map((row) => row.id));
    const localIds = await db.products.toCollection().primaryKeys();
    const gone = localIds.filter((id) => !current.has(id));
    if (gone.length > 0) await db.products.bulkDelete(gone);
    await db.products.bulkPut(rows);
    await db.meta.put({ key: CATALOG_SYNCED_AT_KEY, value: syncedAt.toISOString() });
  });
}

/** A page asks the service worker to keep a catalogue (the reply comes on the message's port). */
export const KEEP_CATALOGUE_MESSAGE_TYPE = 'KEEP_CATALOGUE';

export interface KeepCatalogueMessage {
  type: typeof KEEP_CATALOGUE_MESSAGE_TYPE;
  rows: ProductRow[];
  syncedAt: string;
}

export type KeepCatalogueReply = { ok: true } | { ok: false; error: string };

/** Far above any florist's catalogue: a bigger message is not one the shop sent. */
const MAX_ROWS = 5000;

function looksLikeProductRow(value: unknown): value is ProductRow {
  if (typeof value !== 'object' || value === null) return false;
  const row = value as Record<string, unknown>;
  return (
    typeof row.id === 'string' &&
    row.id.length > 0 &&
    typeof row.name === 'string' &&
    typeof row.price === 'number' &&
    typeof row.active === 'boolean'
  );
}

/** The worker's check of a page's message: the rows and time it names, or null for anything else. */
export function parseKeepCatalogueMessage(data: unknown): { rows: ProductRow[]; syncedAt: Date } | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as Partial<Record<keyof KeepCatalogueMessage, unknown>>;
  if (message.type !== KEEP_CATALOGUE_MESSAGE_TYPE) return null;
  const { rows, syncedAt } = message;
  if (!Array.isArray(rows) || rows.length > MAX_ROWS || !rows.every(looksLikeProductRow)) return null;
  const time = typeof syncedAt === 'string' ? new Date(syncedAt) : null;
  if (!time || Number.isNaN(time.getTime())) return null;
  return { rows, syncedAt: time };
}
