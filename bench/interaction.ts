/**
 * The shop with 5,000 products on the device: ms per search keystroke in
 * the page, then adding to the cart and opening the cart drawer.
 */
import type { Browser } from 'playwright-core';
import { log, PRODUCT_ID, RUNS, type BenchContext } from './context.ts';
import { budget, median, results } from './report.ts';

/** 5,000 products in Dexie: ms per search keystroke until the result count shows, then add to cart and open the drawer. */
async function interaction(browser: Browser, appUrl: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(`${appUrl}/shop`);
  await page.locator('[data-testid="product-card"]').first().waitFor();
  // The server-rendered catalog is stored once the page is idle: after that, nothing replaces the seeded rows.
  await page.waitForFunction(() => window.localStorage.getItem('kwiaciarnia.catalogueStored') === '1');
  await page.evaluate(async () => {
    const words = ['Róża', 'Tulipan', 'Znicz', 'Wieniec', 'Storczyk', 'Kubek', 'Magnes', 'Świeca', 'Bukiet', 'Stroik'];
    const categories = ['live-flowers', 'artificial-flowers', 'candles', 'souvenirs', 'seasonal-gifts'];
    const rows = Array.from({ length: 5000 }, (_, index) => ({
      id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      name: `${words[index % words.length]} ${['czerwona', 'biała', 'żółta', 'duża', 'mała'][index % 5]} nr ${index}`,
      description: 'Produkt do pomiaru wyszukiwania.',
      price: 10 + (index % 90),
      category: categories[index % categories.length],
      image_url: '',
      is_featured: false,
      stock: 5,
      active: true,
      created_at: new Date(Date.UTC(2020, 0, 1) + index * 1000).toISOString(),
    }));
    await new Promise<void>((done, fail) => {
      const open = indexedDB.open('kwiaciarnia');
      open.onsuccess = () => {
        const tx = open.result.transaction('products', 'readwrite');
        for (const row of rows) tx.objectStore('products').put(row);
        tx.oncomplete = () => done();
        tx.onerror = () => fail(tx.error);
      };
      open.onerror = () => fail(open.error);
    });
  });
  // The background refresh must not replace the 5,000 rows with the real catalog. /shop is reached in the app
  // from a page the server does not render, so it starts from the device's copy, not the server's rows.
  await page.route('**/rest/v1/products**', (route) => route.abort());
  await page.goto(`${appUrl}/cart`);
  await page.locator('header').getByRole('link', { name: 'Sklep' }).first().click();
  await page.waitForFunction(
    () =>
      Number(/\d+/.exec(document.querySelector('[data-testid="result-count"]')?.textContent?.replace(/\s/g, '') ?? '')?.[0] ?? 0) >= 5000,
  );
  // A string, not a function: tsx's name helpers do not exist inside the page.
  const perKeystroke = (await page.evaluate(`(async () => {
    const input = document.querySelector('input[type="search"]');
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    const times = [];
    for (const query of ['r', 'ró', 'róż', 'róża', 'róża c', 'róża cz', 'róża cze']) {
      const started = performance.now();
      setValue.call(input, query);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      // Rendered: the result count carries the query it was computed for (data-query).
      const shown = () => document.querySelector('[data-testid="result-count"]')?.getAttribute('data-query');
      while (shown() !== query.trim() && performance.now() - started < 2000) {
        await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
      }
      times.push(performance.now() - started);
    }
    return times;
  })()`)) as number[];
  await page.unroute('**/rest/v1/products**');
  await page.goto(`${appUrl}/product/${PRODUCT_ID}`);
  const add = page.getByRole('button', { name: /^Dodaj do koszyka/ }).first();
  await add.waitFor();
  // An interaction on a page that has finished loading (a shopper reads before tapping).
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  let started = Date.now();
  await add.click();
  await page.getByRole('dialog').waitFor();
  const addToCartMs = Date.now() - started;
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  started = Date.now();
  // The cart button carries its count in its name ('Koszyk, produktów: 1').
  await page.getByRole('button', { name: /^Koszyk(, produktów: \d+)?$/ }).click();
  await page.getByRole('dialog', { name: 'Twój koszyk' }).waitFor();
  const openDrawerMs = Date.now() - started;
  await context.close();
  return { searchMsPerKeystroke: median(perKeystroke), searchMaxMs: Math.max(...perKeystroke), addToCartMs, openDrawerMs };
}

export async function interactionSection({ browser, appUrl, out }: BenchContext) {
  log('interaction with 5,000 products');
  const interactionRuns: Awaited<ReturnType<typeof interaction>>[] = [];
  for (let run = 0; run < RUNS; run += 1) interactionRuns.push(await interaction(browser, appUrl));
  const interactionResult = {
    searchMsPerKeystroke: median(interactionRuns.map((r) => r.searchMsPerKeystroke)),
    searchMaxMs: median(interactionRuns.map((r) => r.searchMaxMs)),
    addToCartMs: median(interactionRuns.map((r) => r.addToCartMs)),
    openDrawerMs: median(interactionRuns.map((r) => r.openDrawerMs)),
  };
  results.interaction = interactionResult;
  budget('Search per keystroke, 5,000 products', interactionResult.searchMsPerKeystroke, 50, 'ms');
  out.push(
    `Interaction: search ${interactionResult.searchMsPerKeystroke.toFixed(1)} ms/keystroke (max ${interactionResult.searchMaxMs.toFixed(1)}), add to cart ${interactionResult.addToCartMs} ms, open drawer ${interactionResult.openDrawerMs} ms`,
    '',
  );
}
