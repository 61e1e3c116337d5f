import { describe, expect, it } from 'vitest';
import { createAppServer } from '../../server/app/app-server.ts';
import { freePort } from '../../server/local-backend/process-utils.ts';
import { PRODUCT_SELECT } from '../../src/domain/product.ts';
import { anonClient, appUrl, testBackend, withDatabase } from '../support/test-backend.ts';

/** The local server renders the public storefront pages with the live catalog (server/app/prerender.ts). */

function rootMarkup(html: string): string {
  const match = /<div id="root">([\s\S]*?)<\/div>\s*<noscript>/.exec(html);
  if (!match) throw new Error('No #root in the page');
  return match[1]!;
}

function catalogSnapshot(html: string): unknown {
  const match = /<script type="application\/json" id="catalogue-snapshot">([\s\S]*?)<\/script>/.exec(html);
  return match ? JSON.parse(match[1]!) : undefined;
}

async function page(path: string): Promise<string> {
  const response = await fetch(appUrl(path));
  expect(response.status).toBe(200);
  return response.text();
}

describe('server-rendered storefront pages', () => {
  it('sends /shop with the first products in the markup and the catalog the anonymous visitor may read', async () => {
    const { data: rows, error } = await anonClient().from('products').select(PRODUCT_SELECT).order('created_at', { ascending: false });
    expect(error).toBeNull();
    const html = await page('/shop');
    // React separates neighbouring text parts with empty comments.
    const markup = rootMarkup(html).replaceAll('<!-- -->', '');
    expect(markup).toContain(rows![0]!.name);
    expect(markup).toContain(`/product/${rows![0]!.id}`);
    expect(markup).toMatch(/Znaleziono: \d+ produkt/);
    expect(catalogSnapshot(html)).toEqual(rows);
    // Until the app runs, its buttons and fields are disabled; links are not.
    expect(markup).toContain('<fieldset disabled="" role="none" class="contents">');
  });

  it('renders a product page with its name, price and description', async () => {
    const [product] = await withDatabase(
      async (db) =>
        (
          await db.query<{ id: string; name: string; description: string }>(
            'select id, name, description from products where active order by created_at limit 1',
          )
        ).rows,
    );
    const markup = rootMarkup(await page(`/product/${product!.id}`)).replaceAll('<!-- -->', '');
    expect(markup).toMatch(new RegExp(`<h1[^>]*>${product!.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`));
    expect(markup).toMatch(/\d+,\d{2}\u00a0zł/);
  });

  it('keeps the markup free of executable inline scripts (the CSP allows none) and escapes product text in the data block', async () => {
    const name = 'Róża </script><script>alert(1)</script>';
    const [{ id }] = (
      await withDatabase((db) =>
        db.query<{ id: string }>("insert into products (name, price, category) values ($1, 12.5, 'live-flowers') returning id", [name]),
      )
    ).rows as [{ id: string }];
    try {
      const html = await page('/shop');
      expect(html).not.toContain('<script>alert(1)</script>');
      for (const script of html.match(/<script\b[^>]*>/g) ?? []) expect(script).toMatch(/\bsrc="|type="application\/json"/);
      const rows = catalogSnapshot(html) as Array<{ id: string; name: string }>;
      expect(rows.find((row) => row.id === id)?.name).toBe(name);
    } finally {
      await withDatabase((db) => db.query('delete from products where id = $1', [id]));
    }
  });

  it('renders the checkout and the cart as a frame the device fills in: labels and choices, no cart, nothing personal', async () => {
    const checkout = rootMarkup(await page('/checkout')).replaceAll('<!-- -->', '');
    for (const label of [
      'Dane kontaktowe',
      'Imię',
      'E-mail',
      'Sposób dostawy',
      'Odbiór osobisty w kwiaciarni',
      'Płatność',
      'BLIK',
      'Zamawiam i płacę',
    ]) {
      expect(checkout, label).toContain(label);
    }
    expect(checkout).toContain('Wczytywanie koszyka…');
    // No amount the server cannot know: nothing summed, no delivery price that depends on the cart.
    expect(checkout).not.toMatch(/Razem[\s\S]*?\d+,\d{2}\u00a0zł/);
    expect(checkout).not.toContain('od 7,20');
    const cart = rootMarkup(await page('/cart')).replaceAll('<!-- -->', '');
    expect(cart).toContain('Koszyk');
    expect(cart).toContain('Wczytywanie koszyka…');
    expect(cart).not.toContain('Twój koszyk jest pusty');
    for (const html of [checkout, cart]) expect(html).not.toContain('data-testid="cart-line"');
  });

  it('puts the cookie banner in the first paint until the cookie says it was answered, and varies on that cookie', async () => {
    const unanswered = await fetch(appUrl('/checkout'));
    expect(unanswered.headers.get('vary')).toContain('Cookie');
    expect(rootMarkup(await unanswered.text())).toContain('aria-label="Pliki cookie"');
    for (const answer of ['accepted', 'dismissed']) {
      const response = await fetch(appUrl('/checkout'), { headers: { Cookie: `inne=1; kwiaciarnia-cookies=${answer}` } });
      expect(rootMarkup(await response.text()), answer).not.toContain('aria-label="Pliki cookie"');
    }
    const other = await fetch(appUrl('/'), { headers: { Cookie: 'kwiaciarnia-cookies=cokolwiek' } });
    expect(rootMarkup(await other.text())).toContain('aria-label="Pliki cookie"');
  });

  it('sends pages that depend on the account, and index.html itself, as the plain shell', async () => {
    for (const path of ['/account', '/admin', '/favourites', '/index.html', '/nie-ma-takiej-strony']) {
      const html = await page(path);
      expect(html, path).toContain('<div id="root"></div>');
      expect(catalogSnapshot(html), path).toBeUndefined();
    }
  });

  it("renders the shop's current public settings (name, contact details) and sends them along for hydration", async () => {
    const previous = await withDatabase(
      async (db) =>
        (
          await db.query<{ key: string; value: string }>(
            "select key, value from app_settings where key in ('company_name', 'company_phone')",
          )
        ).rows,
    );
    await withDatabase((db) =>
      db.query(
        "update app_settings set value = case key when 'company_name' then 'Kwiaciarnia Testowa' else '+48 16 000 00 00' end where key in ('company_name', 'company_phone')",
      ),
    );
    try {
      const html = await page('/contact');
      const markup = rootMarkup(html).replaceAll('<!-- -->', '');
      expect(markup).toContain('Kwiaciarnia Testowa');
      expect(markup).toContain('+48 16 000 00 00');
      const match = /<script type="application\/json" id="public-settings">([\s\S]*?)<\/script>/.exec(html);
      expect(JSON.parse(match![1]!)).toContainEqual({ key: 'company_phone', value: '+48 16 000 00 00' });
    } finally {
      for (const { key, value } of previous)
        await withDatabase((db) => db.query('update app_settings set value = $2 where key = $1', [key, value]));
    }
  });

  it('renders the home page without the catalog', async () => {
    const html = await page('/');
    expect(rootMarkup(html).replaceAll('<!-- -->', '')).toContain('Kwiaty, które powiedzą więcej niż słowa');
    expect(catalogSnapshot(html)).toBeUndefined();
  });

  it('lets the stylesheet and first images of a rendered page go before its code; the plain shell keeps the default', async () => {
    const rendered = await page('/');
    const plain = await page('/account');
    expect(rendered).toMatch(/<script type="module" fetchpriority="low" crossorigin src="\/assets\//);
    expect(plain).toMatch(/<script type="module" crossorigin src="\/assets\//);
    expect(plain).not.toContain('fetchpriority="low"');
  });

  it('renders the same way in production, in front of a hosted project (npm run serve:app)', async () => {
    const { url, anonKey } = testBackend();
    const port = await freePort();
    const server = createAppServer({ supabaseUrl: `${url}/`, anonKey });
    await new Promise<void>((resolve) => server.listen(port, resolve));
    try {
      const response = await fetch(`http://localhost:${port}/shop`);
      const html = await response.text();
      expect(html).toContain(`<meta name="supabase-url" content="${url}" />`);
      expect(response.headers.get('content-security-policy')).toContain(`connect-src 'self' ${url}`);
      expect(response.headers.get('content-security-policy')).toContain(`img-src 'self' data: blob: ${url};`);
      const { data: rows } = await anonClient().from('products').select(PRODUCT_SELECT).order('created_at', { ascending: false });
      expect(catalogSnapshot(html)).toEqual(rows);
      expect(rootMarkup(html)).toContain(rows![0]!.name);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
