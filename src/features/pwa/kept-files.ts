/**
 * Build files a visitor's precache leaves out, kept whole in a cache of
 * their own once a page asks the worker (src/sw.ts): the back office on the
 * owner's device, after the owner signs in (src/features/pwa/owner-assets.ts),
 * the way to order once the cart holds a line (src/lib/service-worker.ts),
 * and the rest of the storefront's code on a later visit
 * (src/features/pwa/register-sw.ts). The build lists each
 * (build/vite-plugins/precache-split.ts). Runs in the worker; kept free of
 * worker globals for tests.
 */
export interface KeptFiles {
  /** The build's list: absolute paths on this origin. */
  list: string;
  /** The cache that keeps them. */
  cache: string;
}

export const BACK_OFFICE_FILES: KeptFiles = { list: '/admin-assets.json', cache: 'admin-files' };
export const ORDERING_FILES: KeptFiles = { list: '/storefront-ordering.json', cache: 'ordering-files' };
export const LATER_STOREFRONT_FILES: KeptFiles = { list: '/storefront-later.json', cache: 'storefront-files' };

/** A page the worker controlled from its start asks for the storefront's later files (and the way to order): a later visit. */
export const KEEP_STOREFRONT_MESSAGE = { type: 'KEEP_STOREFRONT' } as const;

/** The list as the build writes it: absolute paths on this origin. Anything else is refused whole. */
export function parseFileList(value: unknown, list: string): string[] {
  if (!Array.isArray(value) || !value.every((item): item is string => typeof item === 'string' && /^\/[^/]/.test(item))) {
    throw new Error(`${list} is not a list of paths`);
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
export async function keepFiles(
  { list, cache: cacheName }: KeptFiles,
  {
    cacheStorage = caches,
    fetcher = fetch,
    origin = self.location.origin,
    prune = true,
  }: { cacheStorage?: CacheStorage; fetcher?: typeof fetch; origin?: string; prune?: boolean } = {},
): Promise<void> {
  const response = await fetcher(new URL(list, origin).href, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${list}: HTTP ${response.status}`);
  const paths = parseFileList(await response.json(), list);
  const cache = await cacheStorage.open(cacheName);
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

/** Whether this device keeps these files already (an earlier version's): then an update brings the new ones along. */
export async function keepsFiles({ cache }: KeptFiles, cacheStorage: CacheStorage = caches): Promise<boolean> {
  if (!(await cacheStorage.has(cache))) return false;
  return (await (await cacheStorage.open(cache)).keys()).length > 0;
}

/** The kept copy of `request` in these files' cache, if any (asking never creates the cache). */
export function keptFile({ cache }: KeptFiles, request: Request, cacheStorage: CacheStorage = caches): Promise<Response | undefined> {
  return cacheStorage.match(request, { cacheName: cache });
}
