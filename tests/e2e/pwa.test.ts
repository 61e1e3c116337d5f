import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumPerFile } from '../support/browser.ts';
import { waitForLaterStorefront, waitForServiceWorkerControl } from '../support/service-worker.ts';
import { appUrl as url, testBackend } from '../support/test-backend.ts';

/** The installable storefront and back office, and the service worker, in real Chromium against the served build. */

const chromium = chromiumPerFile();

interface ManifestIcon {
  src: string;
  sizes: string;
  type?: string;
  purpose?: string;
}
interface Manifest {
  id?: string;
  name: string;
  short_name: string;
  description?: string;
  lang?: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color?: string;
  background_color?: string;
  categories?: string[];
  icons: ManifestIcon[];
  screenshots?: (ManifestIcon & { form_factor?: string; label?: string })[];
}

async function newPage(viewport = { width: 390, height: 844 }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await chromium.browser.newContext({ viewport });
  const page = await context.newPage();
  return { context, page };
}

/** The page's manifest links, the manifest they point at, and Chromium's own reading of it. */
async function linkedManifest(page: Page) {
  const hrefs = await page.locator('link[rel="manifest"]').evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
  expect(hrefs).toHaveLength(1);
  const response = await page.request.get(hrefs[0]!);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  expect(response.headers()['cache-control']).toBe('no-cache');
  const manifest = (await response.json()) as Manifest;
  const cdp = await page.context().newCDPSession(page);
  const parsed = (await cdp.send('Page.getAppManifest', {})) as { url: string; errors: { message: string }[]; parsed?: { scope: string } };
  await cdp.detach();
  return { href: hrefs[0]!, manifest, chromium: parsed };
}

async function expectImage(page: Page, src: string) {
  const response = await page.request.get(url(src));
  expect(response.status(), src).toBe(200);
  expect(response.headers()['content-type'], src).toBe('image/png');
}

describe('installable storefront', () => {
  it("keeps a first visit's catalogue through the service worker: the page itself loads no database code, and the shop opens offline", async () => {
    const { context, page } = await newPage();
    const pageScripts: string[] = [];
    page.on('request', (request) => {
      if (request.frame() === page.mainFrame() && request.resourceType() === 'script') pageScripts.push(new URL(request.url()).pathname);
    });
    // Dexie (its import wrapper) and the database's definition are chunks of their own.
    const databaseChunks = () => pageScripts.filter((path) => /\/assets\/(import-wrapper|db)-[\w-]+\.js$/.test(path));
    await page.goto(url('/shop'));
    await page.locator('main a[href^="/product/"]').first().waitFor();
    // Issue 22: the worker writes the copy (off the page's main thread) once it is installed, and the page marks it kept.
    await page.waitForFunction(() => localStorage.getItem('kwiaciarnia.catalogueStored') === '1', undefined, { timeout: 30_000 });
    const kept = await page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const request = indexedDB.open('kwiaciarnia');
          request.onerror = () => reject(request.error ?? new Error('open failed'));
          request.onsuccess = () => {
            const count = request.result.transaction('products').objectStore('products').count();
            count.onsuccess = () => resolve(count.result);
            count.onerror = () => reject(count.error ?? new Error('count failed'));
          };
        }),
    );
    const shown = await page.getByRole('list', { name: 'Produkty' }).getByRole('article').count();
    expect(kept).toBeGreaterThanOrEqual(shown);
    expect(databaseChunks()).toEqual([]);

    await waitForServiceWorkerControl(page);
    await context.setOffline(true);
    await page.goto(url('/shop'));
    await page.locator('main a[href^="/product/"]').first().waitFor();
    await context.close();
  });

  it('links one manifest on / with the fields an install needs', async () => {
    const { context, page } = await newPage();
    await page.goto(url('/'));
    const { href, manifest, chromium: parsed } = await linkedManifest(page);

    expect(new URL(href).pathname).toBe('/manifest.webmanifest');
    expect(parsed.errors).toEqual([]);
    expect(parsed.parsed?.scope).toBe(url('/'));
    expect(manifest).toMatchObject({
      id: '/',
      name: 'Kwiaciarnia Pod Różą',
      short_name: 'Pod Różą',
      lang: 'pl',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#1c4833',
      background_color: '#fbf7f1',
    });
    expect(manifest.description).toMatch(/kwiaciarnia/i);
    expect(manifest.categories).toContain('shopping');

    const sizes = (purpose: string) =>
      manifest.icons.filter((icon) => (icon.purpose ?? 'any').split(' ').includes(purpose)).map((icon) => icon.sizes);
    expect(sizes('any')).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(sizes('maskable').length).toBeGreaterThan(0);
    expect(manifest.screenshots?.map((shot) => [shot.form_factor, shot.sizes])).toEqual([
      ['narrow', '390x844'],
      ['wide', '1280x800'],
    ]);
    for (const image of [...manifest.icons, ...manifest.screenshots!]) await expectImage(page, image.src);
    await context.close();
  });
});

describe('installable back office', () => {
  it("links the admin manifest (scoped to /admin, opening on today's 'Realizacja') on admin pages, and only there", async () => {
    const { context, page } = await newPage({ width: 1280, height: 800 });
    await page.goto(url('/login?redirect=%2Fadmin'));
    await page.getByLabel('E-mail').fill(testBackend().ownerEmail);
    await page.getByLabel('Hasło', { exact: true }).fill(testBackend().ownerPassword);
    await page.getByRole('button', { name: 'Zaloguj się' }).click();
    await page.waitForURL(url('/admin'));
    await page.getByRole('heading', { level: 1, name: 'Panel Administratora' }).waitFor();

    const admin = await linkedManifest(page);
    expect(new URL(admin.href).pathname).toBe('/admin.webmanifest');
    expect(admin.manifest).toMatchObject({
      id: '/admin',
      name: 'Kwiaciarnia — Panel',
      // The same app as existing installs (its id), opening on the day's work.
      start_url: '/admin/realizacja',
      scope: '/admin',
      display: 'standalone',
    });
    // Chromium keeps the scope (a start_url outside it would silently widen it to the whole shop).
    expect(admin.chromium.errors).toEqual([]);
    expect(admin.chromium.parsed?.scope).toBe(url('/admin'));
    expect(admin.manifest.icons.map((icon) => icon.src)).toContain('/icons/admin-192.png');
    for (const icon of admin.manifest.icons) await expectImage(page, icon.src);

    // The installed app's first page: the day view of today, in the back office's own frame.
    await page.goto(url(admin.manifest.start_url));
    await page.getByRole('heading', { level: 1, name: 'Realizacja' }).waitFor();
    const sections = page.getByRole('navigation', { name: 'Sekcje panelu' });
    expect(await sections.getByRole('link', { name: 'Realizacja' }).getAttribute('aria-current')).toBe('page');

    // Leaving the back office (the owner's menu: 'Wróć do sklepu') brings the storefront manifest back.
    await page.getByRole('button', { name: /^Konto: / }).click();
    await page.getByRole('menuitem', { name: 'Wróć do sklepu' }).click();
    await page.waitForURL(url('/'));
    // The URL changes before the admin pages unmount; check once the shop is on screen.
    await page.getByRole('navigation', { name: 'Główna nawigacja' }).waitFor();
    expect(new URL((await linkedManifest(page)).href).pathname).toBe('/manifest.webmanifest');
    await context.close();
  });
});

/** What the worker keeps, by cache: the precache's and the owner's back-office cache's paths. */
async function workerCaches(page: Page): Promise<{ precache: string[]; ownerFiles: string[] }> {
  return page.evaluate(async () => {
    const paths = async (name: string) => (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname);
    const names = await caches.keys();
    const precacheName = names.find((name) => name.startsWith('workbox-precache'));
    return {
      precache: precacheName ? await paths(precacheName) : [],
      ownerFiles: names.includes('admin-files') ? await paths('admin-files') : [],
    };
  });
}

describe("the back office on the owner's device only (issue 22)", () => {
  it("keeps no back-office file in a visitor's precache; the owner's device keeps them all after login and opens the admin app offline", async () => {
    const adminFiles = (await (await fetch(url('/admin-assets.json'))).json()) as string[];
    expect(adminFiles.some((file) => /^\/assets\/.+\.js$/.test(file))).toBe(true);
    expect(adminFiles).toContain('/admin.webmanifest');

    const visitor = await newPage();
    await visitor.page.goto(url('/'));
    await waitForServiceWorkerControl(visitor.page);
    const visitorCaches = await workerCaches(visitor.page);
    expect(visitorCaches.precache).toContain('/index.html');
    expect(visitorCaches.precache.filter((file) => adminFiles.includes(file))).toEqual([]);
    expect(visitorCaches.ownerFiles).toEqual([]);
    await visitor.context.close();

    const { context, page } = await newPage({ width: 1280, height: 800 });
    await page.goto(url('/login?redirect=%2Fadmin%2Frealizacja'));
    await waitForServiceWorkerControl(page);
    await page.getByLabel('E-mail').fill(testBackend().ownerEmail);
    await page.getByLabel('Hasło', { exact: true }).fill(testBackend().ownerPassword);
    await page.getByRole('button', { name: 'Zaloguj się' }).click();
    await page.getByRole('heading', { level: 1, name: 'Realizacja' }).waitFor();
    await expect.poll(async () => (await workerCaches(page)).ownerFiles.sort(), { timeout: 15_000 }).toEqual([...adminFiles].sort());
    // The back office's data copy for offline use (src/features/admin/orders/orders-cache.ts) is the admin feature's: saved once loaded.
    await page.waitForFunction(() => Object.keys(localStorage).some((key) => key.startsWith('kwiaciarnia.admin.snapshot.')));

    // The installed admin app started with the network off: its start page, its manifest and its icons.
    await context.setOffline(true);
    await page.goto(url('/admin/realizacja'));
    await page.getByRole('heading', { level: 1, name: 'Realizacja' }).waitFor();
    const offlineFiles = await page.evaluate(async () =>
      Promise.all(['/admin.webmanifest', '/icons/admin-192.png'].map(async (path) => (await fetch(path)).status)),
    );
    expect(offlineFiles).toEqual([200, 200]);
    await context.close();
  });
});

describe('service worker', () => {
  it('opens every route offline once it controls the page, says "Jesteś offline", and has an offline page for the rest', async () => {
    const { context, page } = await newPage();
    await page.goto(url('/'));
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await waitForServiceWorkerControl(page);
    // Browsed once online, so the catalog is in Dexie (stored just after it is shown); a page load the worker
    // controls from its start is a later visit, which keeps the storefront's code the first did not precache.
    await page.goto(url('/shop'));
    await page.locator('main a[href^="/product/"]').first().waitFor();
    await page.waitForFunction(() => localStorage.getItem('kwiaciarnia.catalogueStored') === '1');
    await waitForLaterStorefront(page);

    await context.setOffline(true);
    await page.goto(url('/about'));
    await page.getByRole('heading', { level: 1, name: 'O nas' }).waitFor();
    await page.getByText('Jesteś offline.').waitFor();

    await page.goto(url('/shop'));
    await page.getByRole('heading', { level: 1, name: 'Sklep' }).waitFor();
    await page.locator('main a[href^="/product/"]').first().waitFor();
    const notice = page.getByRole('status').filter({ hasText: 'Jesteś offline.' });
    await notice.waitFor();
    expect(await notice.isVisible()).toBe(true);

    // A file that is not precached cannot be shown: the worker's Polish offline page instead of the browser's error.
    await page.goto(url('/screenshots/shop-wide.png'));
    await page.getByRole('heading', { level: 1, name: 'Jesteś offline' }).waitFor();
    await page.getByRole('button', { name: 'Spróbuj ponownie' }).waitFor();

    await context.setOffline(false);
    await page.getByRole('button', { name: 'Spróbuj ponownie' }).click();
    await page.waitForLoadState('load');
    expect(await page.evaluate(() => document.contentType)).toBe('image/png');

    // Back online, the notice goes.
    await page.goto(url('/about'));
    await page.getByRole('heading', { level: 1, name: 'O nas' }).waitFor();
    await page.waitForTimeout(300);
    expect(await page.getByText('Jesteś offline.').count()).toBe(0);
    await context.close();
  });
});
