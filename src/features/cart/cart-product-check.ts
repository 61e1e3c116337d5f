import { PRODUCT_SELECT, type ProductRow } from '../../domain/product.ts';
import { apiKeyHeaders, getBackendConfig } from '../../lib/backend-config.ts';
import { loadDb } from '../../lib/deferred-live-query.ts';

/**
 * Cart lines whose product is missing from the device's copy of the catalog
 * (a server-rendered page stores its rows only when idle; a shared link can
 * reach the checkout before that) are asked about by id, so the server, not
 * the device's gap, says whether they can be ordered.
 *
 * 'found' rows are stored in the device's catalog, where the cart reads
 * them; `row` is kept only when that write failed. An 'unreachable' product
 * is asked again in the background (`retrying`) while its line stays
 * orderable: a second view of the cart mounting must not flip it back to
 * 'checking' and hold up an order being placed.
 */
export type ProductCheck =
  | { status: 'checking' }
  | { status: 'found'; row?: ProductRow }
  | { status: 'gone' }
  | { status: 'unreachable'; failedAt: number; retrying: boolean };

export type ProductChecks = ReadonlyMap<string, ProductCheck>;

/** A weak rural link may hang: after this the line says it cannot be checked instead of waiting forever. */
const CHECK_TIMEOUT_MS = 15_000;
/** An unanswered question is asked again on a later view of the cart only after this, or at once when the device comes online. */
const RETRY_AFTER_MS = 10_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

let checks: ProductChecks = new Map();
const listeners = new Set<() => void>();
let retryOnOnline = false;

function update(changes: ReadonlyArray<readonly [string, ProductCheck]>): void {
  const next = new Map(checks);
  for (const [id, check] of changes) next.set(id, check);
  checks = next;
  for (const listener of listeners) listener();
}

export function productChecks(): ProductChecks {
  return checks;
}

export function subscribeToProductChecks(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function fetchProductsById(ids: readonly string[]): Promise<ProductRow[]> {
  const { url, anonKey } = getBackendConfig();
  // RLS lets the anon key read a product only while it is on sale: no row means it is not.
  const endpoint = `${url.replace(/\/+$/, '')}/rest/v1/products?select=${PRODUCT_SELECT}&id=in.(${ids.join(',')})`;
  const headers: Record<string, string> = { Accept: 'application/json', ...apiKeyHeaders(anonKey) };
  const response = await fetch(endpoint, { headers, signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`Products request failed with HTTP ${response.status}`);
  const body: unknown = await response.json();
  if (!Array.isArray(body)) throw new Error('Products response is not a list');
  return body as ProductRow[];
}

/** Adds the rows to the device's copy without replacing it (the catalog's full sync still decides what else is there). */
async function storeProducts(rows: ProductRow[]): Promise<boolean> {
  try {
    const db = await loadDb();
    await db.products.bulkPut(rows);
    return true;
  } catch (error) {
    console.warn('[cart] Could not store the checked products on this device', error);
    return false;
  }
}

async function check(ids: string[]): Promise<void> {
  let rows: ProductRow[];
  try {
    rows = await fetchProductsById(ids);
  } catch {
    const failedAt = Date.now();
    update(ids.map((id) => [id, { status: 'unreachable', failedAt, retrying: false }] as const));
    if (!retryOnOnline) {
      retryOnOnline = true;
      window.addEventListener('online', retryUnreachable);
    }
    return;
  }
  const found = rows.filter((row) => ids.includes(row.id));
  const stored = await storeProducts(found);
  const byId = new Map(found.map((row) => [row.id, row]));
  update(
    ids.map((id) => {
      const row = byId.get(id);
      if (!row) return [id, { status: 'gone' }] as const;
      return [id, stored ? { status: 'found' } : { status: 'found', row }] as const;
    }),
  );
}

function shouldAsk(check: ProductCheck | undefined, now: number, retryNow: boolean): boolean {
  if (check === undefined || check.status === 'found') return true;
  if (check.status === 'unreachable') return !check.retrying && (retryNow || now - check.failedAt >= RETRY_AFTER_MS);
  return false;
}

/**
 * Asks the server about products missing from the device. A product being
 * asked about, or already known to be gone, is not asked again; one found
 * earlier (stored, then dropped by a catalog sync) is, and an unreachable
 * one after a pause (`retryNow`: at once).
 */
export function checkMissingProducts(ids: readonly string[], retryNow = false): void {
  const now = Date.now();
  const wanted = [...new Set(ids)].filter((id) => shouldAsk(checks.get(id), now, retryNow));
  if (wanted.length === 0) return;
  // No product has an id that is not a UUID (and PostgREST would refuse the whole list for it).
  const malformed = wanted.filter((id) => !UUID.test(id));
  const asked = wanted.filter((id) => UUID.test(id));
  update([
    ...malformed.map((id) => [id, { status: 'gone' }] as const),
    ...asked.map((id): [string, ProductCheck] => {
      const previous = checks.get(id);
      return [id, previous?.status === 'unreachable' ? { ...previous, retrying: true } : { status: 'checking' }];
    }),
  ]);
  if (asked.length > 0) void check(asked);
}

function retryUnreachable(): void {
  checkMissingProducts(
    [...checks].filter(([, value]) => value.status === 'unreachable').map(([id]) => id),
    true,
  );
}

/** Tests only. */
export function resetProductChecksForTests(): void {
  checks = new Map();
  if (retryOnOnline) window.removeEventListener('online', retryUnreachable);
  retryOnOnline = false;
}
