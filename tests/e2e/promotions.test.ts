import { describe, expect, it } from 'vitest';
import { chromiumPerFile } from '../support/browser.ts';
import { appUrl, withDatabase } from '../support/test-backend.ts';
import { fillCheckoutContact, placeTransferOrder } from './checkout-slot.ts';

/**
 * Issue 19, promotions with the Omnibus price, in real Chromium against the
 * real backend: the seeded 'Kubek z widokiem Przemyśla' (35 zł, 29 zł on
 * promotion, 32 zł before its price was raised) shows the reduction on its
 * card and page, and the order is charged the promotional price.
 */

const chromium = chromiumPerFile();
const url = appUrl;
const WAIT = { timeout: 15_000 };
const MUG = { id: '8c58a012-69d3-4104-808e-7008ac5b1be8', name: 'Kubek z widokiem Przemyśla' };

const plain = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

describe('promotions', () => {
  it('shows the reduced price, the struck regular one and the Omnibus price, and charges the reduced price', async () => {
    const context = await chromium.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pl-PL' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto(url('/shop?q=kubek%20widokiem'));
    await page.getByRole('button', { name: 'Akceptuję' }).click(WAIT);
    const card = page.getByTestId('product-card').filter({ hasText: MUG.name });
    await card.getByText('Najniższa cena z 30 dni przed obniżką: 32,00 zł').waitFor(WAIT);
    expect(plain(await card.locator('s').textContent())).toBe('Cena regularna: 35,00 zł');
    expect(plain(await card.textContent())).toContain('Cena promocyjna: 29,00 zł');

    await page.goto(url(`/product/${MUG.id}`));
    await page.getByRole('heading', { level: 1, name: MUG.name }).waitFor(WAIT);
    expect(plain(await page.getByTestId('product-price').textContent())).toBe('Cena promocyjna: 29,00 zł');
    expect(plain(await page.getByTestId('omnibus-price').textContent())).toBe('Najniższa cena z 30 dni przed obniżką: 32,00 zł');
    await page.getByLabel('Ilość').fill('2');
    await page.getByRole('button', { name: `Dodaj do koszyka: ${MUG.name}`, exact: true }).click();
    await page.getByRole('button', { name: 'Kontynuuj zakupy' }).click(WAIT);

    await page.goto(url('/checkout'));
    await page.getByLabel('Imię', { exact: true }).waitFor(WAIT);
    await expect.poll(async () => plain(await page.getByTestId('checkout-subtotal').textContent()), WAIT).toBe('58,00 zł');
    const email = `promocja-${Date.now()}@example.test`;
    await fillCheckoutContact(page, email);
    await placeTransferOrder(page);

    const lines = await withDatabase(async (db) => {
      const { rows } = await db.query<{ price: number; quantity: number; total: number }>(
        `select i.price::float8 as price, i.quantity, o.total::float8 as total
           from orders o join order_items i on i.order_id = o.id where o.customer_email = $1`,
        [email],
      );
      return rows;
    });
    expect(lines).toEqual([{ price: 29, quantity: 2, total: 58 }]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
