import { existsSync, statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { ProductRow } from '../src/domain/product.ts';

/**
 * Server rendering for the local server: the storefront's public pages are
 * sent with their markup and, on catalogue pages, the catalogue rows, so a
 * first visit on a slow link sees products before the JavaScript arrives.
 * Renders with the bundle `npm run build` writes to dist-server/
 * (src/entry-server.tsx); without it the pages go out as the plain shell.
 */

interface ServerEntry {
  renderPage(url: string, catalogue: ProductRow[] | null): Promise<string | null>;
  pageNeedsCatalogue(pathname: string): boolean;
  catalogueSnapshotElement(rows: ProductRow[]): string;
}

export interface PrerenderedPage {
  /** Markup for `#root`. */
  appHtml: string;
  /** Extra elements for the end of `<body>` (the catalogue rows the page was rendered with). */
  bodyEnd: string;
}

export type Prerender = (url: string) => Promise<PrerenderedPage | null>;

export interface PrerenderOptions {
  /** dist-server/entry-server.js */
  entryFile: string;
  /** The backend gateway as the server reaches it, e.g. http://127.0.0.1:54321 */
  backendUrl: string;
  anonKey: string;
}

/** A slow backend must not hold up the page: it is then rendered without rows (loading state). */
const CATALOGUE_TIMEOUT_MS = 1_500;

export function createPrerender({ entryFile, backendUrl, anonKey }: PrerenderOptions): Prerender {
  let loaded: { mtimeMs: number; entry: Promise<ServerEntry> } | null = null;
  let inFlight: Promise<ProductRow[] | null> | null = null;

  // A rebuild while the server runs replaces the bundle: load the new one.
  function entry(): Promise<ServerEntry> | null {
    if (!existsSync(entryFile)) return null;
    const { mtimeMs } = statSync(entryFile);
    if (loaded?.mtimeMs !== mtimeMs) {
      loaded = { mtimeMs, entry: import(`${pathToFileURL(entryFile).href}?v=${mtimeMs}`) as Promise<ServerEntry> };
    }
    return loaded.entry;
  }

  async function fetchCatalogue(): Promise<ProductRow[] | null> {
    try {
      const response = await fetch(`${backendUrl}/rest/v1/products?select=*&order=created_at.desc`, {
        headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}`, Accept: 'application/json' },
        signal: AbortSignal.timeout(CATALOGUE_TIMEOUT_MS),
      });
      if (!response.ok) return null;
      const rows: unknown = await response.json();
      return Array.isArray(rows) ? (rows as ProductRow[]) : null;
    } catch {
      return null;
    }
  }

  // Always the current rows (the page uses them as this visit's refresh); requests at the same moment share one query.
  function currentCatalogue(): Promise<ProductRow[] | null> {
    inFlight ??= fetchCatalogue().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  return async (url) => {
    const pending = entry();
    if (!pending) return null;
    try {
      const server = await pending;
      const { pathname } = new URL(url, 'http://localhost');
      const rows = server.pageNeedsCatalogue(pathname) ? await currentCatalogue() : null;
      const appHtml = await server.renderPage(url, rows);
      if (appHtml === null) return null;
      return { appHtml, bodyEnd: rows ? server.catalogueSnapshotElement(rows) : '' };
    } catch (error) {
      // The client renders every page by itself as well: a rendering failure costs speed, not the page.
      console.error('[prerender] rendering failed for', url, error);
      return null;
    }
  };
}
