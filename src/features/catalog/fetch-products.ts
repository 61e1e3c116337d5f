import { PRODUCT_SELECT, type ProductRow } from '../../domain/product.ts';
import { apiKeyHeaders, getBackendConfig } from '../../lib/backend-config.ts';

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
  const { url, anonKey } = getBackendConfig();
  const endpoint = `${url.replace(/\/+$/, '')}/rest/v1/products?select=${PRODUCT_SELECT}&order=created_at.desc`;
  const headers: Record<string, string> = { Accept: 'application/json', ...apiKeyHeaders(anonKey) };

  const response = await fetch(endpoint, { headers, signal });
  if (!response.ok) {
    throw new CatalogFetchError(`Products request failed with HTTP ${response.status}`, response.status);
  }
  const body: unknown = await response.json();
  if (!Array.isArray(body)) throw new CatalogFetchError('Products response is not a list');
  return body as ProductRow[];
}
