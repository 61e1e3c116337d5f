import { lazy } from 'react';

/*
 * Entry-side handles of the PWA layer. Both come from one small chunk that
 * the root route mounts behind a DeferredSlot, so the first load of `/` does
 * not carry them; the service worker precaches it for offline starts.
 */
const layer = () => import('./pwa-layer.tsx');
export const PwaNotices = lazy(() => layer().then((m) => ({ default: m.PwaNotices })));
export const PwaInstall = lazy(() => layer().then((m) => ({ default: m.PwaInstall })));
