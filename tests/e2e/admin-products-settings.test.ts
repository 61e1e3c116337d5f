import { mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { chromiumPerFile } from '../support/browser.ts';
import { COOKIE_CONSENT_KEY } from '../../src/features/shell/cookie-consent.ts';
import { anonClient, appUrl, checkoutFor, invokeFunction, someProducts, testBackend, withDatabase } from '../support/test-backend.ts';

/** The owner's products and settings screens in real Chromium against the real local backend. */

const chromium = chromiumPerFile();
const url = appUrl;
const SHOTS = '.tmp/admin-shots';
const VIEWPORTS = [
  { name: '390', width: 390, height: 844 },
  { name: '1280', width: 1280, height: 800 },
] as const;
const productNames: string[] = [];

afterAll(async () => {
  await withDatabase((db) =>
    db.query(
      'delete from products where name = any($1::text[]) and not exists (select 1 from order_items where product_id = products.id)',
      [productNames],
    ),
  );
});

async function ownerPage(width: number, height: number, path: string, acceptCookies = false): Promise<Page> {
  const context = await chromium.browser.newContext({ viewport: { width, height }, locale: 'pl-PL' });
  if (acceptCookies) await context.addInitScript((key) => window.localStorage.setItem(key, 'accepted'), COOKIE_CONSENT_KEY);
  const page = await context.newPage();
  await page.goto(url(`/login?redirect=${encodeURIComponent(path)}`));
  await page.getByLabel('E-mail').fill(testBackend().ownerEmail);
  await page.getByLabel('Hasło', { exact: true }).fill(testBackend().ownerPassword);
  await page.getByRole('button', { name: 'Zaloguj się' }).click();
  await page.waitForURL(url(path));
  return page;
}

describe('admin products and settings', () => {
  it('the owner adds a product through the modal and the shop shows it after a reload', async () => {
    const name = `Wianek e2e ${randomUUID().slice(0, 6)}`;
    productNames.push(name);
    const page = await ownerPage(390, 844, '/admin/products');
    await page.getByRole('list', { name: 'Lista produktów' }).waitFor();

    await page.getByRole('button', { name: 'Dodaj produkt' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dodaj produkt' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Dodaj produkt' }).click();
    await dialog.getByText('Nazwa jest wymagana').waitFor();
    await dialog.getByLabel(/^Nazwa/).fill(name);
    await dialog.getByLabel(/^Kategoria/).selectOption('seasonal-gifts');
    await dialog.getByLabel(/^Opis/).fill('Wianek z suszonej lawendy i wstążki.');
    await dialog.getByLabel(/^Cena \(zł\)/).fill('64.90');
    await dialog.getByLabel(/^Stan magazynowy/).fill('3');
    await dialog.getByLabel(/^Adres URL obrazka/).fill('/products/bukiet-czerwonych-roz.svg');
    await dialog.getByRole('button', { name: 'Dodaj produkt' }).click();
    await page.getByText(`Dodano produkt „${name}”.`).waitFor();
    await dialog.waitFor({ state: 'detached' });

    const stored = await withDatabase(
      async (db) => (await db.query('select category, price::float8 as price, stock, active from products where name = $1', [name])).rows,
    );
    expect(stored).toEqual([{ category: 'seasonal-gifts', price: 64.9, stock: 3, active: true }]);

    await page.goto(url('/shop'));
    await page.reload();
    await page.getByText(name).first().waitFor();
    await page.context().close();
  });

  it('the owner saves a setting and sees the success message', async () => {
    const page = await ownerPage(1280, 800, '/admin/settings');
    const swift = page.getByLabel(/^SWIFT\/BIC/);
    await swift.waitFor();
    const original = await swift.inputValue();
    try {
      await swift.fill('TESTPLPW');
      await page.getByRole('button', { name: 'Zapisz ustawienia' }).click();
      await page.getByText('Ustawienia zostały zapisane pomyślnie').waitFor();
      const saved = await withDatabase(async (db) => (await db.query("select value from app_settings where key = 'bank_swift'")).rows[0]);
      expect(saved).toEqual({ value: 'TESTPLPW' });
      // The message goes after 3 seconds.
      await page.getByText('Ustawienia zostały zapisane pomyślnie').waitFor({ state: 'detached', timeout: 5000 });
    } finally {
      await swift.fill(original);
      await page.getByRole('button', { name: 'Zapisz ustawienia' }).click();
      await page.getByText('Ustawienia zostały zapisane pomyślnie').waitFor();
    }
    const restored = await withDatabase(async (db) => (await db.query("select value from app_settings where key = 'bank_swift'")).rows[0]);
    expect(restored).toEqual({ value: original });
    await page.context().close();
  });

  it('screenshots of the products list, product modal, settings and testing tab at 390 and 1280 px', async () => {
    mkdirSync(SHOTS, { recursive: true });
    // A pending order, so 'Uruchom wszystkie testy' really calls create-payu-classic-payment for it.
    const [product] = await someProducts(1);
    const placed = await invokeFunction(anonClient(), 'place-order', {
      clientRequestId: randomUUID(),
      checkout: checkoutFor({ deliveryMethod: 'store', paymentMethod: 'payu' }),
      items: [{ productId: product!.id, quantity: 1 }],
    });
    expect(placed.status).toBe(201);
    for (const viewport of VIEWPORTS) {
      const page = await ownerPage(viewport.width, viewport.height, '/admin/products', true);
      await page.getByRole('list', { name: 'Lista produktów' }).waitFor();
      await page.screenshot({ path: `${SHOTS}/products-${viewport.name}.png`, fullPage: false });
      await page
        .getByRole('button', { name: /^Edytuj:/ })
        .first()
        .click();
      await page.getByRole('dialog', { name: 'Edytuj produkt' }).waitFor();
      await page.screenshot({ path: `${SHOTS}/product-modal-${viewport.name}.png` });
      await page.keyboard.press('Escape');

      await page.goto(url('/admin/settings'));
      await page.getByRole('form', { name: 'Ustawienia sklepu' }).waitFor();
      await page.screenshot({ path: `${SHOTS}/settings-${viewport.name}.png`, fullPage: true });
      await page.getByRole('tab', { name: 'Testowanie' }).click();
      // This test's own order: another test's newest pending order may be paid or cancelled meanwhile.
      await page.getByLabel('Wywołanie funkcji użyje zamówienia').selectOption((placed.body.order as { id: string }).id);
      await page.getByRole('button', { name: 'Uruchom wszystkie testy' }).click();
      await page.getByRole('list', { name: 'Wyniki testów' }).waitFor();
      await page.getByText('Wyniki: 7 z 7 testów zaliczonych.').waitFor();
      const call = page.getByRole('listitem').filter({ hasText: 'Wywołanie funkcji create-payu-classic-payment' });
      expect(await call.textContent()).toContain('Zaliczony');
      await page.screenshot({ path: `${SHOTS}/testing-${viewport.name}.png`, fullPage: true });
      await page.context().close();
    }
  });
});
