import { existsSync, readdirSync } from 'node:fs';
import type { Plugin, Rolldown } from 'vite';

/** The list the service worker caches on the owner's device (src/sw.ts). */
const ADMIN_ASSETS_FILE = 'admin-assets.json';
/** The back office's route files: their split chunks are where its code begins. */
const ADMIN_ROUTE = /\/src\/routes\/admin(?:\.tsx|\/)/;
/** supabase-js: a visitor loads it only to sign in, and only then does the worker keep it (its chunk: it and its own dependencies). */
const ON_DEMAND_MODULE = /\/node_modules\/@supabase\//;
/** Public files only the installed back office uses. */
const ADMIN_PUBLIC_FILE = /^(?:admin\.webmanifest|icons\/admin-.+)$/;

export interface PrecacheSplit {
  /** Writes dist/admin-assets.json while the client bundle is written. */
  plugin: Plugin;
  /**
   * The files (paths relative to dist, no leading slash) a visitor's precache
   * leaves out: the list `plugin` wrote. Throws before the bundle is split, so
   * the precache step can never run on an empty list.
   */
  ownerDeviceFiles: () => ReadonlySet<string>;
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
  let ownerDevice: ReadonlySet<string> | null = null;
  const plugin: Plugin = {
    name: 'kwiaciarnia-precache-split',
    apply: 'build',
    generateBundle(_options, bundle: Rolldown.OutputBundle) {
      const files = ownerDeviceFilesOf(bundle);
      ownerDevice = files;
      const list = [...files].sort().map((file) => `/${file}`);
      this.emitFile({ type: 'asset', fileName: ADMIN_ASSETS_FILE, source: `${JSON.stringify(list)}\n` });
    },
  };
  const ownerDeviceFiles = () => {
    if (!ownerDevice) throw new Error(`The precache step ran before ${ADMIN_ASSETS_FILE} was made`);
    return ownerDevice;
  };
  return { plugin, ownerDeviceFiles };
}

/** The back office's files and the on-demand libraries' chunks: what only the owner's device keeps. */
function ownerDeviceFilesOf(bundle: Rolldown.OutputBundle): Set<string> {
  const chunks = Object.values(bundle).filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const isAdminRoot = (chunk: Rolldown.OutputChunk) =>
    chunk.isDynamicEntry && ADMIN_ROUTE.test((chunk.facadeModuleId ?? '').split('?')[0] ?? '');
  const storefront = new Set<string>();
  const queue = chunks.filter((chunk) => chunk.isEntry);
  while (queue.length > 0) {
    const chunk = queue.pop()!;
    if (storefront.has(chunk.fileName) || isAdminRoot(chunk)) continue;
    storefront.add(chunk.fileName);
    for (const next of [...chunk.imports, ...chunk.dynamicImports]) {
      const target = byName.get(next);
      if (target) queue.push(target);
    }
  }
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
