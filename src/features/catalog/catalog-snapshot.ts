import type { ProductRow } from '../../domain/product.ts';
import { dropPageData, readPageData } from '../../lib/page-data.ts';

/**
 * The catalog a server-rendered page was rendered with, moments ago. The
 * page's first client render starts from the same rows, so hydration finds
 * the products already on screen, and they count as this visit's refresh.
 */
export const CATALOG_SNAPSHOT_ID = 'catalogue-snapshot';

/** Rows to show before the first refresh, or null when the page came without them. */
export function catalogSnapshot(): ProductRow[] | null {
  const rows = readPageData(CATALOG_SNAPSHOT_ID);
  return Array.isArray(rows) ? (rows as ProductRow[]) : null;
}

/** Once used or refreshed the rows are old news: later renders must not start from them. */
export function forgetCatalogSnapshot(): void {
  dropPageData(CATALOG_SNAPSHOT_ID);
}
