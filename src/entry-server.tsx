import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { InteractiveGate } from './boot/hydration.tsx';
import { setRequestCookies } from './features/shell/cookie-banner-request.ts';
import type { ProductRow } from './domain/product.ts';
import { setServerRenderBackendUrl } from './lib/backend-config.ts';
import { pageDataElement, setServerPageData } from './lib/page-data.ts';
import { createAppRouter } from './router.ts';

/** What a page is rendered with, and brings along for its first render in the browser. */
export interface PageData {
  /** The catalog (catalog pages only). */
  catalog: ProductRow[] | null;
  /** The featured products (the home page only). */
  featured: ProductRow[] | null;
  /** The server's Warsaw date, 'YYYY-MM-DD' (the home page only: its seasonal prompt). */
  today?: string | null;
  /** The `public_settings` rows (shop name, contact details, hours), as PostgREST returns them. */
  settings: unknown[] | null;
  /** The backend address the served page's meta tag names (product photos point at its Storage). */
  backendUrl: string;
  /** The request's Cookie header: only the cookie banner's answer is read from it (nothing personal is rendered). */
  cookies?: string;
}

/**
 * Server rendering of the public storefront pages, so a first visit on a slow
 * connection sees the page (and the products) before the JavaScript arrives.
 * The browser hydrates it (src/main.tsx) from the same data.
 */

/**
 * Pages whose first view depends on nothing but the catalog, or whose device data (the cart) fills in a frame
 * the server draws: no account data.
 */
const PRERENDERED_PATHS = [
  /^\/$/,
  /^\/(cart|checkout)\/?$/,
  /^\/shop\/?$/,
  /^\/product\/[^/]+\/?$/,
  /^\/(about|contact|privacy|terms)\/?$/,
];

export function isPrerenderedPath(pathname: string): boolean {
  return PRERENDERED_PATHS.some((pattern) => pattern.test(pathname));
}

/** Pages that show products: the server renders them with the catalog and sends its rows along. */
export function pageNeedsCatalog(pathname: string): boolean {
  return /^\/(shop|product)(\/|$)/.test(pathname);
}

/** The home page shows the featured products: the server renders it with them and sends them along. */
export function pageNeedsFeatured(pathname: string): boolean {
  return pathname === '/';
}

/**
 * The markup of `url` (path and search) for `#root`, or null when the page is
 * not one of the prerendered ones or does not exist (the client renders it).
 */
export function renderPage(url: string, data: PageData): Promise<string | null> {
  // One page at a time: the data is handed to the page through module state.
  const rendered = queue.then(() => renderOne(url, data));
  queue = rendered.catch(() => undefined);
  return rendered;
}

let queue: Promise<unknown> = Promise.resolve();
/** Far above a normal render (10–50 ms): only a part that never resolves reaches it. */
const RENDER_TIMEOUT_MS = 3_000;

/** The data blocks for the end of the page's `<body>`. */
export function pageDataElements({ catalog, featured, today, settings }: PageData): string {
  return (
    (catalog ? pageDataElement('catalogue-snapshot', catalog) : '') +
    (featured ? pageDataElement('featured-products', featured) : '') +
    (today ? pageDataElement('shop-today', today) : '') +
    (settings ? pageDataElement('public-settings', settings) : '')
  );
}

async function renderOne(
  url: string,
  { catalog, featured, today = null, settings, backendUrl, cookies }: PageData,
): Promise<string | null> {
  const { pathname } = new URL(url, 'http://localhost');
  if (!isPrerenderedPath(pathname)) return null;
  const router = createAppRouter(createMemoryHistory({ initialEntries: [url] }), 'server');
  await router.load();
  if (router.state.matches.some((match) => match.status !== 'success')) return null;
  setServerPageData('catalogue-snapshot', catalog);
  setServerPageData('featured-products', featured);
  setServerPageData('shop-today', today);
  setServerPageData('public-settings', settings);
  setServerRenderBackendUrl(backendUrl);
  setRequestCookies(cookies);
  const signal = AbortSignal.timeout(RENDER_TIMEOUT_MS);
  try {
    // Waits for every lazy part: sections the browser hydrates later still arrive complete.
    const { prelude } = await prerender(
      <StrictMode>
        <InteractiveGate>
          <RouterProvider router={router} />
        </InteractiveGate>
      </StrictMode>,
      // Every boundary inline, in place: React would otherwise send late parts with an inline script, which the CSP refuses.
      { progressiveChunkSize: Number.POSITIVE_INFINITY, signal },
    );
    const html = await new Response(prelude).text();
    // A part that never finished would leave the page incomplete: the plain shell is better then.
    return signal.aborted ? null : html;
  } finally {
    setServerPageData('catalogue-snapshot', null);
    setServerPageData('featured-products', null);
    setServerPageData('shop-today', null);
    setServerPageData('public-settings', null);
    setServerRenderBackendUrl('');
    setRequestCookies(undefined);
  }
}
