import { describe, expect, it } from 'vitest';
import { chromiumPerFile } from '../support/browser.ts';
import { appUrl, withDatabase } from '../support/test-backend.ts';

/** Server-rendered storefront pages: readable before (and without) JavaScript, then hydrated in place. */

const chromium = chromiumPerFile();

declare global {
  interface Window {
    __removedCards?: number;
  }
}

describe('server-rendered storefront', () => {
  it('shows the shop, a product and the home page to a browser without JavaScript', async () => {
    const context = await chromium.browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(appUrl('/shop'));
    await page.getByRole('heading', { level: 1, name: 'Sklep' }).waitFor();
    expect(await page.getByTestId('product-card').count()).toBeGreaterThan(0);
    // Buttons wait for the app; links already work.
    expect(
      await page
        .getByRole('button', { name: /Dodaj do koszyka/ })
        .first()
        .isDisabled(),
    ).toBe(true);

    const firstName = (await page.getByTestId('product-card').first().getByRole('heading').textContent()) ?? '';
    await page.getByRole('link', { name: firstName }).first().click();
    await page.waitForURL(/\/product\//);
    await page.getByRole('heading', { level: 1, name: firstName }).waitFor();
    expect(await page.getByTestId('product-price').textContent()).toMatch(/\d+,\d{2}\s?zł/);

    await page.goto(appUrl('/'));
    await page.getByRole('heading', { level: 1, name: 'Kwiaty, które powiedzą więcej niż słowa' }).waitFor();
    await context.close();
  });

  it('hydrates /shop in place: no card is replaced, the rest of the list follows and the buttons work', async () => {
    const context = await chromium.browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addInitScript(() => {
      window.__removedCards = 0;
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.removedNodes)
            if (
              node instanceof Element &&
              (node.matches('[data-testid="product-card"]') || node.querySelector('[data-testid="product-card"]'))
            )
              window.__removedCards! += 1;
      }).observe(document, { childList: true, subtree: true });
    });
    const page = await context.newPage();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });
    const active = await withDatabase(async (db) =>
      Number((await db.query<{ count: string }>('select count(*) from products where active')).rows[0]!.count),
    );

    await page.goto(appUrl('/shop'));
    const addButton = page.getByRole('button', { name: /Dodaj do koszyka/ }).first();
    await expect.poll(() => addButton.isEnabled(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('product-card').count()).toBe(Math.min(active, 48));
    expect(await page.evaluate(() => window.__removedCards)).toBe(0);
    expect(warnings.filter((text) => /hydrat/i.test(text))).toEqual([]);

    await addButton.click();
    await page.getByRole('dialog').waitFor();
    await context.close();
  });

  it('fetches React DOM beside the entry, from the page itself, not after the entry has run', async () => {
    const context = await chromium.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(appUrl('/'));
    // Hydrated: the gate around the server's buttons has opened (src/boot/hydration.tsx).
    await expect.poll(() => page.locator('fieldset[disabled]').count(), { timeout: 15_000 }).toBe(0);
    // Issue 22: React DOM is a chunk of its own, imported dynamically; the page preloads it, so its download starts
    // while the entry's is still under way, not after the entry has arrived and run.
    const [entry = [], reactDom = []] = await page.evaluate(() => {
      const scripts = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const find = (pattern: RegExp) => scripts.filter((timing) => pattern.test(new URL(timing.name).pathname));
      return [find(/^\/assets\/index-[^/]+\.js$/), find(/^\/assets\/react-dom-client-[^/]+\.js$/)].map((found) =>
        found.map((timing) => ({ startTime: timing.startTime, responseEnd: timing.responseEnd })),
      );
    });
    expect(entry).toHaveLength(1);
    expect(reactDom).toHaveLength(1);
    expect(reactDom[0]!.startTime).toBeLessThan(entry[0]!.responseEnd);
    await context.close();
  });

  it("marks the app's code and React DOM for compiling ahead (V8's compile hint), not the libraries a page loads on demand", async () => {
    const context = await chromium.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const scripts = new Map<string, Promise<string>>();
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (!/^\/assets\/.+\.js$/.test(path)) return;
      const text = response.text();
      // Only some bodies are read; the others reject once the context closes, which is no failure.
      text.catch(() => {});
      scripts.set(path.replace('/assets/', ''), text);
    });
    await page.goto(appUrl('/shop'));
    const name = (await page.getByTestId('product-card').first().getByRole('heading').textContent())!.trim();
    // The cart's database (Dexie) loads with the first product put in it.
    await page.getByRole('button', { name: `Dodaj do koszyka: ${name}`, exact: true }).click();
    await page.getByRole('button', { name: 'Kontynuuj zakupy' }).click();
    const hinted = async (file: string) => (await scripts.get(file)!).startsWith('//# allFunctionsCalledOnLoad\n');
    const loadedFiles = async (pattern: RegExp) => {
      await expect.poll(() => [...scripts.keys()].some((file) => pattern.test(file)), { message: String(pattern) }).toBe(true);
      return [...scripts.keys()].filter((file) => pattern.test(file));
    };

    const appFiles = [
      ...(await loadedFiles(/^index-/)),
      ...(await loadedFiles(/^react-dom-client-/)),
      ...(await loadedFiles(/^shop-page-/)),
    ];
    for (const file of appFiles) expect(await hinted(file), file).toBe(true);
    // Dexie's code, the library itself: a page calls a small part of it.
    const [dexie] = await loadedFiles(/^import-wrapper-/);
    expect(await scripts.get(dexie!)).toContain('Dexie');
    expect(await hinted(dexie!)).toBe(false);
    await context.close();
  });

  it('hydrates pages rendered with settings the owner changed, without rendering them again', async () => {
    const previous = await withDatabase(
      async (db) => (await db.query<{ value: string }>("select value from app_settings where key = 'company_name'")).rows[0]!.value,
    );
    await withDatabase((db) => db.query("update app_settings set value = 'Kwiaciarnia Pod Różą i Tulipanem' where key = 'company_name'"));
    const context = await chromium.browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      const warnings: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
      });
      for (const path of ['/contact', '/']) {
        await page.goto(appUrl(path));
        await expect.poll(() => page.locator('fieldset[role="none"]').first().isEnabled()).toBe(true);
        expect(await page.locator('header').textContent()).toContain('Kwiaciarnia Pod Różą i Tulipanem');
      }
      expect(warnings.filter((text) => /hydrat/i.test(text))).toEqual([]);
    } finally {
      await context.close();
      await withDatabase((db) => db.query("update app_settings set value = $1 where key = 'company_name'", [previous]));
    }
  });
});
