import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { HttpResponse, http } from 'msw';
import { catalogProducts } from '../../mocks/fixtures.ts';
import { server } from '../../mocks/node.ts';
import type { ProductRow } from '../../src/domain/product.ts';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { COOKIE_CONSENT_KEY } from '../../src/features/shell/cookie-consent.ts';
import { routeTree } from '../../src/routeTree.gen.ts';

/** Renders the real route tree at `path`, as the app would after navigation. */
export async function renderRoute(path: string) {
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }) });
  await router.load();
  const view = render(<RouterProvider router={router} />);
  return { router, ...view };
}

/** Renders a presentational piece inside a router (its links need one). */
export async function renderInRouter(ui: ReactNode) {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => ui }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  await router.load();
  return render(<RouterProvider router={router} />);
}

/** Makes the mocked backend answer the catalog request with these rows. */
export function serveCatalog(rows: ProductRow[] = catalogProducts) {
  server.use(http.get('*/rest/v1/products', () => HttpResponse.json(rows)));
}

/**
 * For tests that reach the mocked backend: the runtime-config meta tags a
 * served build carries, and a stored cookie consent so the banner stays away.
 */
export function withBackendMetaAndConsent(): void {
  beforeAll(() => {
    document.head.innerHTML =
      '<meta name="supabase-url" content="http://backend.test" /><meta name="supabase-anon-key" content="anon-test-key" />';
  });
  afterAll(() => {
    document.head.innerHTML = '';
  });
  beforeEach(() => {
    window.localStorage.clear();
    window.localStorage.setItem(COOKIE_CONSENT_KEY, 'accepted');
  });
}
