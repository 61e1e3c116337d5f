import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chromiumPerFile } from '../support/browser.ts';
import { waitForMailTo } from '../support/maildev.ts';
import { logInAsOwner } from '../support/owner-session.ts';
import { appUrl, testBackend, withDatabase } from '../support/test-backend.ts';
import { fillCheckoutContact, placeTransferOrder } from './checkout-slot.ts';

/**
 * A bouquet in sizes, end to end in Chromium (decision 038): the product page
 * starts on the middle size of three, the keyboard moves the 'Rozmiar' choice
 * to 'Duży' and the price follows; the order carries the size into the
 * confirmation mail (MailDev) and the owner's day view ('Realizacja').
 */

const chromium = chromiumPerFile();
const WAIT = { timeout: 15_000 };
const MEADOW = { id: 'facc36c5-b567-489c-9b89-10ed76599438', name: 'Bukiet polnych kwiatów' };

describe('a bouquet in sizes', () => {
  it('is ordered as “Duży” from its product page, and the mail and the day view name the size', async () => {
    const email = `rozmiar-${randomUUID().slice(0, 8)}@example.test`;
    const buyer = await chromium.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pl-PL' });
    const page = await buyer.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto(appUrl(`/product/${MEADOW.id}`));
    await page.getByRole('button', { name: 'Akceptuję' }).click(WAIT);
    await page.getByRole('heading', { level: 1, name: MEADOW.name }).waitFor(WAIT);
    const sizes = page.getByRole('group', { name: 'Rozmiar' });
    await sizes.waitFor(WAIT);
    expect(await sizes.getByRole('radio').count()).toBe(3);
    // The middle of three is chosen at first, with its price.
    expect(await sizes.getByRole('radio', { name: /Średni/ }).isChecked()).toBe(true);
    expect((await page.getByTestId('product-price').textContent())?.replace(/\s/g, ' ')).toBe('119,00 zł');

    // Arrow keys move a radio group's choice: from 'Średni' one step on is 'Duży'.
    await sizes.getByRole('radio', { name: /Średni/ }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await sizes.getByRole('radio', { name: /Duży/ }).isChecked()).toBe(true);
    await expect.poll(async () => (await page.getByTestId('product-price').textContent())?.replace(/\s/g, ' '), WAIT).toBe('159,00 zł');

    await page.getByRole('button', { name: `Dodaj do koszyka: ${MEADOW.name}`, exact: true }).click();
    await page.getByRole('dialog').getByText(MEADOW.name).waitFor(WAIT);
    await page.goto(appUrl('/cart'));
    const cartLine = page.getByTestId('cart-line');
    await cartLine.getByText('Rozmiar: Duży').waitFor(WAIT);
    expect(await cartLine.textContent()).toContain('159,00');
    await page.goto(appUrl('/checkout'));
    await fillCheckoutContact(page, email);
    const number = await placeTransferOrder(page);
    await buyer.close();

    const [line] = await withDatabase(async (db) => {
      const { rows } = await db.query<{ size_label: string; price: number; date: string }>(
        `select i.size_label, i.price::float8 as price, to_char(o.delivery_date, 'YYYY-MM-DD') as date
         from order_items i join orders o on o.id = i.order_id where o.payu_order_id = $1`,
        [number],
      );
      return rows;
    });
    expect(line).toMatchObject({ size_label: 'Duży', price: 159 });

    const [confirmation] = await waitForMailTo(testBackend().mailUrl, email, 1, 20_000);
    expect(confirmation?.subject).toContain(number);
    expect(confirmation?.text).toContain(`${MEADOW.name} (Duży)`);

    const owner = await chromium.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'pl-PL' });
    const desk = await owner.newPage();
    desk.on('pageerror', (error) => errors.push(error.message));
    await logInAsOwner(desk, `/admin/realizacja?date=${line!.date}`);
    const card = desk.getByRole('article', { name: `Zamówienie ${number}` });
    await card.waitFor(WAIT);
    expect(await card.textContent()).toContain(`${MEADOW.name} (Duży)`);
    await owner.close();
    expect(errors).toEqual([]);
  });
});
