import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumPerFile } from '../support/browser.ts';
import { waitForLaterStorefront } from '../support/service-worker.ts';
import { appUrl as url } from '../support/test-backend.ts';
import { firstOnlineVisit, newVisitor } from './offline-visitor.ts';

/**
 * What opens offline after which visit (docs/offline.md): after a first
 * visit, the pages it most likely opens next (/, /shop, a product page);
 * after a later visit, every storefront route. A first visit precaches
 * only the former; the later visit has the worker keep the rest.
 */

const chromium = chromiumPerFile();
const WAIT = { timeout: 15_000 };
const CANDLE = { id: '1547809e-0305-46b3-a282-b3230c221da1', name: 'Znicz szklany „Anioł”' };

/** A first visit: the home page, then the shop opened from its link (one document), the worker in control. */
async function firstVisit(page: Page): Promise<void> {
  await firstOnlineVisit(page);
  await page.locator('header').getByRole('link', { name: 'Sklep', exact: true }).first().click();
  await page.locator('main a[href^="/product/"]').first().waitFor(WAIT);
  await page.waitForFunction(() => localStorage.getItem('kwiaciarnia.catalogueStored') === '1', undefined, WAIT);
}

/** A full navigation answered by the service worker, showing the page's heading. */
async function opensOffline(page: Page, path: string, heading: string): Promise<void> {
  const response = await page.goto(url(path));
  expect(response?.fromServiceWorker(), `${path} from the service worker`).toBe(true);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor(WAIT);
}

/** The browser may evict its HTTP cache at any time: offline, only what the worker keeps may count. */
async function goOffline(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  await context.setOffline(true);
}

/** Whether the worker keeps any of the storefront's later files (opening a cache that does not exist would create it). */
const laterFilesKept = (page: Page) =>
  page.evaluate(async () => (await caches.has('storefront-files')) && (await (await caches.open('storefront-files')).keys()).length > 0);

describe('offline after a first visit', () => {
  it('opens the home page, the shop, a product page never opened and the way to order; nothing more was downloaded for later', async () => {
    const { context, page, errors } = await newVisitor(chromium.browser);
    await firstVisit(page);
    expect(await laterFilesKept(page)).toBe(false);

    await goOffline(context, page);
    await opensOffline(page, '/', 'Kwiaty, które powiedzą więcej niż słowa');
    await opensOffline(page, '/shop', 'Sklep');
    await page.locator('main a[href^="/product/"]').first().waitFor(WAIT);
    await opensOffline(page, `/product/${CANDLE.id}`, CANDLE.name);
    await page.getByRole('button', { name: `Dodaj do koszyka: ${CANDLE.name}`, exact: true }).waitFor(WAIT);
    // The way to order offline ('Moje zamówienia', which follows a queued order, is in the outbox tests).
    await opensOffline(page, '/cart', 'Koszyk');
    await opensOffline(page, '/checkout', 'Zamówienie');

    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('offline after a later visit', () => {
  it('opens every storefront route: /about, /checkout, the cart, the legal pages, a product page', async () => {
    const { context, page, errors } = await newVisitor(chromium.browser);
    await firstVisit(page);
    // The next visit: a page the worker controls from its start.
    await page.goto(url('/'));
    await page.getByRole('heading', { level: 1 }).first().waitFor(WAIT);
    await waitForLaterStorefront(page);

    await goOffline(context, page);
    await opensOffline(page, '/about', 'O nas');
    await opensOffline(page, '/checkout', 'Zamówienie');
    await opensOffline(page, '/cart', 'Koszyk');
    await opensOffline(page, '/contact', 'Kontakt');
    await opensOffline(page, '/privacy', 'Polityka prywatności');
    await opensOffline(page, '/favourites', 'Ulubione');
    await opensOffline(page, `/product/${CANDLE.id}`, CANDLE.name);

    expect(errors).toEqual([]);
    await context.close();
  });
});
