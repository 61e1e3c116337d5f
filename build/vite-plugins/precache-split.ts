import { existsSync, readdirSync } from 'node:fs';
import type { Plugin, Rolldown } from 'vite';

/** The list the service worker caches on the owner's device (src/sw.ts). */
const ADMIN_ASSETS_FILE = 'admin-assets.json';
/** The way to order (the cart, the checkout, 'Moje zamówienia'): the worker keeps it once the cart holds a line (src/sw.ts). */
const ORDERING_ASSETS_FILE = 'storefront-ordering.json';
/** The rest of the storefront's code a first visit does not precache: the worker keeps it on a later visit (src/sw.ts). */
const LATER_ASSETS_FILE = 'storefront-later.json';
/** The back office's route files: their split chunks are where its code begins. */
const ADMIN_ROUTE = /\/src\/routes\/admin(?:\.tsx|\/)/;
/** A storefront route's file (not the root, not a '-' helper beside the routes). */
const STOREFRONT_ROUTE = /\/src\/routes\/(?!-|__root)[^/]+\.tsx$/;
/** The routes a first visit precaches: the pages a visitor most likely opens next while browsing. */
const FIRST_VISIT_ROUTE = /\/src\/routes\/(?:index|shop|product\.\$id)\.tsx$/;
/**
 * The way to order offline: the cart, the checkout, and 'Moje zamówienia', where a queued order is followed. Kept
 * as soon as the cart holds a line, on the first visit too (docs/decisions/027-first-visit-precache.md).
 */
const ORDERING_ROUTE = /\/src\/routes\/(?:cart|checkout\.index|account)\.tsx$/;
/**
 * Parts of every page that do nothing without the network (signing in and out, installing, updating): a first
 * visit leaves them for later like the other routes, and offline they simply do not open.
 */
const NETWORK_ONLY_PART =
  /\/src\/(?:features\/shell\/account-menu\.tsx|features\/pwa\/(?:install-offer|update-prompt|owner-assets)\.tsx?|features\/auth\/(?:auth-session|recovery-landing)\.ts|routes\/-clear-account-data\.ts)$/;
/** supabase-js: a visitor loads it only to sign in, and only then does the worker keep it (its chunk: it and its own dependencies). */
const ON_DEMAND_MODULE = /\/node_modules\/@supabase\//;
/** Public files only the installed back office uses. */
const ADMIN_PUBLIC_FILE = /^(?:admin\.webmanifest|icons\/admin-.+)$/;

export interface PrecacheSplit {
  /** Writes dist/admin-assets.json, dist/storefront-ordering.json and dist/storefront-later.json while the client bundle is written. */
  plugin: Plugin;
  /**
   * The files (paths relative to dist, no leading slash) only the owner's
   * device keeps: the list `plugin` wrote. Throws before the bundle is split, so
   * the precache step can never run on an empty list.
   */
  ownerDeviceFiles: () => ReadonlySet<string>;
  /** The way to order's files a first visit leaves until the cart holds a line. Throws as `ownerDeviceFiles`. */
  orderingFiles: () => ReadonlySet<string>;
  /** The rest of the storefront's files, left for a later visit. Throws as `ownerDeviceFiles`. */
  laterFiles: () => ReadonlySet<string>;
  /** What a visitor's precache leaves out: all three lists. */
  leftOutOfPrecache: () => ReadonlySet<string>;
}

/**
 * Splits the build for the service worker (docs/decisions/011-admin-precache-split.md):
 * the chunks reachable from the entry without passing through a back-office
 * route are the storefront's; every other chunk (and CSS or worker file only
 * those use) is the back office's and goes to dist/admin-assets.json instead
 * of a visitor's precache. Chunks of supabase-js (and its dependencies) are
 * loaded on demand (a visitor's device keeps them once used; the owner's with
 * the back office). The same list is handed to the precache step through
 * `ownerDeviceFiles`.
 */
export function precacheSplit(): PrecacheSplit {
  let lists: Split | null = null;
  const plugin: Plugin = {
    name: 'kwiaciarnia-precache-split',
    apply: 'build',
    generateBundle(_options, bundle: Rolldown.OutputBundle) {
      lists = splitOf(bundle);
      const emit = (fileName: string, files: ReadonlySet<string>) => {
        const list = [...files].sort().map((file) => `/${file}`);
        this.emitFile({ type: 'asset', fileName, source: `${JSON.stringify(list)}\n` });
      };
      emit(ADMIN_ASSETS_FILE, lists.ownerDevice);
      emit(ORDERING_ASSETS_FILE, lists.ordering);
      emit(LATER_ASSETS_FILE, lists.later);
    },
  };
  const split = () => {
    if (!lists) throw new Error(`The precache step ran before ${ADMIN_ASSETS_FILE} was made`);
    return lists;
  };
  return {
    plugin,
    ownerDeviceFiles: () => split().ownerDevice,
    orderingFiles: () => split().ordering,
    laterFiles: () => split().later,
    leftOutOfPrecache: () => new Set([...split().ownerDevice, ...split().ordering, ...split().later]),
  };
}

type Chunk = Rolldown.OutputChunk;

const facadeOf = (chunk: Chunk) => (chunk.facadeModuleId ?? '').split('?')[0] ?? '';

interface Split {
  ownerDevice: ReadonlySet<string>;
  ordering: ReadonlySet<string>;
  later: ReadonlySet<string>;
}

/** The chunks reachable from `from` (the entries) through static and dynamic imports, never into a chunk `stopAt` names. */
function reachable(chunks: readonly Chunk[], stopAt: (chunk: Chunk) => boolean, from = (chunk: Chunk) => chunk.isEntry): Set<string> {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const found = new Set<string>();
  const queue = chunks.filter(from);
  while (queue.length > 0) {
    const chunk = queue.pop()!;
    if (found.has(chunk.fileName) || stopAt(chunk)) continue;
    found.add(chunk.fileName);
    for (const next of [...chunk.imports, ...chunk.dynamicImports]) {
      const target = byName.get(next);
      if (target) queue.push(target);
    }
  }
  return found;
}

/**
 * The owner's device's files, and the storefront's files a first visit
 * leaves out: the chunks reachable only through the way to order (and CSS
 * only those use), then those reachable only through the other storefront routes.
 */
function splitOf(bundle: Rolldown.OutputBundle): Split {
  const ownerDevice = ownerDeviceFilesOf(bundle);
  const chunks = Object.values(bundle).filter((file): file is Chunk => file.type === 'chunk');
  const isAdminRoot = (chunk: Chunk) => chunk.isDynamicEntry && ADMIN_ROUTE.test(facadeOf(chunk));
  const isOrderingRoute = (chunk: Chunk) => chunk.isDynamicEntry && ORDERING_ROUTE.test(facadeOf(chunk));
  const isLaterRoute = (chunk: Chunk) =>
    chunk.isDynamicEntry &&
    ((STOREFRONT_ROUTE.test(facadeOf(chunk)) && !FIRST_VISIT_ROUTE.test(facadeOf(chunk))) || NETWORK_ONLY_PART.test(facadeOf(chunk)));
  const firstVisit = reachable(chunks, (chunk) => isAdminRoot(chunk) || isLaterRoute(chunk));
  const orderingReach = reachable(
    chunks,
    (chunk) => isAdminRoot(chunk) || (isLaterRoute(chunk) && !isOrderingRoute(chunk)),
    isOrderingRoute,
  );
  const cssOf = (names: ReadonlySet<string>) =>
    new Set(chunks.filter((chunk) => names.has(chunk.fileName)).flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]));
  const firstVisitCss = cssOf(firstVisit);
  const ordering = new Set<string>();
  const later = new Set<string>();
  for (const chunk of chunks) {
    if (firstVisit.has(chunk.fileName) || ownerDevice.has(chunk.fileName)) continue;
    const list = orderingReach.has(chunk.fileName) ? ordering : later;
    list.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) if (!firstVisitCss.has(css) && !ownerDevice.has(css)) list.add(css);
  }
  // A stylesheet both lists' chunks use travels with the way to order, which is kept first.
  for (const css of ordering) later.delete(css);
  return { ownerDevice, ordering, later };
}

/** The back office's files and the on-demand libraries' chunks: what only the owner's device keeps. */
function ownerDeviceFilesOf(bundle: Rolldown.OutputBundle): Set<string> {
  const chunks = Object.values(bundle).filter((file): file is Chunk => file.type === 'chunk');
  const storefront = reachable(chunks, (chunk) => chunk.isDynamicEntry && ADMIN_ROUTE.test(facadeOf(chunk)));
  const storefrontCss = new Set(
    chunks.filter((chunk) => storefront.has(chunk.fileName)).flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]),
  );
  const admin = new Set<string>();
  const onDemand = new Set<string>();
  for (const chunk of chunks) {
    if (!storefront.has(chunk.fileName)) {
      admin.add(chunk.fileName);
      for (const css of chunk.viteMetadata?.importedCss ?? []) if (!storefrontCss.has(css)) admin.add(css);
    } else if (chunk.moduleIds.some((id) => ON_DEMAND_MODULE.test(id)) && chunk.moduleIds.every((id) => id.includes('/node_modules/'))) {
      onDemand.add(chunk.fileName);
    }
  }
  // A worker's file (photo processing) is an asset named in the code of the chunks that start it.
  for (const file of Object.values(bundle)) {
    if (file.type !== 'asset' || !file.fileName.endsWith('.js')) continue;
    const users = chunks.filter((chunk) => chunk.code.includes(file.fileName.split('/').pop()!));
    if (users.length > 0 && users.every((chunk) => admin.has(chunk.fileName))) admin.add(file.fileName);
  }
  listFiles('public')
    .filter((file) => ADMIN_PUBLIC_FILE.test(file))
    .forEach((file) => admin.add(file));
  // The owner's device keeps supabase-js with the back office: the admin app restores its session offline.
  return new Set([...admin, ...onDemand]);
}

function listFiles(dir: string, prefix = ''): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(`${dir}/${entry.name}`, `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  );
}
