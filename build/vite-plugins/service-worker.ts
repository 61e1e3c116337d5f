import type { PluginOption } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The service worker (src/sw.ts, built by vite-plugin-pwa's injectManifest)
 * and the storefront's web app manifest. `leftOutOfPrecache` is the precache
 * split's lists (./precache-split.ts): the back office and supabase-js stay
 * out of a visitor's precache, and the storefront's code a first visit leaves
 * for a later one.
 */
export function serviceWorker(leftOutOfPrecache: () => ReadonlySet<string>): PluginOption {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    injectRegister: false,
    // The manifest's icons are the OS's business once installed (see globIgnores).
    includeManifestIcons: false,
    // The storefront's manifest; vite-plugin-pwa links it from index.html. The back
    // office has its own (public/admin.webmanifest), swapped in on /admin pages.
    manifest: {
      id: '/',
      name: 'Kwiaciarnia Pod Różą',
      short_name: 'Pod Różą',
      description:
        'Rodzinna kwiaciarnia z Birczy koło Przemyśla: świeże i sztuczne kwiaty, znicze, pamiątki i prezenty. Zamów online z dostawą.',
      lang: 'pl',
      dir: 'ltr',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'any',
      // src/styles.css: forest-800 and cream.
      theme_color: '#1c4833',
      background_color: '#fbf7f1',
      categories: ['shopping', 'lifestyle'],
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
      screenshots: [
        {
          src: '/screenshots/shop-narrow.png',
          sizes: '390x844',
          type: 'image/png',
          form_factor: 'narrow',
          label: 'Sklep na telefonie: kategorie i produkty',
        },
        {
          src: '/screenshots/shop-wide.png',
          sizes: '1280x800',
          type: 'image/png',
          form_factor: 'wide',
          label: 'Sklep na komputerze: kategorie i produkty',
        },
      ],
      shortcuts: [
        { name: 'Sklep', url: '/shop', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
        { name: 'Koszyk', url: '/cart', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
      ],
    },
    injectManifest: {
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      // Only the browser's install sheet shows the screenshots, and the OS keeps an installed app's icon: not worth
      // precaching. The favicon (svg) and the apple-touch icon the pages link stay. Product artwork is kept as it is
      // shown, as product photos are (src/sw.ts).
      globIgnores: ['screenshots/**', 'icons/icon-*.png', 'icons/maskable-*.png', 'products/**'],
      // The back office, supabase-js and the storefront's later code stay out of a visitor's precache.
      manifestTransforms: [
        (entries) => {
          const leftOut = leftOutOfPrecache();
          const manifest = entries.filter((entry) => !leftOut.has(entry.url.replace(/^\//, '')));
          return { manifest, warnings: [] };
        },
      ],
    },
    // MSW owns the worker slot in development and tests.
    devOptions: { enabled: false },
  });
}
