import { describe, expect, it, vi } from 'vitest';
import {
  BACK_OFFICE_FILES,
  LATER_STOREFRONT_FILES,
  keepFiles,
  keepsFiles,
  keptFile,
  parseFileList,
} from '../../src/features/pwa/kept-files.ts';
import { CACHE_ADMIN_ASSETS_MESSAGE, keepBackOfficeOnDevice } from '../../src/features/pwa/owner-assets.ts';

const ORIGIN = 'https://sklep.example.pl';

/** An in-memory CacheStorage with the few calls the worker makes. */
function fakeCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const open = (name: string) => {
    const entries = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, entries);
    return Promise.resolve({
      match: (url: string) => Promise.resolve(entries.get(url)),
      put: (url: string, response: Response) => Promise.resolve(void entries.set(url, response)),
      keys: () => Promise.resolve([...entries.keys()].map((url) => new Request(url))),
      delete: (request: Request) => Promise.resolve(entries.delete(request.url)),
    } as unknown as Cache);
  };
  const has = (name: string) => Promise.resolve(stores.has(name));
  const match = (request: Request, { cacheName }: { cacheName: string }) => Promise.resolve(stores.get(cacheName)?.get(request.url));
  return { cacheStorage: { open, has, match } as unknown as CacheStorage, stores };
}

/** A network answering the list and each file, recording what was fetched. */
function fakeNetwork(list: unknown, failing: string[] = []) {
  const fetched: string[] = [];
  const fetcher = (input: RequestInfo | URL) => {
    const url = String(input);
    fetched.push(url);
    if (url.endsWith('.json')) return Promise.resolve(Response.json(list));
    if (failing.some((path) => url.endsWith(path))) return Promise.resolve(new Response('', { status: 404 }));
    return Promise.resolve(new Response(`body of ${url}`));
  };
  return { fetcher: fetcher as typeof fetch, fetched };
}

describe("the back office's files on the owner's device", () => {
  it('accepts the build list of absolute paths and refuses anything else whole', () => {
    expect(parseFileList(['/assets/admin-1.js', '/admin.webmanifest'], '/admin-assets.json')).toEqual([
      '/assets/admin-1.js',
      '/admin.webmanifest',
    ]);
    for (const bad of [{}, ['assets/admin.js'], ['//evil.example/x.js'], ['/ok.js', 3], null]) {
      expect(() => parseFileList(bad, '/admin-assets.json'), JSON.stringify(bad)).toThrow();
    }
  });

  it('keeps every listed file in its own cache', async () => {
    const { cacheStorage, stores } = fakeCaches();
    const { fetcher } = fakeNetwork(['/assets/admin-1.js', '/assets/settings-2.js', '/icons/admin-192.png']);

    await keepFiles(BACK_OFFICE_FILES, { cacheStorage, fetcher, origin: ORIGIN });

    expect([...stores.get(BACK_OFFICE_FILES.cache)!.keys()].sort()).toEqual([
      `${ORIGIN}/assets/admin-1.js`,
      `${ORIGIN}/assets/settings-2.js`,
      `${ORIGIN}/icons/admin-192.png`,
    ]);
  });

  it('fetches again only what is not hashed, and drops the files of an earlier build', async () => {
    const { cacheStorage, stores } = fakeCaches();
    await keepFiles(BACK_OFFICE_FILES, {
      cacheStorage,
      fetcher: fakeNetwork(['/assets/admin-1.js', '/admin.webmanifest']).fetcher,
      origin: ORIGIN,
    });

    const next = fakeNetwork(['/assets/admin-1.js', '/assets/admin-3.js', '/admin.webmanifest']);
    await keepFiles(BACK_OFFICE_FILES, { cacheStorage, fetcher: next.fetcher, origin: ORIGIN });
    expect(next.fetched.sort()).toEqual([`${ORIGIN}/admin-assets.json`, `${ORIGIN}/admin.webmanifest`, `${ORIGIN}/assets/admin-3.js`]);

    const newer = fakeNetwork(['/assets/admin-3.js', '/admin.webmanifest']);
    await keepFiles(BACK_OFFICE_FILES, { cacheStorage, fetcher: newer.fetcher, origin: ORIGIN });
    expect([...stores.get(BACK_OFFICE_FILES.cache)!.keys()].sort()).toEqual([`${ORIGIN}/admin.webmanifest`, `${ORIGIN}/assets/admin-3.js`]);
  });

  it("an update installing beside the running version adds its files and leaves the running ones; the device counts as the owner's", async () => {
    const { cacheStorage, stores } = fakeCaches();
    expect(await keepsFiles(BACK_OFFICE_FILES, cacheStorage)).toBe(false);
    await keepFiles(BACK_OFFICE_FILES, { cacheStorage, fetcher: fakeNetwork(['/assets/admin-1.js']).fetcher, origin: ORIGIN });
    expect(await keepsFiles(BACK_OFFICE_FILES, cacheStorage)).toBe(true);

    const update = fakeNetwork(['/assets/admin-2.js']);
    await keepFiles(BACK_OFFICE_FILES, { cacheStorage, fetcher: update.fetcher, origin: ORIGIN, prune: false });
    expect([...stores.get(BACK_OFFICE_FILES.cache)!.keys()].sort()).toEqual([`${ORIGIN}/assets/admin-1.js`, `${ORIGIN}/assets/admin-2.js`]);
  });

  it('fails (and keeps what it had) when a file cannot be fetched, so the page asks again next time', async () => {
    const { cacheStorage, stores } = fakeCaches();
    await keepFiles(BACK_OFFICE_FILES, { cacheStorage, fetcher: fakeNetwork(['/assets/admin-1.js']).fetcher, origin: ORIGIN });

    const broken = fakeNetwork(['/assets/admin-1.js', '/assets/admin-2.js'], ['/assets/admin-2.js']);
    await expect(keepFiles(BACK_OFFICE_FILES, { cacheStorage, fetcher: broken.fetcher, origin: ORIGIN })).rejects.toThrow('404');
    expect([...stores.get(BACK_OFFICE_FILES.cache)!.keys()]).toEqual([`${ORIGIN}/assets/admin-1.js`]);
  });

  it("keeps the storefront's later code in a cache of its own, apart from the back office", async () => {
    const { cacheStorage, stores } = fakeCaches();
    await keepFiles(BACK_OFFICE_FILES, { cacheStorage, fetcher: fakeNetwork(['/assets/admin-1.js']).fetcher, origin: ORIGIN });
    expect(await keepsFiles(LATER_STOREFRONT_FILES, cacheStorage)).toBe(false);

    // Asking for a file before anything is kept finds nothing and creates no cache.
    expect(await keptFile(LATER_STOREFRONT_FILES, new Request(`${ORIGIN}/assets/about-1.js`), cacheStorage)).toBeUndefined();
    expect(stores.has(LATER_STOREFRONT_FILES.cache)).toBe(false);

    const later = fakeNetwork(['/assets/about-1.js', '/assets/contact-2.js']);
    await keepFiles(LATER_STOREFRONT_FILES, { cacheStorage, fetcher: later.fetcher, origin: ORIGIN });
    expect(later.fetched[0]).toBe(`${ORIGIN}/storefront-later.json`);
    expect([...stores.get(LATER_STOREFRONT_FILES.cache)!.keys()].sort()).toEqual([
      `${ORIGIN}/assets/about-1.js`,
      `${ORIGIN}/assets/contact-2.js`,
    ]);
    expect([...stores.get(BACK_OFFICE_FILES.cache)!.keys()]).toEqual([`${ORIGIN}/assets/admin-1.js`]);
    expect(await keepsFiles(LATER_STOREFRONT_FILES, cacheStorage)).toBe(true);
    expect(await keptFile(LATER_STOREFRONT_FILES, new Request(`${ORIGIN}/assets/about-1.js`), cacheStorage)).toBeDefined();
    expect(await keptFile(BACK_OFFICE_FILES, new Request(`${ORIGIN}/assets/about-1.js`), cacheStorage)).toBeUndefined();
  });

  it("the owner's page asks the active worker, and does nothing without one", async () => {
    const posted: unknown[] = [];
    const container = { ready: Promise.resolve({ active: { postMessage: (message: unknown) => posted.push(message) } }) };
    await keepBackOfficeOnDevice(container as unknown as ServiceWorkerContainer);
    expect(posted).toEqual([CACHE_ADMIN_ASSETS_MESSAGE]);

    await expect(keepBackOfficeOnDevice(null)).resolves.toBeUndefined();
  });

  it('a worker that cannot be reached leaves a warning, not a rejection the page would have to handle', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const container = { ready: Promise.reject(new Error('no worker')) };
    await expect(keepBackOfficeOnDevice(container as unknown as ServiceWorkerContainer)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith('[pwa] the back office was not kept for offline use', expect.any(Error));
    warn.mockRestore();
  });
});
