import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumPerFile } from '../support/browser.ts';
import { logInAsOwner } from '../support/owner-session.ts';
import { fillAndSubmit, newOrderDialog as dialog, openNewOrder } from './owner-new-order-panel.ts';
import { appUrl as url, nextPickupSlot, someProducts, withDatabase } from '../support/test-backend.ts';

/**
 * 'Nowe zamówienie' on the owner's phone (390×844), in real Chromium against
 * the real backend: a phone order reaches 'Realizacja' on its pickup day, and
 * a walk-in paid in cash is paid as soon as it is taken.
 */

const chromium = chromiumPerFile();
const WAIT = { timeout: 15_000 };

/** The panel as axe sees it (the accessibility walk's tags), with every section shown and its messages out. */
async function panelViolations(page: Page): Promise<string[]> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .include('[aria-modal="true"]')
    .analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

describe("the owner's 'Nowe zamówienie' at 390×844", () => {
  it('takes a phone order that shows in Realizacja, and a walk-in cash order that shows as paid', async () => {
    const [product] = await someProducts(1);
    const slot = nextPickupSlot();
    const context = await chromium.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pl-PL' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await logInAsOwner(page, '/admin/orders');

    // A phone order: what was typed survives a reload before it is sent.
    await openNewOrder(page);
    await dialog(page).getByLabel('Imię', { exact: true }).fill('Krystyna');
    await dialog(page).getByLabel('Nazwisko', { exact: true }).fill('Telefoniczna');
    await dialog(page).getByRole('textbox', { name: 'Telefon', exact: true }).fill('+48 600 700 800');
    await dialog(page).getByRole('button', { name: 'Przyjmij zamówienie' }).click();
    await dialog(page).getByText('Dodaj produkt lub bukiet na zamówienie').waitFor(WAIT);
    expect(await panelViolations(page)).toEqual([]);
    await page.reload();
    await dialog(page).getByLabel('Nazwisko', { exact: true }).waitFor(WAIT);
    expect(await dialog(page).getByLabel('Nazwisko', { exact: true }).inputValue()).toBe('Telefoniczna');
    await dialog(page).getByRole('radio', { name: 'Przelew', exact: true }).check();
    const phoneNumber = await fillAndSubmit(page, product!.id, slot);
    expect(phoneNumber).toMatch(/^KT\d{9}$/);
    await dialog(page).getByRole('button', { name: 'Zamknij', exact: true }).click();

    // A walk-in, no customer, cash: paid at once.
    await openNewOrder(page);
    await dialog(page).getByRole('radio', { name: 'W sklepie' }).check();
    await dialog(page).getByRole('radio', { name: 'Gotówka' }).check();
    const walkInNumber = await fillAndSubmit(page, product!.id, slot);
    expect(walkInNumber).toMatch(/^KT\d{9}$/);
    expect(await dialog(page).getByRole('status').filter({ hasText: 'Przyjęto zamówienie' }).textContent()).toContain('opłacone');
    await dialog(page).getByRole('button', { name: 'Zamknij', exact: true }).click();
    const walkInRow = page.getByRole('listitem', { name: `Zamówienie ${walkInNumber}` });
    await walkInRow.waitFor(WAIT);
    await walkInRow.getByText('Opłacone', { exact: true }).waitFor(WAIT);

    const stored = await withDatabase(async (db) => {
      const { rows } = await db.query<{ number: string; source: string; paid: boolean }>(
        'select payu_order_id as number, source, amount_paid >= round(total * 100) as paid from orders where payu_order_id = any($1) order by source',
        [[phoneNumber, walkInNumber]],
      );
      return rows;
    });
    expect(stored).toEqual([
      { number: phoneNumber, source: 'phone', paid: false },
      { number: walkInNumber, source: 'shop', paid: true },
    ]);

    // Both are on the day's desk.
    await page.goto(url(`/admin/realizacja?date=${slot.deliveryDate}`));
    await page.getByRole('article', { name: `Zamówienie ${phoneNumber}` }).waitFor(WAIT);
    await page.getByRole('article', { name: `Zamówienie ${walkInNumber}` }).waitFor(WAIT);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a desktop (1280×800) with the custom bouquet, the cemetery and the discount open, and passes axe', async () => {
    const context = await chromium.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'pl-PL' });
    const page = await context.newPage();
    await logInAsOwner(page, '/admin/orders?nowe=tak');
    const panel = dialog(page);
    await panel.getByLabel('Produkt z katalogu').waitFor(WAIT);
    await panel.getByRole('checkbox', { name: 'Bukiet na zamówienie' }).check();
    await panel.getByRole('radio', { name: 'Dostawa na cmentarz' }).check();
    await panel.getByLabel('Kwota rabatu (zł)').fill('5');
    await panel.getByRole('button', { name: 'Przyjmij zamówienie' }).click();
    await panel.getByText('Podaj powód rabatu').waitFor(WAIT);
    expect(await panelViolations(page)).toEqual([]);
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    await context.close();
  });
});
