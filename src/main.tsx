import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { forwardStrayRecoveryLink } from './features/auth/recovery-landing.ts';
import { captureInstallPrompt } from './features/pwa/pwa-store.ts';
import { afterFirstContent } from './lib/first-content.ts';
import { InteractiveGate } from './lib/interactive-gate.tsx';
import { createAppRouter } from './router.ts';
import './styles.css';

// Before the first render: the browser may offer installing before `load`.
captureInstallPrompt();
forwardStrayRecoveryLink(window.location);

const router = createAppRouter();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Missing #root element in index.html');

const app = (
  <StrictMode>
    <InteractiveGate>
      <RouterProvider router={router} />
    </InteractiveGate>
  </StrictMode>
);

// As transitions the first render and the hydration are time-sliced: a slow phone stays responsive meanwhile.
if (rootElement.hasChildNodes()) {
  // Server-rendered (src/entry-server.tsx): the route's code loads first, so hydration finds the same page.
  // Marks the router as hydrating server markup: its root then renders without the Suspense wrapper, as on the server.
  router.ssr = { manifest: undefined };
  const hydrate = () =>
    startTransition(() => {
      hydrateRoot(rootElement, app, {
        // A part whose first render differs from the server's is rendered afresh by React: worth a note, not an error.
        onRecoverableError: (error) => console.warn('[hydration] rendered on the client instead', error),
      });
    });
  router.load().then(hydrate, (error: unknown) => {
    console.error('Route loading failed', error);
    hydrate();
  });
} else {
  const root = createRoot(rootElement);
  startTransition(() => root.render(app));
}

/**
 * Production only: in development and tests MSW owns the worker slot.
 * workbox-window and the update logic load after `load` and the page's first
 * content, so they never compete with it (src/features/pwa/register-sw.ts).
 */
function startServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const start = () => {
    import('./features/pwa/register-sw.ts')
      .then(({ registerServiceWorker }) => registerServiceWorker())
      .catch((error: unknown) => console.error('Service worker registration failed', error));
  };
  const afterLoad = () => afterFirstContent(start);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}

startServiceWorker();
