import { mkdirSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumPerFile } from '../support/browser.ts';
import { drawnJpegs, jpegFiles } from './admin-photo-files.ts';
import { putCartLines } from '../support/device-cart.ts';
import { PRODUCT_IMAGES_BUCKET, photoObjectPaths } from '../../src/domain/product-photo.ts';
import { anonClient, appUrl, checkoutFor, invokeFunction, serviceClient, signedUpCustomer, testBackend } from '../support/test-backend.ts';

/**
 * Issue 21: axe-core (WCAG 2.0/2.1 A and AA, WCAG 2.2 AA) on every route and
 * on the open states a customer or the owner meets (the cart drawer, the
 * account menu, the add-to-cart dialog, the admin dialogs, every settings
 * tab, the florist checkout, the day view), at a phone's and a desktop's
 * size, in real Chromium. Any violation fails; what axe could not decide
 * ('needs review') is written to .tmp/axe-review.json for a person to settle.
 */

const chromium = chromiumPerFile();
const url = appUrl;
const WAIT = { timeout: 15_000 };
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;
const REVIEW_DIR = '.tmp';

type Viewport = (typeof VIEWPORTS)[number];

interface Finding {
  state: string;
  rule: string;
  impact: string | null | undefined;
  targets: string[];
  /** axe's own words for the first node: what it measured. */
  summary: string;
}

class Audit {
  readonly violations: Finding[] = [];
  readonly review: Finding[] = [];
  scanned = 0;

  constructor(private readonly viewport: Viewport) {
    mkdirSync(`${REVIEW_DIR}/axe-shots`, { recursive: true });
  }

  /**
   * `modal`: a dialog is open, so the page behind it is out of reach (aria-modal) and was scanned in its own state;
   * only the dialog is scanned. Otherwise the page is scanned from its top: where an action left the scroll, a target
   * half under the sticky header counts as 'partially obscured', which depends on the data, not on the design.
   */
  async scan(page: Page, state: string, scope: 'page' | 'modal' = 'page'): Promise<void> {
    // A dialog or drawer still sliding in overlaps the page half-way and is not yet what the user meets: wait for it to settle.
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'), undefined, WAIT);
    if (scope === 'page') {
      await page.evaluate(() => {
        window.scrollTo(0, 0);
        document.getElementById('main')?.scrollTo(0, 0);
      });
    }
    const axe = new AxeBuilder({ page }).withTags(TAGS);
    const results = await (scope === 'modal' ? axe.include('[aria-modal="true"]') : axe).analyze();
    this.scanned += 1;
    const label = `${state} @${this.viewport.name}`;
    // What was scanned, to look at (.tmp/axe-shots): the states a person should see before calling a screen done.
    const file = `${this.scanned.toString().padStart(2, '0')}-${state.replace(/[^\p{L}\d]+/gu, '-')}-${this.viewport.name}.png`;
    await page.screenshot({ path: `${REVIEW_DIR}/axe-shots/${file}` });
    const findings = (items: typeof results.violations) =>
      items.map((item) => ({
        state: label,
        rule: item.id,
        impact: item.impact,
        targets: item.nodes.slice(0, 5).map((node) => node.target.join(' ')),
        summary: item.nodes[0]?.failureSummary ?? '',
      }));
    this.violations.push(...findings(results.violations));
    this.review.push(...findings(results.incomplete));
  }

  /** Written before the assertions, so a failing run leaves the whole list (and what needs review) to read. */
  save(name: string): void {
    mkdirSync(REVIEW_DIR, { recursive: true });
    writeFileSync(
      `${REVIEW_DIR}/axe-${name}-${this.viewport.name}.json`,
      JSON.stringify({ violations: this.violations, review: this.review }, null, 2),
    );
  }
}

async function newContext(viewport: Viewport): Promise<{ context: BrowserContext; page: Page }> {
  const context = await chromium.browser.newContext({ viewport: { width: viewport.width, height: viewport.height }, locale: 'pl-PL' });
  const page = await context.newPage();
  return { context, page };
}

/** A page is ready to scan when its main heading shows and the network is quiet (lazy parts loaded). */
async function open(page: Page, path: string, heading?: string | RegExp): Promise<void> {
  await page.goto(url(path));
  await settle(page, heading);
}

async function settle(page: Page, heading?: string | RegExp): Promise<void> {
  await page
    .getByRole('heading', { level: 1, ...(heading ? { name: heading } : {}) })
    .first()
    .waitFor(WAIT);
  await page.waitForLoadState('networkidle', WAIT).catch(() => undefined);
}

interface Products {
  flowers: { id: string; name: string };
  candle: { id: string; name: string };
}

async function products(): Promise<Products> {
  const pick = async (category: string) => {
    const { data, error } = await anonClient()
      .from('products')
      .select('id, name')
      .eq('category', category)
      .eq('made_to_order', true)
      .gt('price', 0)
      .limit(1);
    if (!error && data?.[0]) return data[0] as { id: string; name: string };
    const any = await anonClient().from('products').select('id, name').eq('category', category).gt('stock', 0).limit(1);
    if (any.error || !any.data?.[0]) throw new Error(`no ${category} product to scan`);
    return any.data[0] as { id: string; name: string };
  };
  return { flowers: await pick('live-flowers'), candle: await pick('candles') };
}

/** A real 1×1 lossless WebP: enough for the gallery's markup, and Chromium draws it. */
const TINY_WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
let photographed: Promise<{ id: string; name: string }> | undefined;

/**
 * A product with three photos, so the product page's gallery (issue 20) is
 * scanned too. Dated long ago, so it sorts last and other files' "newest
 * product" stays what it was.
 */
function photographedProduct(): Promise<{ id: string; name: string }> {
  photographed ??= (async () => {
    const service = serviceClient();
    const name = 'Bukiet w trzech zdjęciach';
    const { data, error } = await service
      .from('products')
      .insert({ name, price: 120, category: 'live-flowers', made_to_order: true, created_at: '2020-01-01T00:00:00Z' })
      .select('id')
      .single();
    if (error || !data) throw new Error(`adding the photographed product failed: ${error?.message}`);
    const id = (data as { id: string }).id;
    const photos = Array.from({ length: 3 }, () => ({ id: randomUUID(), width: 1600, height: 1200 }));
    for (const photo of photos) {
      for (const path of photoObjectPaths(id, photo.id)) {
        const upload = await service.storage
          .from(PRODUCT_IMAGES_BUCKET)
          .upload(path, TINY_WEBP, { contentType: 'image/webp', upsert: true });
        if (upload.error) throw new Error(`uploading ${path} failed: ${upload.error.message}`);
      }
    }
    const updated = await service.from('products').update({ photos }).eq('id', id);
    if (updated.error) throw new Error(`attaching the photos failed: ${updated.error.message}`);
    return { id, name };
  })();
  return photographed;
}

async function guestOrderNumber(productId: string): Promise<string> {
  const answer = await invokeFunction(anonClient(), 'place-order', {
    clientRequestId: randomUUID(),
    checkout: checkoutFor({ email: `axe-${randomUUID().slice(0, 8)}@example.test` }),
    items: [{ productId, quantity: 1 }],
  });
  if (answer.status !== 201) throw new Error(`place-order answered ${answer.status}`);
  return (answer.body.order as { orderNumber: string }).orderNumber;
}

async function scanStorefront(audit: Audit, viewport: Viewport): Promise<void> {
  const { context, page } = await newContext(viewport);
  const { flowers, candle } = await products();
  const gallery = await photographedProduct();

  // The first visit, banner and all.
  await open(page, '/');
  await page.getByRole('region', { name: 'Pliki cookie' }).waitFor(WAIT);
  await audit.scan(page, 'home with the cookie banner');
  await page.getByRole('button', { name: 'Akceptuję' }).click();

  for (const [path, state] of [
    ['/', 'home'],
    ['/shop', 'shop'],
    ['/shop?category=candles&q=znicz', 'shop filtered'],
    [`/product/${flowers.id}`, 'product: live flowers'],
    [`/product/${candle.id}`, 'product: candle'],
    [`/product/${gallery.id}`, 'product: photo gallery'],
    ['/favourites', 'favourites (empty)'],
    ['/cart', 'cart (empty)'],
    ['/about', 'about'],
    ['/contact', 'contact'],
    ['/terms', 'terms'],
    ['/privacy', 'privacy'],
    ['/login', 'login'],
    ['/register', 'register'],
    ['/reset-password', 'reset password'],
    ['/account', 'account (guest)'],
    ['/checkout/cancel', 'checkout cancelled'],
    ['/odstapienie', 'withdrawal form'],
    ['/nie-ma-takiej-strony', 'not found'],
  ] as const) {
    await open(page, path);
    await audit.scan(page, state);
  }

  // The add-to-cart dialog, then the drawer, from the candle's page.
  await open(page, `/product/${candle.id}`, candle.name);
  await page.getByRole('button', { name: `Dodaj do koszyka: ${candle.name}`, exact: true }).click();
  await page.getByRole('dialog').getByText(candle.name).first().waitFor(WAIT);
  await audit.scan(page, 'add-to-cart dialog', 'modal');
  await page.getByRole('button', { name: 'Kontynuuj zakupy' }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached', ...WAIT });
  await page.getByRole('button', { name: /^Koszyk, produktów: / }).click();
  await page.getByRole('dialog', { name: 'Twój koszyk' }).waitFor(WAIT);
  await audit.scan(page, 'cart drawer', 'modal');
  await page.keyboard.press('Escape');

  await putCartLines(page, [[flowers.id, 1]]);
  await open(page, '/cart', 'Koszyk');
  await page.getByTestId('cart-line').first().waitFor(WAIT);
  await audit.scan(page, 'cart with lines');

  await open(page, '/checkout', 'Zamówienie');
  await page.getByLabel('Imię', { exact: true }).waitFor(WAIT);
  await audit.scan(page, 'checkout (store pickup)');
  await page.getByRole('radio', { name: /^Dostawa do domu/ }).check();
  await page.getByRole('radio', { name: 'Dla innej osoby' }).check();
  await page.getByLabel(/^Okazja/).selectOption('funeral');
  await page.getByRole('group', { name: /^Dzień dostawy$/ }).waitFor(WAIT);
  await audit.scan(page, 'checkout (florist: home delivery, someone else, funeral)');
  await page.getByRole('radio', { name: /^Dostawa na cmentarz/ }).check();
  await audit.scan(page, 'checkout (cemetery)');
  // Back to pickup, where the button is enabled without an address to price.
  await page.getByRole('radio', { name: /^Odbiór osobisty w kwiaciarni/ }).check();
  await page.getByRole('checkbox', { name: 'Chcę otrzymać fakturę' }).check();
  await page.getByLabel('NIP').fill('123');
  // Sending the incomplete form shows every message at once: the error state is scanned too.
  await page.getByRole('button', { name: 'Zamawiam i płacę', exact: true }).click();
  await page.getByText('Nieprawidłowy NIP').first().waitFor(WAIT);
  await audit.scan(page, 'checkout (invoice, errors shown)');

  const number = await guestOrderNumber(flowers.id);
  await open(page, `/checkout/success?payment=transfer&orderId=${number}`);
  await audit.scan(page, 'checkout success (transfer)');
  await open(page, `/zamowienie/${number}`);
  await audit.scan(page, 'order page without a link key');

  // A signed-in customer: the account page and its menu.
  const customer = await signedUpCustomer('axe');
  await open(page, '/login', 'Zaloguj się');
  await page.getByLabel('E-mail').fill(customer.email);
  await page.getByLabel('Hasło', { exact: true }).fill('haslo-123456');
  await page.getByRole('button', { name: 'Zaloguj się' }).click();
  await page.waitForURL((address) => !address.pathname.startsWith('/login'), WAIT);
  await open(page, '/account');
  await page.getByText(customer.email).first().waitFor(WAIT);
  await audit.scan(page, 'account (signed in)');
  await page.getByRole('button', { name: 'Panel klienta' }).click();
  await page.getByRole('menu').waitFor(WAIT);
  await audit.scan(page, 'account menu');

  await context.close();
}

async function scanBackOffice(audit: Audit, viewport: Viewport): Promise<void> {
  const { context, page } = await newContext(viewport);
  const { flowers } = await products();
  const number = await guestOrderNumber(flowers.id);

  await page.goto(url('/admin'));
  await page.waitForURL(/\/login\?redirect=/, WAIT);
  await page.getByLabel('E-mail').fill(testBackend().ownerEmail);
  await page.getByLabel('Hasło', { exact: true }).fill(testBackend().ownerPassword);
  await page.getByRole('button', { name: 'Zaloguj się' }).click();
  await page.waitForURL(url('/admin'), WAIT);
  await settle(page);
  await audit.scan(page, 'admin dashboard');

  for (const [path, state] of [
    ['/admin/realizacja', 'admin day view'],
    ['/admin/orders', 'admin orders'],
    ['/admin/products', 'admin products'],
    ['/admin/payments', 'admin payments'],
    ['/admin/invoices', 'admin invoices'],
    ['/admin/odstapienia', 'admin withdrawals'],
    ['/admin/realizacja?view=route', 'admin route'],
  ] as const) {
    await open(page, path);
    await audit.scan(page, state);
  }
  await open(page, '/admin/payments');
  await page.getByText('Eksport dla księgowości (CSV)').click();
  await page.getByRole('button', { name: 'Pobierz zamówienia' }).waitFor(WAIT);
  await audit.scan(page, 'admin payments: export');

  await open(page, `/admin/orders?q=${number}`);
  await page
    .getByRole('listitem', { name: `Zamówienie ${number}` })
    .getByRole('button')
    .first()
    .click();
  // Headless UI's dialog element has no box of its own (its panel is fixed): wait for what it shows.
  const dialog = page.getByRole('dialog', { name: `Zamówienie ${number}` });
  await dialog.getByLabel('Status zamówienia').waitFor(WAIT);
  await audit.scan(page, 'admin order dialog', 'modal');
  await dialog.getByLabel('Status zamówienia').selectOption('cancelled');
  await dialog.getByLabel('Powód anulowania (opcjonalnie)').waitFor(WAIT);
  await audit.scan(page, 'admin order dialog: cancel reason', 'modal');
  await dialog.getByRole('button', { name: 'Nie anuluj' }).click();
  await page.keyboard.press('Escape');

  await open(page, '/admin/products');
  await page.getByRole('button', { name: 'Dodaj produkt' }).first().click();
  await page.getByRole('dialog', { name: 'Dodaj produkt' }).getByRole('heading', { name: 'Dodaj produkt' }).waitFor(WAIT);
  await audit.scan(page, 'admin product form', 'modal');
  // Issue 20: the form with photos (two sent, waiting for the new product; main badge, move and remove buttons).
  const productForm = page.getByRole('dialog', { name: 'Dodaj produkt' });
  await productForm
    .locator('input[type="file"][multiple]')
    .setInputFiles(jpegFiles(await drawnJpegs(page, ['#f3d5dc', '#2f5d46'], 800, 600)));
  await expect.poll(() => productForm.getByText('Wysłane – dołączymy je po zapisaniu produktu').count(), { timeout: 90_000 }).toBe(2);
  await audit.scan(page, 'admin product form: photos', 'modal');
  await page.keyboard.press('Escape');
  await page
    .getByRole('button', { name: /^Usuń: / })
    .first()
    .click();
  await page.getByRole('button', { name: 'Anuluj', exact: true }).waitFor(WAIT);
  await audit.scan(page, 'admin delete dialog', 'modal');
  await page.keyboard.press('Escape');

  await open(page, '/admin/settings');
  for (const tab of ['Ustawienia', 'Dostawy', 'Testowanie', 'Powiadomienia']) {
    await page.getByRole('tab', { name: tab }).click();
    await page.getByRole('tabpanel').waitFor(WAIT);
    await audit.scan(page, `admin settings: ${tab}`);
  }

  await context.close();
}

/** On a failure, a screenshot of where the walk stopped (the error alone rarely says what the page showed). */
async function withFailureShot(name: string, viewport: Viewport, walk: (audit: Audit, viewport: Viewport) => Promise<void>, audit: Audit) {
  try {
    await walk(audit, viewport);
  } catch (error) {
    const pages = chromium.browser.contexts().flatMap((context) => context.pages());
    mkdirSync(REVIEW_DIR, { recursive: true });
    for (const [index, page] of pages.entries()) {
      await page.screenshot({ path: `${REVIEW_DIR}/axe-failure-${name}-${viewport.name}-${index}.png` }).catch(() => undefined);
      console.error(`[axe] ${name} stopped at ${page.url()}`);
    }
    throw error;
  }
}

describe.each(VIEWPORTS)('axe at $width×$height', (viewport) => {
  it('finds no violation on any storefront route or open state', async () => {
    const audit = new Audit(viewport);
    await withFailureShot('storefront', viewport, scanStorefront, audit);
    audit.save('storefront');
    expect(audit.violations).toEqual([]);
    expect(audit.scanned).toBe(31);
  }, 300_000);

  it('finds no violation in the back office', async () => {
    const audit = new Audit(viewport);
    await withFailureShot('admin', viewport, scanBackOffice, audit);
    audit.save('admin');
    expect(audit.violations).toEqual([]);
    expect(audit.scanned).toBe(18);
  }, 300_000);
});
