/**
 * Data a server-rendered page brings for its first render, so that render (and
 * hydration) matches what the server drew: JSON data blocks, which the CSP
 * allows because they are not scripts. On the server the renderer hands the
 * same values over through setServerPageData before each page.
 */

export type PageDataId = 'catalogue-snapshot' | 'featured-products' | 'shop-today' | 'public-settings';

const onServer = new Map<PageDataId, unknown>();

/** Server only, right before a page is rendered; `null` clears the value. */
export function setServerPageData(id: PageDataId, value: unknown): void {
  if (value === null) onServer.delete(id);
  else onServer.set(id, value);
}

/** The value the page brought (the server's while it renders), or undefined. */
export function readPageData(id: PageDataId): unknown {
  if (typeof document === 'undefined') return onServer.get(id);
  const text = document.getElementById(id)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Once used up, later renders must not start from it. */
export function dropPageData(id: PageDataId): void {
  if (typeof document !== 'undefined') document.getElementById(id)?.remove();
}

/** The block for the page; `<` is escaped, so no text inside can close the element. */
export function pageDataElement(id: PageDataId, value: unknown): string {
  return `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;
}
