import { StrictMode, startTransition } from 'react';
import { RouterProvider, createBrowserHistory } from '@tanstack/react-router';
import { captureInstallPrompt } from './features/pwa/pwa-store.ts';
import { hydratingServerPage, InteractiveGate, serverPageLeft } from './boot/hydration.tsx';
import { nextTask, when } from './boot/triggers.ts';
import { createAppRouter } from './router.ts';
import './styles.css';

// Before the first render: the browser may offer installing before `load`.
captureInstallPrompt();
// Only a link with auth data in its fragment (a refresh token comes with an access token) loads the code that drops it:
// nothing reads tokens from the address (PKCE, detectSessionInUrl off).
if (/[#&](access_token|error|type)=/.test(window.location.hash)) {
  void import('./features/auth/recovery-landing.ts').then(({ dropAuthFragment }) => dropAuthFragment(window.location, window.history));
}

/** Builds the router and hydrates the server's page (or renders the shell), each step in a task of its own. */
async function startApp(): Promise<void> {
  // React DOM is its own chunk (index.html preloads it beside this one): evaluated in a task of its own, and cached
  // across releases of the app, which change this chunk but not that one.
  const reactDom = import('react-dom/client');
  // On a first visit the history gives the page's entry a key (history.replaceState, several ms on a slow phone):
  // not in the same task as building the router and its route tree.
  const history = createBrowserHistory();
  await nextTask();
  openLocalStorage();
  await nextTask();
  const router = createAppRouter(history, 'browser');
  await nextTask();
  const { createRoot, hydrateRoot } = await reactDom;

  // index.html always has it (a page without it fails in hydrateRoot, logged below as the app not starting).
  const rootElement = document.getElementById('root')!;

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
    hydratingServerPage();
    const stopWatching = router.subscribe('onBeforeNavigate', (event) => {
      if (!event.fromLocation) return;
      serverPageLeft();
      stopWatching();
    });
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
}

/**
 * The page's first touch of localStorage waits for the browser to hand over
 * the site's storage (2–16 ms on this machine): here, in a task of its own,
 * not in the middle of the hydration's effects that read it (session, shop
 * name, catalogue, cookie banner).
 */
function openLocalStorage(): void {
  try {
    void window.localStorage.length;
  } catch {
    // Storage blocked: each reader handles that itself.
  }
}

// Evaluating this bundle is one long task on a slow phone; building the router and matching the page is the next
// one, not the same (no task of the first load should block a tap for long).
void nextTask()
  .then(startApp)
  .catch((error: unknown) => console.error('The app could not start', error));

/**
 * Production only: in development and tests MSW owns the worker slot.
 * The registration and the update logic load once the page is idle, so they
 * never compete with it (src/features/pwa/register-sw.ts).
 */
function startServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const start = () => {
    import('./features/pwa/register-sw.ts')
      .then(({ registerServiceWorker }) => registerServiceWorker())
      .catch((error: unknown) => console.error('Service worker registration failed', error));
  };
  when('idle', start);
}

startServiceWorker();
