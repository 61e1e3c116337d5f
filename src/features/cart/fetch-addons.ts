import { PRODUCT_SELECT, type ProductRow } from '../../domain/product.ts';
import { apiKeyHeaders, getBackendConfig } from '../../lib/backend-config.ts';

/** A weak link may hang: 'Może jeszcze…' is an extra, so it gives up soon and offers the device's copy alone. */
const FETCH_TIMEOUT_MS = 8_000;

let asked: Promise<ProductRow[]> | null = null;

/**
 * The add-ons on sale now, from the server, asked once a page load (RLS lets the anon key read active products
 * only): the device's copy of the catalogue may not be written yet on a first visit. Empty when unreachable.
 */
export function fetchAddons(): Promise<ProductRow[]> {
  asked ??= ask().catch(() => {
    asked = null;
    return [];
  });
  return asked;
}

async function ask(): Promise<ProductRow[]> {
  const { url, anonKey } = getBackendConfig();
  const endpoint = `${url.replace(/\/+$/, '')}/rest/v1/products?select=${PRODUCT_SELECT}&is_addon=is.true`;
  const headers: Record<string, string> = { Accept: 'application/json', ...apiKeyHeaders(anonKey) };
  const response = await fetch(endpoint, { headers, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`Add-ons request failed with HTTP ${response.status}`);
  const body: unknown = await response.json();
  if (!Array.isArray(body)) throw new Error('Add-ons response is not a list');
  return body as ProductRow[];
}
