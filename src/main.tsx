import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { prefetchProducts } from './features/catalog/fetch-products.ts';
import { captureInstallPrompt } from './features/pwa/pwa-store.ts';
import { routeTree } from './routeTree.gen.ts';
import './styles.css';

// Before the first render: the browser may offer installing before `load`.
captureInstallPrompt();

// Catalogue pages: the products request travels while their code downloads.
if (/^\/(shop|product|favourites)(\/|$)/.test(window.location.pathname)) prefetchProducts();

const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Missing #root element in index.html');

const root = createRoot(rootElement);
// As a transition the first render is time-sliced: a slow phone stays responsive while the page is built.
startTransition(() => {
  root.render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
});

/**
 * Production only: in development and tests MSW owns the worker slot.
 * workbox-window and the update logic load after `load`, so they never
 * compete with the first paint (src/features/pwa/register-sw.ts).
 */
function startServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const start = () => {
    import('./features/pwa/register-sw.ts')
      .then(({ registerServiceWorker }) => registerServiceWorker())
      .catch((error: unknown) => console.error('Service worker registration failed', error));
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

startServiceWorker();
