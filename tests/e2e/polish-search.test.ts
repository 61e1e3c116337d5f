import { describe, expect, it } from 'vitest';
import { chromiumPerFile } from '../support/browser.ts';
import { appUrl, withDatabase } from '../support/test-backend.ts';

/** The shop's search in real Chromium against the seeded catalogue: Polish word forms, on the server and in the browser. */

const chromium = chromiumPerFile();

async function visitor() {
  const context = await chromium.browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().includes('Failed to load resource')) errors.push(message.text());
  });
  return { context, page, errors };
}

describe('search that understands Polish', () => {
  it("'róże' typed on /shop finds 'Bukiet czerwonych róż' and the wedding bouquet, not the pink tulips", async () => {
    const { context, page, errors } = await visitor();
    await page.goto(appUrl('/shop'));
    const list = page.getByRole('list', { name: 'Produkty' });
    // Come to life: the cards' buttons work once the page has hydrated.
    await expect
      .poll(() =>
        list
          .getByRole('button', { name: /Dodaj do koszyka/ })
          .first()
          .isEnabled(),
      )
      .toBe(true);

    await page.getByLabel('Szukaj produktów').fill('róże');

    await page.waitForURL((url) => url.searchParams.get('q') === 'róże');
    // The list is searched in a deferred render: the count says which query it shows.
    await page.locator('[data-testid="result-count"][data-query="róże"]').waitFor();
    const names = await list.getByRole('heading', { level: 2 }).allTextContents();
    expect(names).toContain('Bukiet czerwonych róż');
    expect(names).toContain('Bukiet ślubny z białych róż');
    expect(names).not.toContain('Bukiet różowych tulipanów');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('renders /shop?q=róże on the server with the same results the browser then shows', async () => {
    const response = await fetch(appUrl(`/shop?q=${encodeURIComponent('róże')}&sort=price-asc`));
    const html = await response.text();
    // The product list only: the page also carries the whole catalogue as data for hydration.
    const listed = [...(/<ul[^>]*aria-label="Produkty".*?<\/ul>/s.exec(html)?.[0] ?? '').matchAll(/<h2[^>]*><a[^>]*>([^<]+)<\/a>/g)].map(
      (match) => match[1],
    );
    // Products with roses, cheapest first; not the pink (różowe) tulips. Other tests share the catalogue (they add
    // products and sell stock out), so the list is checked by its rule, not against a fixed copy of the seed.
    expect(listed).toContain('Bukiet czerwonych róż');
    expect(listed).toContain('Bukiet ślubny z białych róż');
    expect(listed).not.toContain('Bukiet różowych tulipanów');
    const prices = await withDatabase(async (db) => {
      const { rows } = await db.query<{ name: string; price: number }>(
        'select p.name, public.product_current_price(p)::float8 as price from products p where p.name = any($1)',
        [listed],
      );
      return listed.map((name) => rows.find((row) => row.name === name)?.price ?? Number.NaN);
    });
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(html).toMatch(/<select[^>]*>.*Cena: od najniższej/s);

    const { context, page, errors } = await visitor();
    await page.goto(appUrl(`/shop?q=${encodeURIComponent('róże')}&sort=price-asc`));
    const list = page.getByRole('list', { name: 'Produkty' });
    await expect
      .poll(() =>
        list
          .getByRole('button', { name: /Dodaj do koszyka/ })
          .first()
          .isEnabled(),
      )
      .toBe(true);
    expect(await list.getByRole('heading', { level: 2 }).allTextContents()).toEqual(listed);
    // Hydration found the server's markup as it would have drawn it.
    expect(errors).toEqual([]);
    await context.close();
  });

  it("renders the home page's 'Polecane' on the server, with the seeded featured products", async () => {
    const html = await (await fetch(appUrl('/'))).text();
    const section = /<section[^>]*aria-labelledby="featured-heading".*?<\/section>/s.exec(html)?.[0] ?? '';
    expect(section).toContain('Polecane');
    expect(section).toContain('Bukiet czerwonych róż');
    expect(section).toContain('Znicz szklany „Anioł”');
    expect(section).not.toContain('Róża czerwona – pojedyncza');
  });
});
