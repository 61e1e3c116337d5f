import { deferred } from '../../boot/deferred.tsx';

/*
 * Entry-side handles of the PWA layer. Both come from one small chunk that
 * loads once the page is idle, so the first load of `/` does not carry them;
 * the service worker precaches it for offline starts.
 */
const layer = () => import('./pwa-layer.tsx');
export const PwaNotices = deferred(() => layer().then((m) => m.PwaNotices), 'idle', { fallback: null });
export const PwaInstall = deferred(() => layer().then((m) => m.PwaInstall), 'idle', { fallback: null });
