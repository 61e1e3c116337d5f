import { existsSync, statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { PageData } from '../../src/entry-server.tsx';
import { currentInstant, warsawDate } from '../../src/domain/calendar/warsaw-clock.ts';
import { PRODUCT_SELECT } from '../../src/domain/product.ts';
import { FEATURED_PRODUCTS_PATH } from '../../src/features/home/featured-query.ts';
import { apiKeyHeaders } from '../../src/lib/api-key-headers.ts';

/**
 * Server rendering for the app server: the storefront's public pages are
 * sent with their markup, rendered with the current public settings and, on
 * catalog pages, the catalog rows (both sent along for hydration), so a
 * first visit on a slow link sees the page before the JavaScript arrives.
 * Renders with the bundle `npm run build` writes to dist-server/
 * (src/entry-server.tsx); without it the pages go out as the plain shell.
 */

interface ServerEntry {
  renderPage(url: string, data: PageData): Promise<string | null>;
  pageNeedsCatalog(pathname: string): boolean;
  pageNeedsFeatured(pathname: string): boolean;
  pageDataElements(data: PageData): string;
}

export interface PrerenderedPage {
  /** Markup for `#root`. */
  appHtml: string;
  /** Extra elements for the end of `<body>` (the data the page was rendered with). */
  bodyEnd: string;
}

/**
 * `backendUrl`: the backend address the page's meta tag names for this request
 * (the browser's view of it, which may differ from the server's own
 * `PrerenderOptions.backendUrl`); photo addresses are drawn with it, so the
 * markup matches what the browser renders when it hydrates.
 */
export type Prerender = (url: string, backendUrl: string, cookies?: string) => Promise<PrerenderedPage | null>;

export interface PrerenderOptions {
  /** dist-server/entry-server.js */
  entryFile: string;
  /** The backend gateway as the server reaches it, e.g. http://127.0.0.1:54321 */
  backendUrl: string;
  anonKey: string;
}

/** A slow backend must not hold up the page: it is then rendered without that data (loading state, default settings). */
const DATA_TIMEOUT_MS = 1_500;

export function createPrerender({ entryFile, backendUrl, anonKey }: PrerenderOptions): Prerender {
  let loaded: { mtimeMs: number; entry: Promise<ServerEntry> } | null = null;
  const inFlight = new Map<string, Promise<unknown[] | null>>();

  // A rebuild while the server runs replaces the bundle: load the new one.
  function entry(): Promise<ServerEntry> | null {
    if (!existsSync(entryFile)) return null;
    const { mtimeMs } = statSync(entryFile);
    if (loaded?.mtimeMs !== mtimeMs) {
      loaded = { mtimeMs, entry: import(`${pathToFileURL(entryFile).href}?v=${mtimeMs}`) as Promise<ServerEntry> };
    }
    return loaded.entry;
  }

  async function fetchRows(path: string): Promise<unknown[] | null> {
    try {
      const response = await fetch(`${backendUrl}/rest/v1/${path}`, {
        headers: { ...apiKeyHeaders(anonKey), Accept: 'application/json' },
        signal: AbortSignal.timeout(DATA_TIMEOUT_MS),
      });
      if (!response.ok) return null;
      const rows: unknown = await response.json();
      return Array.isArray(rows) ? rows : null;
    } catch {
      return null;
    }
  }

  // Always the current rows (a catalog page uses them as this visit's refresh); requests at the same moment share one query.
  function currentRows(path: string): Promise<unknown[] | null> {
    let rows = inFlight.get(path);
    if (!rows) {
      rows = fetchRows(path).finally(() => inFlight.delete(path));
      inFlight.set(path, rows);
    }
    return rows;
  }

  return async (url, publicBackendUrl, cookies) => {
    // `url` is a path and search; "//x…" would read as the host x, and is no page of the shop: the client renders it.
    if (!url.startsWith('/') || url.startsWith('//')) return null;
    const pending = entry();
    if (!pending) return null;
    try {
      const server = await pending;
      const { pathname } = new URL(url, 'http://localhost');
      const [catalog, featured, settings] = await Promise.all([
        server.pageNeedsCatalog(pathname) ? currentRows(`products?select=${PRODUCT_SELECT}&order=created_at.desc`) : null,
        server.pageNeedsFeatured(pathname) ? currentRows(FEATURED_PRODUCTS_PATH) : null,
        currentRows('public_settings?select=key,value'),
      ]);
      // The rows are what the anonymous visitor may read (RLS), exactly as the browser would fetch them.
      const data: PageData = {
        catalog: catalog as PageData['catalog'],
        featured: featured as PageData['featured'],
        // The home page's seasonal prompt is decided with the server's date, not the device's.
        today: server.pageNeedsFeatured(pathname) ? warsawDate(currentInstant()) : null,
        settings,
        backendUrl: publicBackendUrl,
        cookies,
      };
      const appHtml = await server.renderPage(url, data);
      if (appHtml === null) return null;
      return { appHtml, bodyEnd: server.pageDataElements(data) };
    } catch (error) {
      // The client renders every page by itself as well: a rendering failure costs speed, not the page.
      console.error('[prerender] rendering failed for', url, error);
      return null;
    }
  };
}
