import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen.ts';

/**
 * One router setup for the browser and the server renderer, so both render
 * the same page. The caller makes the history: the browser's in a task before
 * this one (src/main.tsx), the server's at the requested URL. On the server
 * it renders no scroll-restoration script: the CSP refuses inline scripts,
 * and the browser's router restores scrolling itself.
 */
export function createAppRouter(history: RouterHistory, where: 'browser' | 'server') {
  return createRouter({
    routeTree,
    history,
    defaultPreload: 'intent',
    scrollRestoration: where === 'browser',
    // The owner's app scrolls its <main> on phones (admin-layout.tsx): a new page starts at its top there too.
    scrollToTopSelectors: ['#main'],
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    /** The page marks its first content itself once its data is shown (useFirstContent in src/boot/triggers.ts). */
    waitsForData?: boolean;
  }
}
