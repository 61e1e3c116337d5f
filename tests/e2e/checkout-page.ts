import { expect } from 'vitest';
import type { Page } from 'playwright-core';

const WAIT = { timeout: 15_000 };

/**
 * The checkout comes from the server as a disabled frame: it is the
 * customer's once the device's cart and draft are read. Waits for that, with
 * `lines` products in the cart ('1 produkt, 39,00 zł').
 */
export async function checkoutReadFromDevice(page: Page, items: number): Promise<void> {
  const summary = page.getByTestId('checkout-cart').locator('summary');
  await expect.poll(async () => (await summary.textContent()) ?? '', WAIT).toMatch(new RegExp(`^${items} produkt`));
  await expect.poll(() => page.getByLabel('Imię', { exact: true }).isEnabled(), WAIT).toBe(true);
}

/** The checkout's cart is one line until opened (a line still being checked does not open it). */
export async function openCheckoutCart(page: Page): Promise<void> {
  await page.getByTestId('checkout-cart').getByText('Pokaż i zmień').click(WAIT);
}
