import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { WITHDRAWAL_EXEMPTION_REASONS } from '../../src/domain/withdrawal-right.ts';
import { chromiumPerFile } from '../support/browser.ts';
import { waitForMailTo } from '../support/maildev.ts';
import { anonClient, appUrl, checkoutFor, invokeFunction, testBackend } from '../support/test-backend.ts';
import { fillCheckoutContact, placeTransferOrder } from './checkout-slot.ts';

/**
 * Issue 19, end to end in Chromium: a customer orders a returnable candle and
 * a live-flower bouquet, opens /odstapienie from the footer, sees the bouquet
 * refused with the art. 38 reason, sends the request for the candle, sees the
 * confirmation, and its mail arrives in MailDev; the owner sees it in admin.
 */

const chromium = chromiumPerFile();
const ROSES = { id: '811546a5-832e-49cf-b3c0-9e29122b2d96', name: 'Bukiet czerwonych róż' };
const CANDLE = { id: 'd00dcbee-904f-4aa2-86fe-79df4a2ab92f', name: 'Znicz czerwony klasyczny' };
const WAIT = { timeout: 15_000 };
/** Set SHOTS_DIR to keep screenshots of /odstapienie and the admin list at phone and desktop width. */
const SHOTS_DIR = process.env.SHOTS_DIR;

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS_DIR) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  const { width, height } = page.viewportSize()!;
  await page.screenshot({ path: join(SHOTS_DIR, `${name}-${width}x${height}.png`), fullPage: true });
}

/** axe-core (WCAG 2.x A/AA, as tests/e2e/accessibility.test.ts) on a state of the withdrawal pages: no violation. */
async function expectAccessible(page: Page, state: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
    state,
  ).toEqual([]);
}

async function addToCart(page: Page, product: { id: string; name: string }): Promise<void> {
  await page.goto(appUrl(`/product/${product.id}`));
  await page.getByRole('heading', { level: 1, name: product.name }).waitFor(WAIT);
  await page.getByRole('button', { name: `Dodaj do koszyka: ${product.name}`, exact: true }).click();
  await page.getByRole('dialog').getByText(product.name).waitFor(WAIT);
}

/** A guest's order through the checkout: roses and a candle, store pickup, transfer; answers the order number. */
async function guestOrder(page: Page, email: string): Promise<string> {
  await page.goto(appUrl('/'));
  await page.getByRole('button', { name: 'Akceptuję' }).click(WAIT);
  await addToCart(page, ROSES);
  await addToCart(page, CANDLE);
  await page.goto(appUrl('/checkout'));
  await fillCheckoutContact(page, email);
  return placeTransferOrder(page);
}

/** /odstapienie up to the lines: from the footer at desktop width, directly at phone width. */
async function openLines(page: Page, number: string, email: string, fromFooter: boolean): Promise<void> {
  if (fromFooter) {
    await page.goto(appUrl('/'));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Odstąp od umowy' }).click();
    await page.waitForURL(/\/odstapienie$/, WAIT);
  } else {
    await page.goto(appUrl('/odstapienie'));
  }
  await page.getByRole('heading', { level: 1, name: 'Odstąp od umowy' }).waitFor(WAIT);
  await page.getByLabel('Numer zamówienia').fill(number);
  await page.getByLabel('E-mail').fill(email);
  await shot(page, 'withdrawal-form');
  await page.getByRole('button', { name: 'Znajdź zamówienie' }).click();
  await page.getByRole('group', { name: 'Produkty z zamówienia' }).waitFor(WAIT);
}

async function customerContext(browser: Browser, width: number, height: number) {
  const context = await browser.newContext({ viewport: { width, height }, locale: 'pl-PL' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

describe('the withdrawal function', () => {
  it('refuses the bouquet with the art. 38 reason, takes the candle back, confirms on screen and by mail; the owner sees the request', async () => {
    const email = `withdrawal-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
    const { context, page, errors } = await customerContext(chromium.browser, 1280, 800);
    const number = await guestOrder(page, email);

    await openLines(page, number, email, true);
    const roses = page.getByRole('checkbox', { name: new RegExp(ROSES.name) });
    expect(await roses.isDisabled()).toBe(true);
    // The reason is the checkbox's description, so a screen reader says why it cannot be chosen.
    expect(await roses.getAttribute('aria-describedby')).toBeTruthy();
    await page.getByText(WITHDRAWAL_EXEMPTION_REASONS.perishable).waitFor(WAIT);
    await shot(page, 'withdrawal-refused-line');
    await expectAccessible(page, 'the lines, one refused');

    // Nothing chosen: the form says so and keeps what was typed.
    await page.getByLabel(/^Powód/).fill('Zmiana planów');
    await page.getByRole('button', { name: 'Wyślij oświadczenie o odstąpieniu' }).click();
    await page.getByText('Wybierz co najmniej jeden produkt do zwrotu.').waitFor(WAIT);
    expect(await page.getByLabel(/^Powód/).inputValue()).toBe('Zmiana planów');

    await page.getByRole('checkbox', { name: new RegExp(CANDLE.name) }).check();
    await page.getByRole('button', { name: 'Wyślij oświadczenie o odstąpieniu' }).click();
    const done = page.getByRole('heading', { name: 'Otrzymaliśmy Twoje odstąpienie od umowy' });
    await done.waitFor(WAIT);
    const requestNumber = (await page.locator('dt:has-text("Numer zgłoszenia") + dd').textContent())?.trim() ?? '';
    expect(requestNumber).toMatch(/^ODS-\d+$/);
    await page.getByText(`${CANDLE.name} – 1 szt.`).waitFor(WAIT);
    expect(await page.getByRole('heading', { name: 'Nieprzyjęte' }).count()).toBe(0);
    await shot(page, 'withdrawal-confirmation');
    await expectAccessible(page, 'the confirmation');

    const mails = await waitForMailTo(testBackend().mailUrl, email, 2, 30_000);
    const mail = mails.find((candidate) => candidate.subject.includes(requestNumber));
    expect(mail?.subject).toBe(`Otrzymaliśmy odstąpienie od umowy ${requestNumber} – zamówienie ${number}`);
    expect(mail?.text).toContain(`${CANDLE.name}: 1 szt.`);
    expect(mail?.text).toContain('Powód: Zmiana planów');

    if (SHOTS_DIR) {
      // The phone's view of the same steps, for a second order of the same two products.
      const second = await invokeFunction(anonClient(), 'place-order', {
        clientRequestId: randomUUID(),
        checkout: checkoutFor({ email }),
        items: [
          { productId: ROSES.id, quantity: 1 },
          { productId: CANDLE.id, quantity: 2 },
        ],
      });
      const phone = await customerContext(chromium.browser, 390, 844);
      await phone.page.goto(appUrl('/'));
      await phone.page.getByRole('button', { name: 'Akceptuję' }).click(WAIT);
      await openLines(phone.page, (second.body.order as { orderNumber: string }).orderNumber, email, false);
      await shot(phone.page, 'withdrawal-refused-line');
      await phone.page.getByRole('checkbox', { name: new RegExp(CANDLE.name) }).check();
      await phone.page.getByRole('button', { name: 'Wyślij oświadczenie o odstąpieniu' }).click();
      await phone.page.getByRole('heading', { name: 'Otrzymaliśmy Twoje odstąpienie od umowy' }).waitFor(WAIT);
      await shot(phone.page, 'withdrawal-confirmation');
      await phone.context.close();
    }

    const owner = await chromium.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pl-PL' });
    const admin = await owner.newPage();
    await admin.goto(appUrl('/admin/odstapienia'));
    await admin.waitForURL(/\/login\?redirect=/, WAIT);
    await admin.getByLabel('E-mail').fill(testBackend().ownerEmail);
    await admin.getByLabel('Hasło', { exact: true }).fill(testBackend().ownerPassword);
    await admin.getByRole('button', { name: 'Zaloguj się' }).click();
    const card = admin.getByRole('listitem', { name: requestNumber });
    await card.waitFor(WAIT);
    expect(await card.textContent()).toContain(`${CANDLE.name} – 1 szt.`);
    await card.getByLabel('Zmień stan').selectOption('accepted');
    await card.locator('span', { hasText: 'Uznane' }).waitFor(WAIT);
    await shot(admin, 'admin-withdrawals');
    await expectAccessible(admin, 'the admin list on a phone');
    if (SHOTS_DIR) {
      await admin.setViewportSize({ width: 1280, height: 800 });
      await shot(admin, 'admin-withdrawals');
    }

    expect(errors).toEqual([]);
    await owner.close();
    await context.close();
  });
});
