/**
 * A customer's cart in the Chrome profile Lighthouse audits: before the audit, one product is added on its page
 * with the shop's own button, so the line lands in IndexedDB as a customer's does; after it, the audited page is
 * opened again in the same profile and must show that line, else the figures measured an empty cart.
 *
 * Lighthouse's storage reset (before and after each audit) clears only its default `clearStorageTypes`: the
 * service workers, Cache Storage, file systems and the shader cache, and then the HTTP cache. IndexedDB and
 * localStorage are left alone, so the audit loads the page with the cart on the device and nothing cached.
 */
import { chromium, type Page } from 'playwright-core';
import { PRODUCT_ID } from './context.ts';

const WAIT = { timeout: 60_000 };

/** A tab in the profile's own browser context, the one Lighthouse opens its tab in; Chrome keeps running after. */
async function inLighthouseChrome<T>(port: number, visit: (page: Page) => Promise<T>): Promise<T> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error("Lighthouse's Chrome has no default browser context");
    const page = await context.newPage();
    try {
      return await visit(page);
    } finally {
      await page.close();
    }
  } finally {
    // Over CDP this only disconnects: Lighthouse audits in the same Chrome next.
    await browser.close();
  }
}

/** Adds one of the product to the cart from its page; returns the product's name, to look for in the audited page. */
export function addOneCartLine(port: number, appUrl: string): Promise<string> {
  return inLighthouseChrome(port, async (page) => {
    await page.goto(`${appUrl}/product/${PRODUCT_ID}`);
    const name = ((await page.getByRole('heading', { level: 1 }).first().textContent(WAIT)) ?? '').trim();
    if (!name) throw new Error(`The product page of ${PRODUCT_ID} shows no name`);
    await page.getByRole('button', { name: `Dodaj do koszyka: ${name}`, exact: true }).click(WAIT);
    // The confirmation shows once the line is written to the device's database.
    await page.getByRole('dialog').getByText(name).first().waitFor(WAIT);
    return name;
  });
}

/** Opens `url` in the audited profile and fails unless it shows exactly one cart line, of `productName`. */
export function assertOneCartLineShown(port: number, url: string, productName: string): Promise<void> {
  return inLighthouseChrome(port, async (page) => {
    await page.goto(url);
    const lines = page.getByTestId('cart-line');
    try {
      // The checkout's cart is one line until opened.
      if (new URL(url).pathname.startsWith('/checkout')) await page.getByTestId('checkout-cart').getByText('Pokaż i zmień').click(WAIT);
      await lines.first().waitFor(WAIT);
    } catch {
      throw new Error(`${url} showed no cart line after the Lighthouse audit: the audit measured an empty cart`);
    }
    const texts = await lines.allTextContents();
    if (texts.length !== 1 || !texts[0]!.includes(productName))
      throw new Error(`${url} should show one cart line of '${productName}', showed: ${JSON.stringify(texts)}`);
  });
}
