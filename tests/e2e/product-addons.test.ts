import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumPerFile } from '../support/browser.ts';
import { waitForMailTo } from '../support/maildev.ts';
import { appUrl, testBackend } from '../support/test-backend.ts';
import { fillCheckoutContact, placeTransferOrder } from './checkout-slot.ts';
import { dayViewCardText, MEADOW, openOnPhone, shownPrice, stepSize, storedLines } from './sized-bouquet.ts';

/**
 * An add-on with a bouquet, end to end in Chromium (decision 039): on a phone the customer chooses 'Duży', ticks
 * the glass vase under 'Dodaj do bukietu' and adds both at once; the cart offers 'Może jeszcze…' without the vase;
 * the order keeps the vase as an add-on line, the confirmation mail (MailDev) lists both lines, each with its own
 * right of withdrawal, and the owner's
 * day view lists the vase after the bouquet, marked '+'.
 */

const chromium = chromiumPerFile();
const WAIT = { timeout: 15_000 };
const VASE = 'Wazon szklany';

/** Set SHOTS_DIR to keep screenshots of 'Dodaj do bukietu' and 'Może jeszcze…' on the phone. */
async function shot(page: Page, name: string): Promise<void> {
  if (!process.env.SHOTS_DIR) return;
  mkdirSync(process.env.SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: join(process.env.SHOTS_DIR, name) });
}

describe('an add-on with a bouquet', () => {
  it('goes into the cart with the bouquet from its page and into the mail and the day view beside it', async () => {
    const email = `dodatek-${randomUUID().slice(0, 8)}@example.test`;
    const errors: string[] = [];
    const page = await openOnPhone(chromium.browser, MEADOW, errors);
    await page.getByRole('group', { name: 'Rozmiar' }).waitFor(WAIT);
    expect(await stepSize(page, 'Średni', 'Duży')).toBe(true);
    await expect.poll(() => shownPrice(page), WAIT).toBe('159,00 zł');

    const addons = page.getByRole('group', { name: 'Dodaj do bukietu' });
    const vase = addons.getByRole('checkbox', { name: new RegExp(VASE) });
    await vase.waitFor(WAIT);
    // A keyboard user ticks it with Space.
    await vase.focus();
    await shot(page, 'product-addons-390x844.png');
    await page.keyboard.press('Space');
    expect(await vase.isChecked()).toBe(true);

    await page.getByRole('button', { name: `Dodaj do koszyka: ${MEADOW.name}`, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(MEADOW.name).waitFor(WAIT);
    expect(await dialog.textContent()).toContain(VASE);
    await dialog.getByRole('button', { name: 'Kontynuuj zakupy' }).click();
    // The ticks are cleared once both are in the cart, so a second press would not add the vase again.
    expect(await vase.isChecked()).toBe(false);

    await page.goto(appUrl('/cart'));
    const lines = page.getByTestId('cart-line');
    await lines.filter({ hasText: VASE }).waitFor(WAIT);
    expect(await lines.count()).toBe(2);
    expect(await lines.filter({ hasText: 'Rozmiar: Duży' }).count()).toBe(1);
    // 'Może jeszcze…' is inline below the lines, without what the cart holds.
    const more = page.getByRole('region', { name: 'Może jeszcze…' });
    await more.getByRole('button', { name: 'Dodaj do koszyka: Czekoladki w pudełku' }).waitFor(WAIT);
    expect(await more.getByRole('button', { name: `Dodaj do koszyka: ${VASE}` }).count()).toBe(0);
    await more.scrollIntoViewIfNeeded();
    await shot(page, 'cart-addons-390x844.png');

    await page.goto(appUrl('/checkout'));
    await fillCheckoutContact(page, email);
    const number = await placeTransferOrder(page);
    await page.context().close();

    const stored = await storedLines(number);
    expect(stored).toMatchObject([
      { product_name: MEADOW.name, size_label: 'Duży', is_addon: false, price: 159 },
      { product_name: VASE, size_label: null, is_addon: true, price: 39 },
    ]);

    const [confirmation] = await waitForMailTo(testBackend().mailUrl, email, 1, 20_000);
    expect(confirmation?.subject).toContain(number);
    expect(confirmation?.text).toContain(`${MEADOW.name} (Duży)`);
    // Each line keeps its own right of withdrawal: the flowers have none, the vase keeps the 14 days.
    const mailLines = (confirmation?.text ?? '').split('\n');
    expect(mailLines.find((line) => line.includes(`${MEADOW.name} (Duży) ×`))).toContain('Nie podlega zwrotowi');
    const vaseLine = mailLines.find((line) => line.includes(`${VASE} ×`));
    expect(vaseLine).toBeDefined();
    expect(vaseLine).not.toContain('Nie podlega zwrotowi');

    const card = await dayViewCardText(chromium.browser, stored[0]!.date, number, errors);
    const bouquetAt = card.indexOf(`${MEADOW.name} (Duży)`);
    expect(bouquetAt).toBeGreaterThanOrEqual(0);
    expect(card.indexOf(`+ ${VASE}`)).toBeGreaterThan(bouquetAt);
    expect(errors).toEqual([]);
  });
});
