import type { ProductRow } from '../../domain/product.ts';
import { getBackendConfig } from '../../lib/backend-config.ts';

export class CatalogFetchError extends Error {
  readonly status: number | undefined;

  constructor(message: string, status?: number) {
    super(message);
    this.name = 'CatalogFetchError';
    this.status = status;
  }
}

/**
 * All products visible to anonymous visitors, newest first, straight from
 * PostgREST. A plain `fetch` (not supabase-js) keeps /shop light on a weak
 * connection; RLS decides what the anon key may read.
 */
export async function fetchProducts(signal?: AbortSignal): Promise<ProductRow[]> {
  const early = takePrefetched();
  if (early) {
    try {
      return await early;
    } catch {
      // The early request failed (e.g. the connection dropped meanwhile): ask again below.
    }
  }
  return requestProducts(signal);
}

/** How long an early request stays usable: enough for the page's code to arrive on a slow link. */
const PREFETCH_MAX_AGE_MS = 30_000;
let prefetched: { startedAt: number; rows: Promise<ProductRow[]> } | null = null;

function takePrefetched(): Promise<ProductRow[]> | null {
  const early = prefetched;
  prefetched = null;
  return early && Date.now() - early.startedAt < PREFETCH_MAX_AGE_MS ? early.rows : null;
}

/**
 * Starts the catalogue request while the page's code is still downloading,
 * so on a slow connection the two travel at once; the first fetchProducts
 * takes its answer.
 */
export function prefetchProducts(): void {
  const rows = requestProducts();
  rows.catch(() => undefined); // a failure is handled when (and if) the page asks
  prefetched = { startedAt: Date.now(), rows };
}

async function requestProducts(signal?: AbortSignal): Promise<ProductRow[]> {
  const { url, anonKey } = getBackendConfig();
  const endpoint = `${url.replace(/\/+$/, '')}/rest/v1/products?select=*&order=created_at.desc`;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (anonKey) {
    headers.apikey = anonKey;
    headers.Authorization = `Bearer ${anonKey}`;
  }

  const response = await fetch(endpoint, { headers, signal });
  if (!response.ok) {
    throw new CatalogFetchError(`Products request failed with HTTP ${response.status}`, response.status);
  }
  const body: unknown = await response.json();
  if (!Array.isArray(body)) throw new CatalogFetchError('Products response is not a list');
  return body as ProductRow[];
}
