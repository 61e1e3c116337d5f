import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { COOKIE_CONSENT_KEY } from '../../src/features/shell/cookie-consent.ts';
import { chromiumPerFile } from '../support/browser.ts';
import { putCartLines } from '../support/device-cart.ts';
import { appUrl as url, testBackend } from '../support/test-backend.ts';

/**
 * Issue 19 in real Chromium, at a phone's and a desktop's size: a candle's
 * page with its safety section, a live bouquet's without, the cart marking the
 * bouquet, the terms' withdrawal section and the admin form's two sections.
 * Screenshots go to .tmp/screens/ for a person to look at.
 */

const chromium = chromiumPerFile();
const WAIT = { timeout: 15_000 };
const SHOTS = '.tmp/screens';
const CANDLE = 'd00dcbee-904f-4aa2-86fe-79df4a2ab92f'; // Znicz czerwony klasyczny (seed)
const BOUQUET = '811546a5-832e-49cf-b3c0-9e29122b2d96'; // Bukiet czerwonych róż (seed)
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

async function shopPage(width: number, height: number): Promise<Page> {
  const context = await chromium.browser.newContext({ viewport: { width, height }, locale: 'pl-PL' });
  await context.addInitScript((key) => window.localStorage.setItem(key, 'accepted'), COOKIE_CONSENT_KEY);
  return context.newPage();
}

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });
/** The viewport with this element near its top: a readable picture of one part of a long page. */
async function shotAt(page: Page, selector: string, name: string) {
  await page
    .locator(selector)
    .first()
    .evaluate((element) => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 120));
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

describe('product legal details in the browser', () => {
  mkdirSync(SHOTS, { recursive: true });

  for (const viewport of VIEWPORTS) {
    it(`product pages, cart and terms @${viewport.name}`, async () => {
      const page = await shopPage(viewport.width, viewport.height);

      await page.goto(url(`/product/${CANDLE}`));
      const safety = page.getByRole('region', { name: 'Informacje o bezpieczeństwie produktu' });
      await safety.waitFor(WAIT);
      expect(await safety.textContent()).toContain('dane przykładowe');
      expect(await page.getByTestId('withdrawal-note').textContent()).toContain('Możesz odstąpić od umowy w ciągu 14 dni');
      await shot(page, `candle-${viewport.name}`);
      await shotAt(page, '[data-testid="withdrawal-note"]', `candle-note-${viewport.name}`);
      await shotAt(page, '[data-testid="product-safety"]', `candle-safety-${viewport.name}`);

      await page.goto(url(`/product/${BOUQUET}`));
      await page.getByRole('heading', { level: 1, name: 'Bukiet czerwonych róż' }).waitFor(WAIT);
      expect(await page.getByTestId('withdrawal-note').textContent()).toContain('Nie podlega zwrotowi');
      expect(await page.getByRole('region', { name: 'Informacje o bezpieczeństwie produktu' }).count()).toBe(0);
      await shotAt(page, '[data-testid="withdrawal-note"]', `bouquet-${viewport.name}`);

      await putCartLines(page, [
        [BOUQUET, 1],
        [CANDLE, 2],
      ]);
      await page.goto(url('/cart'));
      const lines = page.getByTestId('cart-line');
      await lines.first().waitFor(WAIT);
      expect(await lines.filter({ hasText: 'Bukiet czerwonych róż' }).getByTestId('no-withdrawal').textContent()).toBe(
        'Nie podlega zwrotowi – produkt szybko traci świeżość (art. 38 ust. 1 pkt 4 ustawy o prawach konsumenta)',
      );
      expect(await lines.filter({ hasText: 'Znicz czerwony klasyczny' }).getByTestId('no-withdrawal').count()).toBe(0);
      await shot(page, `cart-${viewport.name}`);

      await page.getByRole('button', { name: /^Koszyk, produktów: / }).click();
      const drawer = page.getByRole('dialog', { name: 'Twój koszyk' });
      await drawer.waitFor(WAIT);
      expect(await drawer.getByTestId('no-withdrawal').count()).toBe(1);
      // The picture once the drawer has slid in (Headless UI marks a running transition).
      await page.waitForFunction(() => !document.querySelector('[data-transition]'), undefined, WAIT);
      await page.screenshot({ path: `${SHOTS}/drawer-${viewport.name}.png` });

      await page.goto(url('/terms#prawo-odstapienia'));
      const form = page.getByRole('link', { name: /Wzór formularza odstąpienia od umowy \(PDF, \d+ kB\)/ });
      await form.waitFor(WAIT);
      const download = await fetch(url((await form.getAttribute('href'))!));
      expect(download.headers.get('content-type')).toBe('application/pdf');
      await shotAt(page, '#prawo-odstapienia', `terms-${viewport.name}`);
      await page.context().close();
    });

    it(`admin form sections @${viewport.name}`, async () => {
      const page = await shopPage(viewport.width, viewport.height);
      await page.goto(url('/login?redirect=%2Fadmin%2Fproducts'));
      await page.getByLabel('E-mail').fill(testBackend().ownerEmail);
      await page.getByLabel('Hasło', { exact: true }).fill(testBackend().ownerPassword);
      await page.getByRole('button', { name: 'Zaloguj się' }).click();
      await page.waitForURL(url('/admin/products'));
      await page.getByRole('button', { name: 'Edytuj: Znicz czerwony klasyczny' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edytuj produkt' });
      await dialog.waitFor(WAIT);
      const section = dialog.getByRole('group', { name: 'Bezpieczeństwo produktu (GPSR)' });
      expect(await section.getByLabel('Producent', { exact: true }).inputValue()).toContain('dane przykładowe');
      expect(await dialog.getByTestId('withdrawal-rule-effect').textContent()).toBe(
        'Dla kategorii „Znicze”: Przysługuje prawo odstąpienia',
      );
      await dialog.getByTestId('withdrawal-rule-section').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/admin-form-${viewport.name}.png` });
      await section.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/admin-form-safety-${viewport.name}.png` });
      await page.context().close();
    });
  }
});
