import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumPerFile } from '../support/browser.ts';
import { putCartLines } from '../support/device-cart.ts';
import { appUrl } from '../support/test-backend.ts';
import { openCheckoutCart } from './checkout-page.ts';
import { chooseFirstFreeSlot } from './checkout-slot.ts';

/**
 * Issue 14 §1: a customer opens a shared link (a server-rendered product
 * page), adds the product and loads /checkout before that page stored the
 * catalog on the device (it does so only when the browser is idle). The
 * checkout asks the server about the line instead of calling it unavailable.
 */

const chromium = chromiumPerFile();
const url = appUrl;
const WAIT = { timeout: 15_000 };

// A seeded product: other test files add and hide products in the same backend.
const CANDLE = { id: '1547809e-0305-46b3-a282-b3230c221da1', name: 'Znicz szklany „Anioł”' };
/** The checkout's lookup of products missing from the device: PostgREST by id. */
const PRODUCT_LOOKUP = /\/rest\/v1\/products\?.*id=in\./;
/** The catalogue's full refresh: PostgREST products without an id filter. */
const CATALOG_REFRESH = /\/rest\/v1\/products\?(?!.*id=in\.)/;

function plain(text: string | null): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

/** Holds requests matching `pattern` until `release` is called, to see the page while it waits. */
async function holdRequests(page: Page, pattern: RegExp): Promise<{ release: () => void }> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route: Route) => {
    await released;
    await route.continue();
  });
  return { release };
}

/**
 * The shared link: the server-rendered product page, 'Dodaj do koszyka', the
 * confirmation. The customer leaves at once, before the tab stored the
 * catalogue it brought: the test closes the tab and empties the device's
 * catalogue copy (when the tab stores it depends on its idle time).
 */
async function addFromSharedLink(context: BrowserContext): Promise<void> {
  const page = await context.newPage();
  await page.goto(url(`/product/${CANDLE.id}`));
  await page.getByRole('button', { name: `Dodaj do koszyka: ${CANDLE.name}`, exact: true }).click(WAIT);
  await page.getByRole('dialog', { name: 'Dodano do koszyka' }).waitFor(WAIT);
  await page.close();
  // A file of the same origin: the device's database without the app running.
  const files = await context.newPage();
  await files.goto(url('/favicon.svg'));
  const stored = await files.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const request = indexedDB.open('kwiaciarnia');
        request.onsuccess = () => {
          const products = request.result.transaction('products', 'readwrite').objectStore('products');
          products.clear();
          const count = products.count();
          count.onsuccess = () => {
            request.result.close();
            resolve(count.result);
          };
          count.onerror = () => reject(count.error ?? new Error('count failed'));
        };
        request.onerror = () => reject(request.error ?? new Error('opening the database failed'));
      }),
  );
  // Nor the shop's copy of the cart for its next page (which keeps the product as the page showed it).
  await files.evaluate(() => window.localStorage.removeItem('kwiaciarnia:cart'));
  await files.close();
  // The precondition of the bug: the cart has the line, the device's catalog has nothing.
  expect(stored).toBe(0);
}

/** The checkout page before its catalogue refresh has answered (held until the test ends). */
async function checkoutBeforeCatalogRefresh(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.route(CATALOG_REFRESH, () => undefined);
  return page;
}

async function fillContactAndTransfer(page: Page): Promise<void> {
  await page.getByLabel('Imię', { exact: true }).fill('Anna');
  await page.getByLabel('Nazwisko').fill('Kowalska');
  await page.getByLabel('E-mail').fill(`link-${randomUUID().slice(0, 8)}@example.test`);
  await page.getByLabel('Telefon').fill('+48 600 100 200');
  await chooseFirstFreeSlot(page, WAIT.timeout);
  await page.getByRole('radio', { name: /Przelew tradycyjny/ }).check();
}

async function placeTransferOrder(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Zamawiam i płacę', exact: true }).click(WAIT);
  await page.getByRole('button', { name: 'Potwierdź i przejdź do przelewu' }).click(WAIT);
  await page.waitForURL(/\/checkout\/success\?payment=transfer&orderId=KT\d{9}$/, WAIT);
}

describe('a product from a shared link', () => {
  it('is checked with the server on /checkout, shown with its price and can be ordered', async () => {
    const context = await chromium.browser.newContext({ viewport: { width: 390, height: 844 } });
    await addFromSharedLink(context);

    const page = await checkoutBeforeCatalogRefresh(context);
    const lookup = await holdRequests(page, PRODUCT_LOOKUP);
    const asked = page.waitForRequest(PRODUCT_LOOKUP, WAIT);
    await page.goto(url('/checkout'));
    // The line the device's catalog lacks is asked about, not judged from the gap.
    await asked;
    await openCheckoutCart(page);
    const line = page.getByTestId('cart-line');
    await line.getByText('Sprawdzanie dostępności…').waitFor(WAIT);
    expect(plain(await line.textContent())).not.toContain('niedostępny');
    await fillContactAndTransfer(page);
    expect(await page.getByRole('button', { name: 'Zamawiam i płacę', exact: true }).isDisabled()).toBe(true);

    lookup.release();
    await line.getByRole('link', { name: CANDLE.name }).waitFor(WAIT);
    expect(plain(await line.getByTestId('line-total').textContent())).toMatch(/^\d+,\d{2} zł$/);
    await expect.poll(async () => plain(await page.getByTestId('checkout-subtotal').textContent()), WAIT).toMatch(/^[1-9][\d ]*,\d{2} zł$/);
    await placeTransferOrder(page);
    await context.close();
  });

  it('is ordered even when the server could not be asked about it: place-order decides', async () => {
    const context = await chromium.browser.newContext({ viewport: { width: 1280, height: 800 } });
    await addFromSharedLink(context);

    const page = await checkoutBeforeCatalogRefresh(context);
    await page.route(PRODUCT_LOOKUP, (route) => route.abort('internetdisconnected'));
    await page.goto(url('/checkout'));
    await openCheckoutCart(page);
    const line = page.getByTestId('cart-line');
    await line.getByText(/Nie można teraz sprawdzić dostępności/).waitFor(WAIT);
    expect(plain(await line.textContent())).not.toContain('niedostępny');
    await fillContactAndTransfer(page);
    await placeTransferOrder(page);
    await context.close();
  });

  it('is unavailable only when the server has no such product on sale', async () => {
    const context = await chromium.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    // The checkout opens the device's database; then a line for a product the shop never had (or deleted).
    await page.goto(url('/checkout'));
    await page.getByText('Koszyk jest pusty').waitFor(WAIT);
    await putCartLines(page, [[randomUUID(), 1]]);
    await page.reload();
    const line = page.getByTestId('cart-line');
    await line.getByText('Produkt niedostępny', { exact: true }).waitFor(WAIT);
    expect(plain(await line.textContent())).toContain('Ten produkt nie jest już dostępny');
    await context.close();
  });
});
