import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumPerFile } from '../support/browser.ts';
import { keepsAnyOf, waitForLaterStorefront, waitForWayToOrder } from '../support/service-worker.ts';
import { appUrl as url } from '../support/test-backend.ts';
import { checkoutReadFromDevice } from './checkout-page.ts';
import { firstOnlineVisit, newVisitor } from './offline-visitor.ts';

/**
 * What opens offline after which visit (docs/offline.md): after a first
 * visit, the pages it most likely opens next (/, /shop, a product page),
 * and the way to order once the cart holds a line; after a later visit,
 * every storefront route. A first visit precaches only the first; a cart
 * line and the later visit have the worker keep the rest.
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

describe('offline after a first visit', () => {
  it('opens the home page, the shop and a product page never opened; nothing more was downloaded for later', async () => {
    const { context, page, errors } = await newVisitor(chromium.browser);
    await firstVisit(page);
    expect(await keepsAnyOf(page, 'later')).toBe(false);
    expect(await keepsAnyOf(page, 'ordering')).toBe(false);

    await goOffline(context, page);
    await opensOffline(page, '/', 'Kwiaty, które powiedzą więcej niż słowa');
    await opensOffline(page, '/shop', 'Sklep');
    await page.locator('main a[href^="/product/"]').first().waitFor(WAIT);
    await opensOffline(page, `/product/${CANDLE.id}`, CANDLE.name);
    await page.getByRole('button', { name: `Dodaj do koszyka: ${CANDLE.name}`, exact: true }).waitFor(WAIT);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the way to order once the cart holds a line, the cart and the checkout never opened', async () => {
    const { context, page, errors } = await newVisitor(chromium.browser);
    await firstVisit(page);
    // Still the first visit's document: a page the worker controls from its start would be a later visit.
    const link = page.locator('main a[href^="/product/"]').first();
    const path = (await link.getAttribute('href')) ?? '';
    await link.click();
    await page.waitForURL(url(path), WAIT);
    // The address changes before the product's page replaces the shop's: its heading says when it has.
    const heading = page.getByRole('heading', { level: 1 });
    await expect.poll(async () => (await heading.textContent()) ?? 'Sklep', WAIT).not.toBe('Sklep');
    const name = (await heading.textContent()) ?? '';
    await page.getByRole('button', { name: `Dodaj do koszyka: ${name}`, exact: true }).click(WAIT);
    await page.getByRole('dialog', { name: 'Dodano do koszyka' }).waitFor(WAIT);
    await waitForWayToOrder(page);
    expect(await keepsAnyOf(page, 'later')).toBe(false);

    // 'Moje zamówienia', which follows a queued order, is in the outbox tests.
    await goOffline(context, page);
    await opensOffline(page, '/cart', 'Koszyk');
    await page.getByTestId('cart-line').getByText(name).first().waitFor(WAIT);
    await opensOffline(page, '/checkout', 'Zamówienie');
    await checkoutReadFromDevice(page, 1);

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
