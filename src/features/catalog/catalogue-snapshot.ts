import type { ProductRow } from '../../domain/product.ts';

/**
 * The catalogue a server-rendered page was rendered with, moments ago. The
 * page's first client render starts from the same rows, so hydration finds
 * the products already on screen, and they count as this visit's refresh.
 */
export const CATALOGUE_SNAPSHOT_ID = 'catalogue-snapshot';

let serverRows: ProductRow[] | null = null;

/** The server sets the rows right before it renders a page (rendering is synchronous). */
export function setCatalogueSnapshot(rows: ProductRow[] | null): void {
  serverRows = rows;
}

function readFromDocument(): ProductRow[] | null {
  if (typeof document === 'undefined') return null;
  const element = document.getElementById(CATALOGUE_SNAPSHOT_ID);
  if (!element?.textContent) return null;
  try {
    const rows: unknown = JSON.parse(element.textContent);
    return Array.isArray(rows) ? (rows as ProductRow[]) : null;
  } catch {
    return null;
  }
}

/** Rows to show before the first refresh, or null when the page came without them. */
export function catalogueSnapshot(): ProductRow[] | null {
  return serverRows ?? readFromDocument();
}

/** Once used or refreshed the rows are old news: later renders must not start from them. */
export function forgetCatalogueSnapshot(): void {
  if (typeof document !== 'undefined') document.getElementById(CATALOGUE_SNAPSHOT_ID)?.remove();
}

/** The data block a server-rendered page carries; `<` is escaped so a product text cannot close the element. */
export function catalogueSnapshotElement(rows: ProductRow[]): string {
  const json = JSON.stringify(rows).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${CATALOGUE_SNAPSHOT_ID}">${json}</script>`;
}
