/**
 * The back office's files on the owner's device. A visitor's
 * precache leaves them out; the build lists them in /admin-assets.json
 * (vite.config.ts, precacheSplit), and after the owner signs in the page asks
 * the worker (src/sw.ts) to keep them all here, so the installed admin app
 * opens offline. Runs in the worker; kept free of worker globals for tests.
 */
export const ADMIN_ASSETS_CACHE = 'admin-files';
export const ADMIN_ASSETS_LIST = '/admin-assets.json';

/** The list as the build writes it: absolute paths on this origin. Anything else is refused whole. */
export function parseAdminAssetList(value: unknown): string[] {
  if (!Array.isArray(value) || !value.every((item): item is string => typeof item === 'string' && /^\/[^/]/.test(item))) {
    throw new Error('admin-assets.json is not a list of paths');
  }
  return value;
}

/** Hashed build files never change under their name; the others (the admin manifest, its icons) are fetched again. */
const isHashed = (path: string) => path.startsWith('/assets/');

/**
 * Fetches what the cache lacks (and the unhashed files again), then drops
 * what the current build no longer lists, so old versions do not pile up
 * (`prune: false` keeps them: a new worker installing beside the running
 * version must not take that version's files away).
 */
export async function cacheAdminAssets(
  listPath: string,
  {
    cacheStorage = caches,
    fetcher = fetch,
    origin = self.location.origin,
    prune = true,
  }: { cacheStorage?: CacheStorage; fetcher?: typeof fetch; origin?: string; prune?: boolean } = {},
): Promise<void> {
  const response = await fetcher(new URL(listPath, origin).href, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${listPath}: HTTP ${response.status}`);
  const paths = parseAdminAssetList(await response.json());
  const cache = await cacheStorage.open(ADMIN_ASSETS_CACHE);
  const wanted = new Set(paths.map((path) => new URL(path, origin).href));
  await Promise.all(
    [...wanted].map(async (url) => {
      if (isHashed(new URL(url).pathname) && (await cache.match(url))) return;
      const file = await fetcher(url, { cache: 'no-cache' });
      if (!file.ok) throw new Error(`${url}: HTTP ${file.status}`);
      await cache.put(url, file);
    }),
  );
  if (!prune) return;
  for (const request of await cache.keys()) if (!wanted.has(request.url)) await cache.delete(request);
}

/** Whether this device keeps the back office already (an earlier version's): then an update brings the new one along. */
export async function keepsAdminAssets(cacheStorage: CacheStorage = caches): Promise<boolean> {
  if (!(await cacheStorage.has(ADMIN_ASSETS_CACHE))) return false;
  return (await (await cacheStorage.open(ADMIN_ASSETS_CACHE)).keys()).length > 0;
}
