import type { Plugin, Rolldown } from 'vite';

/** Read by the app server (server/app/static-server.ts): the code it preloads in a page's HTML, by path. */
export const PAGE_PRELOADS_FILE = 'page-preloads.json';

/**
 * Pages whose first content is drawn by their own code from the device's data (the cart's lines come from
 * IndexedDB): the server cannot render it, so their HTML names their code and the browser fetches it beside the
 * entry instead of one round trip after another (docs/decisions/034-cart-code-preloaded.md).
 */
const DEVICE_DATA_PAGES: ReadonlyArray<{ path: string; route: RegExp }> = [{ path: '/cart', route: /\/src\/routes\/cart\.tsx$/ }];

type Chunk = Rolldown.OutputChunk;

/** Each page's route chunk and every chunk it imports statically, less what the entry already brings. */
export function pagePreloadsOf(chunks: readonly Chunk[]): Record<string, string[]> {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const staticClosure = (start: readonly Chunk[]) => {
    const found = new Set<string>();
    const queue = [...start];
    while (queue.length > 0) {
      const chunk = queue.pop()!;
      if (found.has(chunk.fileName)) continue;
      found.add(chunk.fileName);
      for (const name of chunk.imports) {
        const next = byName.get(name);
        if (next) queue.push(next);
      }
    }
    return found;
  };
  const withEntry = staticClosure(chunks.filter((chunk) => chunk.isEntry));
  const preloads: Record<string, string[]> = {};
  for (const { path, route } of DEVICE_DATA_PAGES) {
    const routeChunks = chunks.filter((chunk) => chunk.isDynamicEntry && route.test((chunk.facadeModuleId ?? '').split('?')[0] ?? ''));
    if (routeChunks.length === 0)
      throw new Error(`No route chunk for ${path}: check DEVICE_DATA_PAGES in build/vite-plugins/page-preloads.ts`);
    preloads[path] = [...staticClosure(routeChunks)]
      .filter((file) => !withEntry.has(file))
      .sort()
      .map((file) => `/${file}`);
  }
  return preloads;
}

/** Writes dist/page-preloads.json while the client bundle is written. */
export function pagePreloads(): Plugin {
  return {
    name: 'kwiaciarnia-page-preloads',
    apply: 'build',
    generateBundle(_options, bundle: Rolldown.OutputBundle) {
      const chunks = Object.values(bundle).filter((file): file is Chunk => file.type === 'chunk');
      this.emitFile({ type: 'asset', fileName: PAGE_PRELOADS_FILE, source: `${JSON.stringify(pagePreloadsOf(chunks))}\n` });
    },
  };
}
