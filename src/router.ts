import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen.ts';

/**
 * One router setup for the browser and the server renderer, so both render
 * the same page. On the server (`serverHistory`, the requested URL) it renders
 * no scroll-restoration script: the CSP refuses inline scripts, and the
 * browser's router restores scrolling itself.
 */
export function createAppRouter(serverHistory?: RouterHistory) {
  return createRouter({
    routeTree,
    defaultPreload: 'intent',
    scrollRestoration: serverHistory === undefined,
    // The owner's app scrolls its <main> on phones (admin-layout.tsx): a new page starts at its top there too.
    scrollToTopSelectors: ['#main'],
    ...(serverHistory ? { history: serverHistory } : {}),
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
