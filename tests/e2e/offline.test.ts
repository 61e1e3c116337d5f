import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumPerFile, launchPersistentChromium } from '../support/browser.ts';
import { waitForLaterStorefront } from '../support/service-worker.ts';
import { appUrl as url } from '../support/test-backend.ts';
import { firstOnlineVisit, newVisitor } from './offline-visitor.ts';

/**
 * Issue 6: after a later online visit the storefront works with the network
 * off (every route from the service worker, the catalog and the cart from
 * Dexie), and the cart survives reloads and a browser restart. A first visit
 * precaches only /, /shop and product pages; the page loads after it are the
 * later visit that has the worker keep the rest (docs/offline.md; what a
 * first visit alone opens: tests/e2e/offline-visits.test.ts).
 * (tests/e2e/pwa.test.ts covers /about, /shop and the worker's offline page.)
 */

const chromium = chromiumPerFile();
const WAIT = { timeout: 15_000 };

const ROSES = { id: '811546a5-832e-49cf-b3c0-9e29122b2d96', name: 'Bukiet czerwonych róż' };
const CANDLE = { id: '1547809e-0305-46b3-a282-b3230c221da1', name: 'Znicz szklany „Anioł”' };

/** A full navigation that must be answered by the service worker (the network being off). */
async function gotoFromWorker(page: Page, path: string): Promise<void> {
  const response = await page.goto(url(path));
  expect(response, path).not.toBeNull();
  expect(response!.fromServiceWorker(), `${path} from the service worker`).toBe(true);
  expect(response!.status(), path).toBe(200);
}

async function resultCount(page: Page): Promise<string> {
  const count = page.getByTestId('result-count');
  await count.waitFor(WAIT);
  return ((await count.textContent()) ?? '').trim();
}

async function productNames(page: Page): Promise<string[]> {
  const cards = page.getByTestId('product-card').locator(':is(h2, h3) a');
  await cards.first().waitFor(WAIT);
  return cards.evaluateAll((links) => links.map((link) => link.textContent ?? ''));
}

async function search(page: Page, text: string): Promise<void> {
  await page.getByLabel('Szukaj produktów').fill(text);
  await expect.poll(() => new URL(page.url()).searchParams.get('q'), WAIT).toBe(text);
}

async function cartBadge(page: Page): Promise<string | null> {
  const badge = page.getByTestId('cart-count');
  return (await badge.count()) === 0 ? null : ((await badge.textContent()) ?? '').trim();
}

/** Adds a product from its page: the quantity, 'Dodaj do koszyka', 'Kontynuuj zakupy'. */
async function addFromProductPage(page: Page, product: { id: string; name: string }, quantity: number, offline = false): Promise<void> {
  if (offline) await gotoFromWorker(page, `/product/${product.id}`);
  else await page.goto(url(`/product/${product.id}`));
  await page.getByRole('heading', { level: 1, name: product.name }).waitFor(WAIT);
  await page.getByLabel('Ilość').fill(String(quantity));
  await page.getByRole('button', { name: `Dodaj do koszyka: ${product.name}`, exact: true }).click();
  await page.getByRole('dialog').getByText(product.name).waitFor(WAIT);
  await page.getByRole('button', { name: 'Kontynuuj zakupy' }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached', ...WAIT });
}

async function cartLineNames(page: Page): Promise<string[]> {
  const lines = page.getByTestId('cart-line');
  await lines.first().waitFor(WAIT);
  return lines.evaluateAll((rows) => rows.map((row) => row.textContent ?? ''));
}

describe('offline after a later online visit', () => {
  it('renders every storefront route from the cache, searches the catalog, and shows the 404 page for a new path', async () => {
    const { context, page, errors } = await newVisitor(chromium.browser);
    await firstOnlineVisit(page);
    // What the same visitor saw online, to compare with.
    await page.goto(url('/shop'));
    const allOnline = await resultCount(page);
    await page.goto(url('/shop?category=candles'));
    const candlesOnline = await resultCount(page);
    await search(page, 'znicz');
    const zniczOnline = await resultCount(page);
    expect(allOnline).toMatch(/^Znaleziono: \d+ produkt/);
    await addFromProductPage(page, ROSES, 2);
    await expect.poll(() => cartBadge(page), WAIT).toBe('2');
    await waitForLaterStorefront(page);

    await context.setOffline(true);
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);

    await gotoFromWorker(page, '/');
    await page.getByRole('heading', { level: 1, name: 'Kwiaty, które powiedzą więcej niż słowa' }).waitFor(WAIT);
    await page.getByText('Jesteś offline.').waitFor(WAIT);

    await gotoFromWorker(page, '/shop');
    await page.getByRole('heading', { level: 1, name: 'Sklep' }).waitFor(WAIT);
    await expect.poll(() => resultCount(page), WAIT).toBe(allOnline);

    // Search works on the catalog kept on the device, diacritics or not.
    await search(page, 'czerwonych roz');
    await expect.poll(async () => (await productNames(page)).some((name) => name.includes(ROSES.name)), WAIT).toBe(true);
    await search(page, 'znicz');
    await expect.poll(() => resultCount(page), WAIT).toBe(zniczOnline);
    expect(zniczOnline).not.toBe('Znaleziono: 0 produktów');
    expect((await productNames(page)).some((name) => name.includes(CANDLE.name))).toBe(true);
    await search(page, 'qwertyuiop');
    await page.getByRole('heading', { name: 'Nie znaleziono produktów' }).waitFor(WAIT);

    await gotoFromWorker(page, '/shop?category=candles');
    await page.getByRole('heading', { level: 1, name: 'Sklep' }).waitFor(WAIT);
    await expect.poll(() => resultCount(page), WAIT).toBe(candlesOnline);
    const candles = await productNames(page);
    expect(candles.some((name) => name.includes(CANDLE.name))).toBe(true);
    expect(candles.some((name) => name.includes(ROSES.name))).toBe(false);

    // A product page never opened online.
    await gotoFromWorker(page, `/product/${CANDLE.id}`);
    await page.getByRole('heading', { level: 1, name: CANDLE.name }).waitFor(WAIT);
    await page.getByRole('button', { name: `Dodaj do koszyka: ${CANDLE.name}`, exact: true }).waitFor(WAIT);

    await gotoFromWorker(page, '/cart');
    await page.getByRole('heading', { level: 1, name: 'Koszyk' }).waitFor(WAIT);
    const lines = await cartLineNames(page);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(ROSES.name);

    await gotoFromWorker(page, '/checkout');
    await page.getByRole('heading', { level: 1, name: 'Zamówienie' }).waitFor(WAIT);
    await page.getByLabel('Imię', { exact: true }).waitFor(WAIT);
    await page.getByLabel('Telefon').waitFor(WAIT);

    await gotoFromWorker(page, '/about');
    await page.getByRole('heading', { level: 1, name: 'O nas' }).waitFor(WAIT);

    await gotoFromWorker(page, '/contact');
    await page.getByRole('heading', { level: 1, name: 'Kontakt' }).waitFor(WAIT);

    // Never visited, and no such page: the app's own 404, not the browser's error.
    await gotoFromWorker(page, '/nie-ma-takiej-strony/wcale');
    await page.getByRole('heading', { level: 1, name: 'Strona nie znaleziona' }).waitFor(WAIT);
    await page.getByRole('link', { name: 'Powrót do strony głównej' }).waitFor(WAIT);
    await page.getByText('Jesteś offline.').waitFor(WAIT);

    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the cart on the device', () => {
  it('survives reloads with the network off, including what was added offline', async () => {
    const { context, page, errors } = await newVisitor(chromium.browser);
    await firstOnlineVisit(page);
    await page.goto(url('/shop'));
    await page.locator('main a[href^="/product/"]').first().waitFor(WAIT);
    await addFromProductPage(page, ROSES, 2);
    await expect.poll(() => cartBadge(page), WAIT).toBe('2');
    await waitForLaterStorefront(page);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: ROSES.name }).waitFor(WAIT);
    await expect.poll(() => cartBadge(page), WAIT).toBe('2');

    await addFromProductPage(page, CANDLE, 3, true);
    await expect.poll(() => cartBadge(page), WAIT).toBe('5');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: CANDLE.name }).waitFor(WAIT);
    await expect.poll(() => cartBadge(page), WAIT).toBe('5');

    await gotoFromWorker(page, '/cart');
    const lines = await cartLineNames(page);
    expect(lines).toHaveLength(2);
    expect(lines.some((line) => line.includes(ROSES.name))).toBe(true);
    expect(lines.some((line) => line.includes(CANDLE.name))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('survives closing and relaunching the browser (persistent profile), and opens offline afterwards', async () => {
    const profile = mkdtempSync(join(tmpdir(), 'kwiaciarnia-profile-'));
    try {
      const first = await launchPersistentChromium(profile, { viewport: { width: 1280, height: 900 }, locale: 'pl-PL' });
      const page = first.pages()[0] ?? (await first.newPage());
      await firstOnlineVisit(page);
      await addFromProductPage(page, ROSES, 1);
      await addFromProductPage(page, CANDLE, 2);
      await expect.poll(() => cartBadge(page), WAIT).toBe('3');
      await waitForLaterStorefront(page);
      await first.close();

      const second = await launchPersistentChromium(profile, { viewport: { width: 1280, height: 900 }, locale: 'pl-PL' });
      try {
        const again = second.pages()[0] ?? (await second.newPage());
        const errors: string[] = [];
        again.on('pageerror', (error) => errors.push(error.message));
        // Straight after the restart, with no network: the worker and the cart were both kept on disk.
        await second.setOffline(true);
        await gotoFromWorker(again, '/cart');
        await again.getByRole('heading', { level: 1, name: 'Koszyk' }).waitFor(WAIT);
        await expect.poll(() => cartBadge(again), WAIT).toBe('3');
        const lines = await cartLineNames(again);
        expect(lines).toHaveLength(2);
        expect(lines.some((line) => line.includes(ROSES.name))).toBe(true);
        expect(lines.some((line) => line.includes(CANDLE.name))).toBe(true);

        // And online again, the same cart.
        await second.setOffline(false);
        await again.goto(url('/cart'));
        await expect.poll(() => cartBadge(again), WAIT).toBe('3');
        expect(errors).toEqual([]);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
