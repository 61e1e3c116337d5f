import type { Browser, Page } from 'playwright-core';
import { logInAsOwner } from '../support/owner-session.ts';
import { appUrl, withDatabase } from '../support/test-backend.ts';

/**
 * The seeded bouquet in three sizes as a customer and the owner meet it: its product page on a phone, the
 * 'Rozmiar' choice moved by the keyboard, the order's lines as stored and the owner's day view of the order.
 * Shared by the e2e files that order it (sizes, add-ons).
 */

const WAIT = { timeout: 15_000 };

export const MEADOW = { id: 'facc36c5-b567-489c-9b89-10ed76599438', name: 'Bukiet polnych kwiatów' };

/** The product page at 390×844 with the cookie notice accepted; page and console errors (a CSP refusal too) go into `errors`. */
export async function openOnPhone(browser: Browser, product: { id: string; name: string }, errors: string[]): Promise<Page> {
  const buyer = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pl-PL' });
  const page = await buyer.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(appUrl(`/product/${product.id}`));
  await page.getByRole('button', { name: 'Akceptuję' }).click(WAIT);
  await page.getByRole('heading', { level: 1, name: product.name }).waitFor(WAIT);
  return page;
}

/** The shown price with its spaces plain ('159,00 zł'). */
export async function shownPrice(page: Page): Promise<string | undefined> {
  return (await page.getByTestId('product-price').textContent())?.replace(/\s/g, ' ');
}

/** Moves 'Rozmiar' one step on with the arrow key, as a keyboard user does; whether `to` is then chosen. */
export async function stepSize(page: Page, from: string, to: string): Promise<boolean> {
  const sizes = page.getByRole('group', { name: 'Rozmiar' });
  await sizes.getByRole('radio', { name: new RegExp(from) }).focus();
  await page.keyboard.press('ArrowRight');
  return sizes.getByRole('radio', { name: new RegExp(to) }).isChecked();
}

export interface StoredLine {
  product_name: string;
  size_label: string | null;
  is_addon: boolean;
  price: number;
  date: string;
}

/** The order's lines as the database keeps them, by name, with the order's delivery day. */
export async function storedLines(orderNumber: string): Promise<StoredLine[]> {
  return withDatabase(async (db) => {
    const { rows } = await db.query<StoredLine>(
      `select i.product_name, i.size_label, i.is_addon, i.price::float8 as price, to_char(o.delivery_date, 'YYYY-MM-DD') as date
       from order_items i join orders o on o.id = i.order_id where o.payu_order_id = $1 order by i.product_name`,
      [orderNumber],
    );
    return rows;
  });
}

/** The text of the order's card in the owner's day view ('Realizacja') of its day; page errors go into `errors`. */
export async function dayViewCardText(browser: Browser, date: string, orderNumber: string, errors: string[]): Promise<string> {
  const owner = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'pl-PL' });
  try {
    const desk = await owner.newPage();
    desk.on('pageerror', (error) => errors.push(error.message));
    await logInAsOwner(desk, `/admin/realizacja?date=${date}`);
    const card = desk.getByRole('article', { name: `Zamówienie ${orderNumber}` });
    await card.waitFor(WAIT);
    return (await card.textContent()) ?? '';
  } finally {
    await owner.close();
  }
}
