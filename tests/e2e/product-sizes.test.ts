import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chromiumPerFile } from '../support/browser.ts';
import { waitForMailTo } from '../support/maildev.ts';
import { appUrl, testBackend } from '../support/test-backend.ts';
import { fillCheckoutContact, placeTransferOrder } from './checkout-slot.ts';
import { dayViewCardText, MEADOW, openOnPhone, shownPrice, stepSize, storedLines } from './sized-bouquet.ts';

/**
 * A bouquet in sizes, end to end in Chromium (decision 038): the product page
 * starts on the middle size of three, the keyboard moves the 'Rozmiar' choice
 * to 'Duży' and the price follows; the order carries the size into the
 * confirmation mail (MailDev) and the owner's day view ('Realizacja').
 */

const chromium = chromiumPerFile();
const WAIT = { timeout: 15_000 };

describe('a bouquet in sizes', () => {
  it('is ordered as “Duży” from its product page, and the mail and the day view name the size', async () => {
    const email = `rozmiar-${randomUUID().slice(0, 8)}@example.test`;
    const errors: string[] = [];
    const page = await openOnPhone(chromium.browser, MEADOW, errors);
    const sizes = page.getByRole('group', { name: 'Rozmiar' });
    await sizes.waitFor(WAIT);
    expect(await sizes.getByRole('radio').count()).toBe(3);
    // The middle of three is chosen at first, with its price.
    expect(await sizes.getByRole('radio', { name: /Średni/ }).isChecked()).toBe(true);
    expect(await shownPrice(page)).toBe('119,00 zł');

    // Arrow keys move a radio group's choice: from 'Średni' one step on is 'Duży'.
    expect(await stepSize(page, 'Średni', 'Duży')).toBe(true);
    await expect.poll(() => shownPrice(page), WAIT).toBe('159,00 zł');

    await page.getByRole('button', { name: `Dodaj do koszyka: ${MEADOW.name}`, exact: true }).click();
    await page.getByRole('dialog').getByText(MEADOW.name).waitFor(WAIT);
    await page.goto(appUrl('/cart'));
    const cartLine = page.getByTestId('cart-line');
    await cartLine.getByText('Rozmiar: Duży').waitFor(WAIT);
    expect(await cartLine.textContent()).toContain('159,00');
    await page.goto(appUrl('/checkout'));
    await fillCheckoutContact(page, email);
    const number = await placeTransferOrder(page);
    await page.context().close();

    const [line] = await storedLines(number);
    expect(line).toMatchObject({ size_label: 'Duży', price: 159 });

    const [confirmation] = await waitForMailTo(testBackend().mailUrl, email, 1, 20_000);
    expect(confirmation?.subject).toContain(number);
    expect(confirmation?.text).toContain(`${MEADOW.name} (Duży)`);

    expect(await dayViewCardText(chromium.browser, line!.date, number, errors)).toContain(`${MEADOW.name} (Duży)`);
    expect(errors).toEqual([]);
  });
});
