/*
 * Stands in for Vite's preload helper in the client build (vite.config.ts,
 * compactPreloadHelper): every dynamic import goes through it. Vite's also
 * handles modulepreload links, CSP nonces and relative bases, none of which
 * this build uses (modulePreload's resolveDependencies leaves a lazy chunk
 * only its stylesheets); it was 0.6 KiB of the entry's gzip.
 * This one adds a lazy chunk's stylesheets, once each, and waits for them
 * before the chunk runs, as Vite's does.
 */

const stylesheets = new Map<string, Promise<void>>();

function addStylesheet(href: string): Promise<void> {
  let added = stylesheets.get(href);
  if (!added) {
    added = new Promise<void>((resolve, reject) => {
      // index.html links the app's own stylesheet with the same path.
      if (document.querySelector(`link[rel="stylesheet"][href="${href}"]`)) {
        resolve();
        return;
      }
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      link.addEventListener('load', () => resolve());
      link.addEventListener('error', () => {
        // Offline, say: a later import of the same chunk tries again.
        stylesheets.delete(href);
        link.remove();
        reject(new Error(`Unable to preload CSS for ${href}`));
      });
      document.head.append(link);
    });
    stylesheets.set(href, added);
  }
  return added;
}

/** `deps`: the lazy chunk's stylesheets, as paths from the site's root (Vite's base is '/'). */
export function __vitePreload<Module>(load: () => Promise<Module>, deps?: readonly string[]): Promise<Module> {
  return deps?.length ? Promise.all(deps.map((dep) => addStylesheet(`/${dep}`))).then(load) : load();
}
