import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumPerFile } from '../support/browser.ts';
import { appUrl } from '../support/test-backend.ts';

/**
 * The checkout and the cart come from the server as a frame (labels, choices,
 * 'Wczytywanie koszyka…'); the browser hydrates it in place and fills in the
 * cart from the device, without moving the page and without a second render.
 */

const chromium = chromiumPerFile();
const WAIT = { timeout: 15_000 };
// A seeded product: other test files add and hide products in the same backend.
const CANDLE = { id: '1547809e-0305-46b3-a282-b3230c221da1', name: 'Znicz szklany „Anioł”' };

declare global {
  interface Window {
    __shift?: number;
    __replacedForms?: number;
  }
}

/** Counts the page's layout shifts and any removal of the server's checkout form (a client render would replace it). */
async function watchPage(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    window.__shift = 0;
    window.__replacedForms = 0;
    new PerformanceObserver((list) => {
      // As CLS counts them: not what follows the visitor's own tap.
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
        if (!entry.hadRecentInput) window.__shift! += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.removedNodes)
          if (node instanceof Element && (node.matches('#checkout-form') || node.querySelector('#checkout-form')))
            window.__replacedForms! += 1;
    }).observe(document, { childList: true, subtree: true });
  });
}

function hydrationWarnings(page: Page): string[] {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if ((message.type() === 'warning' || message.type() === 'error') && /hydrat/i.test(message.text())) warnings.push(message.text());
  });
  return warnings;
}

async function addCandle(page: Page): Promise<void> {
  await page.goto(appUrl(`/product/${CANDLE.id}`));
  await page.getByRole('button', { name: `Dodaj do koszyka: ${CANDLE.name}`, exact: true }).click(WAIT);
  await page.getByRole('dialog', { name: 'Dodano do koszyka' }).waitFor(WAIT);
}

/** A phone whose cart holds the candle, watched for shifts, replaced forms and hydration warnings. */
async function phoneWithCandleInCart(): Promise<{ context: BrowserContext; page: Page; warnings: string[] }> {
  const context = await chromium.browser.newContext({ viewport: { width: 390, height: 844 } });
  await watchPage(context);
  const page = await context.newPage();
  const warnings = hydrationWarnings(page);
  await addCandle(page);
  return { context, page, warnings };
}

describe('the money pages, server-rendered', () => {
  it('sends /checkout with its labels, hydrates it in place and fills in the cart and the draft from the device', async () => {
    const { context, page, warnings } = await phoneWithCandleInCart();

    const response = await page.goto(appUrl('/checkout'));
    const html = (await response!.text()).replaceAll('<!-- -->', '');
    for (const label of ['Dane kontaktowe', 'Sposób dostawy', 'Płatność', 'Wczytywanie koszyka…']) expect(html, label).toContain(label);
    expect(html).not.toContain(CANDLE.name);

    const cart = page.getByTestId('checkout-cart');
    await expect.poll(async () => (await cart.locator('summary').textContent()) ?? '', WAIT).toMatch(/^1 produkt, \d+,\d{2}\s?zł/);
    const firstName = page.getByLabel('Imię', { exact: true });
    await expect.poll(() => firstName.isEnabled(), WAIT).toBe(true);
    await cart.getByText('Pokaż i zmień').click();
    await cart.getByRole('link', { name: CANDLE.name }).waitFor(WAIT);
    expect(await page.evaluate(() => window.__replacedForms)).toBe(0);
    expect(await page.evaluate(() => window.__shift)).toBeLessThan(0.01);
    expect(warnings).toEqual([]);

    // What the customer typed is the device's draft: a reload brings the frame again, then the same value.
    await firstName.fill('Zofia');
    await page.waitForTimeout(600);
    await page.reload();
    await expect.poll(() => firstName.inputValue(), WAIT).toBe('Zofia');
    expect(await firstName.isEnabled()).toBe(true);
    expect(warnings).toEqual([]);
    await context.close();
  });

  it('sends /cart as its heading and a loading state, then shows the line without a shift', async () => {
    const { context, page, warnings } = await phoneWithCandleInCart();

    const response = await page.goto(appUrl('/cart'));
    const html = await response!.text();
    expect(html).toContain('Wczytywanie koszyka…');
    expect(html).not.toContain(CANDLE.name);
    // The code that draws the lines is named in the HTML, fetched beside the entry (decision 034); Dexie is not.
    expect(html).toMatch(/<link rel="modulepreload"[^>]* href="\/assets\/use-cart-[\w-]+\.js">/);
    expect(html).not.toMatch(/modulepreload[^>]*import-wrapper/);
    await page.getByTestId('cart-line').getByRole('link', { name: CANDLE.name }).waitFor(WAIT);
    await page.getByRole('link', { name: 'Przejdź do kasy' }).waitFor(WAIT);
    expect(await page.evaluate(() => window.__shift)).toBeLessThan(0.01);
    expect(warnings).toEqual([]);
    await context.close();
  });

  it('leaves the cookie banner out of the next page the server renders once it is answered', async () => {
    const context = await chromium.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const first = await page.goto(appUrl('/checkout'));
    expect(await first!.text()).toContain('aria-label="Pliki cookie"');
    await page.getByRole('button', { name: 'Akceptuję' }).click(WAIT);
    await page.getByRole('region', { name: 'Pliki cookie' }).waitFor({ state: 'detached', ...WAIT });

    const next = await page.goto(appUrl('/cart'));
    expect(await next!.text()).not.toContain('aria-label="Pliki cookie"');
    expect((await context.cookies()).find((cookie) => cookie.name === 'kwiaciarnia-cookies')?.value).toBe('accepted');
    await page.getByRole('heading', { level: 1, name: 'Koszyk' }).waitFor(WAIT);
    expect(await page.getByRole('region', { name: 'Pliki cookie' }).count()).toBe(0);
    await context.close();
  });
});
