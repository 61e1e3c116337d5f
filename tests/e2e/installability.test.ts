import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../server/local-backend/process-utils.ts';
import { createStaticServer } from '../../server/app/static-server.ts';
import { chromiumPerFile, launchPersistentChromium } from '../support/browser.ts';
import { appUrl as url, testBackend } from '../support/test-backend.ts';

/**
 * Issue 6: Chromium's own installability check for the storefront and the
 * back office, and a new build deployed while the app is open.
 */

const chromium = chromiumPerFile();
const WAIT = { timeout: 15_000 };

async function waitForServiceWorkerControl(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
  });
}

interface InstallabilityError {
  errorId: string;
  errorArguments: { name: string; value: string }[];
}

/** What Chromium says stands between this page and an install, and its reading of the linked manifest. */
async function installCheck(page: Page): Promise<{ errors: InstallabilityError[]; manifestUrl: string; manifestErrors: unknown[] }> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: InstallabilityError[] };
    const manifest = (await cdp.send('Page.getAppManifest', {})) as { url: string; errors: unknown[] };
    return { errors: installabilityErrors, manifestUrl: manifest.url, manifestErrors: manifest.errors };
  } finally {
    await cdp.detach();
  }
}

async function signInAsOwner(page: Page): Promise<void> {
  await page.goto(url('/login?redirect=%2Fadmin'));
  await page.getByLabel('E-mail').fill(testBackend().ownerEmail);
  await page.getByLabel('Hasło', { exact: true }).fill(testBackend().ownerPassword);
  await page.getByRole('button', { name: 'Zaloguj się' }).click();
  await page.waitForURL(url('/admin'), WAIT);
  await page.getByRole('heading', { level: 1, name: 'Panel Administratora' }).waitFor(WAIT);
}

describe('installability (Page.getInstallabilityErrors)', () => {
  let profile: string;
  let context: BrowserContext;

  // Contexts from `browser.newContext()` are off the record, and Chromium refuses
  // to install from those ('in-incognito', checked below): the real check needs an
  // ordinary on-disk profile, as a customer's browser has.
  beforeAll(async () => {
    profile = mkdtempSync(join(tmpdir(), 'kwiaciarnia-install-'));
    context = await launchPersistentChromium(profile, { viewport: { width: 1280, height: 800 } });
  });
  afterAll(async () => {
    await context?.close();
    rmSync(profile, { recursive: true, force: true });
  });

  it('has no installability errors on / (storefront manifest, worker in control)', async () => {
    const page = await context.newPage();
    await page.goto(url('/'));
    await page.getByRole('heading', { level: 1 }).first().waitFor(WAIT);
    await waitForServiceWorkerControl(page);

    const check = await installCheck(page);
    expect(check.manifestUrl).toBe(url('/manifest.webmanifest'));
    expect(check.manifestErrors).toEqual([]);
    expect(check.errors).toEqual([]);
    await page.close();
  });

  it('has no installability errors on /admin (admin manifest, scoped to /admin)', async () => {
    const page = await context.newPage();
    await signInAsOwner(page);
    await waitForServiceWorkerControl(page);
    await expect.poll(() => page.locator('link[rel="manifest"]').getAttribute('href'), WAIT).toBe('/admin.webmanifest');

    const check = await installCheck(page);
    expect(check.manifestUrl).toBe(url('/admin.webmanifest'));
    expect(check.manifestErrors).toEqual([]);
    expect(check.errors).toEqual([]);
    await page.close();
  });

  it('the check does report problems: an off-the-record context is refused as incognito', async () => {
    const incognito = await chromium.browser.newContext();
    const page = await incognito.newPage();
    await page.goto(url('/'));
    await waitForServiceWorkerControl(page);
    expect((await installCheck(page)).errors.map((error) => error.errorId)).toEqual(['in-incognito']);
    await incognito.close();
  });
});

interface CopyOfBuild {
  origin: string;
  /** Deploys "build 2": a changed index.html, and a worker whose precache lists its new revision. */
  deployNewBuild: () => void;
  stop: () => Promise<void>;
}

/**
 * Our own copy of dist/ behind our own static server (the shared one serves the
 * repository's dist/, which must not change), pointed at the test backend.
 */
async function serveCopyOfBuild(): Promise<CopyOfBuild> {
  const dir = mkdtempSync(join(tmpdir(), 'kwiaciarnia-update-'));
  cpSync(resolve(import.meta.dirname, '..', '..', 'dist'), dir, { recursive: true });
  const { url: backendUrl, anonKey } = testBackend();
  const server = createStaticServer({ distDir: dir, backendPort: Number(new URL(backendUrl).port), anonKey });
  const port = await freePort();
  await new Promise<void>((listening, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => listening());
  });
  return {
    origin: `http://localhost:${port}`,
    deployNewBuild() {
      const indexFile = join(dir, 'index.html');
      const html = readFileSync(indexFile, 'utf8');
      expect(html).toContain('</head>');
      writeFileSync(indexFile, html.replace('</head>', '<meta name="kwiaciarnia-build" content="2" /></head>'));
      const swFile = join(dir, 'sw.js');
      const sw = readFileSync(swFile, 'utf8');
      const entry = /\{"revision":"([0-9a-f]+)","url":"index\.html"\}/;
      expect(sw).toMatch(entry);
      writeFileSync(swFile, sw.replace(entry, '{"revision":"00000000000000000000000000000002","url":"index.html"}'));
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((closed) => server.close(() => closed()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Opens /shop of the copy, waits for its worker, deploys build 2 and lets the app find it, as its hourly check does. */
async function openAppThenDeploy(build: CopyOfBuild, page: Page, acceptCookies: boolean): Promise<void> {
  await page.goto(`${build.origin}/shop`);
  await page.getByRole('heading', { level: 1, name: 'Sklep' }).waitFor(WAIT);
  if (acceptCookies) await page.getByRole('button', { name: 'Akceptuję' }).click(WAIT);
  await waitForServiceWorkerControl(page);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${build.origin}/sw.js`);
  expect(await page.locator('meta[name="kwiaciarnia-build"]').count()).toBe(0);
  expect(await page.getByText('Dostępna jest nowa wersja').count()).toBe(0);

  build.deployNewBuild();
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration?.update();
  });
  await page.getByText('Dostępna jest nowa wersja').waitFor(WAIT);
}

describe('updates', () => {
  it('a new build deployed while the app is open shows "Dostępna jest nowa wersja", and "Odśwież" loads it', async () => {
    const build = await serveCopyOfBuild();
    const context = await chromium.browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      // A visitor who has answered the cookie banner (see the next test for one who has not).
      await openAppThenDeploy(build, page, true);

      // Nothing was reloaded behind the visitor's back: still build 1, the new worker waiting.
      expect(await page.locator('meta[name="kwiaciarnia-build"]').count()).toBe(0);
      expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => Boolean(r?.waiting)))).toBe(true);

      const reloaded = page.waitForEvent('load', WAIT);
      await page.getByRole('button', { name: 'Odśwież' }).click(WAIT);
      await reloaded;
      await page.getByRole('heading', { level: 1, name: 'Sklep' }).waitFor(WAIT);
      // The reloaded page is build 2, under the new worker (nothing waits any more).
      expect(await page.locator('meta[name="kwiaciarnia-build"]').getAttribute('content')).toBe('2');
      expect(
        await page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return { waiting: Boolean(registration?.waiting), controlled: Boolean(navigator.serviceWorker.controller) };
        }),
      ).toEqual({ waiting: false, controlled: true });
      await page.waitForTimeout(300);
      expect(await page.getByText('Dostępna jest nowa wersja').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await build.stop();
    }
  });

  // The update prompt sits above the cookie banner, so a first-time visitor can still update.
  it("'Odśwież' can be pressed while the cookie banner is still unanswered", async () => {
    const build = await serveCopyOfBuild();
    const context = await chromium.browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      await openAppThenDeploy(build, page, false);
      await page.getByRole('region', { name: 'Pliki cookie' }).waitFor(WAIT);
      const refresh = page.getByRole('button', { name: 'Odśwież' });
      const box = (await refresh.boundingBox())!;
      const topmost = await page.evaluate(
        ([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.textContent?.trim() ?? null,
        [box.x + box.width / 2, box.y + box.height / 2],
      );
      expect(topmost).toBe('Odśwież');
    } finally {
      await context.close();
      await build.stop();
    }
  });
});
