import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumPerFile } from '../support/browser.ts';
import { putCartLines } from '../support/device-cart.ts';
import { appUrl as url, withDatabase } from '../support/test-backend.ts';
import { chooseFirstFreeSlot, fillCheckoutContact } from './checkout-slot.ts';

/**
 * Two orders in a row on one phone: a birthday bouquet for Maria, then the
 * next order. The second starts clean (the buyer's details stay), so
 * nothing of Maria's order reaches the owner's day plan again; a draft still
 * survives a reload before it is placed.
 */

const chromium = chromiumPerFile();
const WAIT = { timeout: 15_000 };
const ROSES = '811546a5-832e-49cf-b3c0-9e29122b2d96';
const CARD = 'Wszystkiego najlepszego z okazji urodzin! Sto lat, Mario.';
const NOTES = 'Domofon 5, drugie piętro.';

async function openCheckout(page: Page): Promise<void> {
  await putCartLines(page, [[ROSES, 1]]);
  await page.goto(url('/checkout'));
  await page.getByRole('heading', { level: 1, name: 'Zamówienie' }).waitFor(WAIT);
}

async function placeBirthdayOrderForMaria(page: Page, email: string): Promise<string> {
  await openCheckout(page);
  await fillCheckoutContact(page, email);
  await page.getByRole('radio', { name: /Dostawa do domu/ }).check();
  await page.getByRole('radio', { name: 'Dla innej osoby' }).check();
  await page.getByLabel('Imię i nazwisko odbiorcy').fill('Maria Nowak');
  await page.getByLabel('Telefon odbiorcy').fill('+48 601 222 333');
  await page.getByLabel('Ulica').fill('Zamkowa');
  await page.getByLabel('Numer domu').fill('2');
  await page.getByLabel('Kod pocztowy').fill('37-741');
  await page.getByLabel('Miasto / miejscowość').fill('Krasiczyn');
  await page.getByTestId('delivery-quote').getByText('Koszt dostawy:').waitFor(WAIT);
  await page.getByLabel(/Uwagi do dostawy/).fill(NOTES);
  await chooseFirstFreeSlot(page);
  await page.getByLabel(/^Okazja/).selectOption({ label: 'Urodziny' });
  await page.getByLabel(/Treść bileciku/).fill(CARD);
  await page.getByRole('switch', { name: 'Wyślij anonimowo' }).check();
  await page.getByRole('radio', { name: 'Przelew tradycyjny' }).check();
  await page.getByRole('button', { name: 'Zamawiam i płacę', exact: true }).click();
  await page.getByRole('button', { name: 'Potwierdź i przejdź do przelewu' }).click(WAIT);
  await page.waitForURL(/\/checkout\/success\?payment=transfer&orderId=KT\d+$/, WAIT);
  return new URL(page.url()).searchParams.get('orderId')!;
}

/** The card message of the device's draft (IndexedDB 'kwiaciarnia', store 'meta'), once the form has saved it. */
function savedCardMessage(page: Page): Promise<string | null> {
  return page.evaluate(
    () =>
      new Promise<string | null>((resolve) => {
        const request = indexedDB.open('kwiaciarnia');
        request.onsuccess = () => {
          const database = request.result;
          const read = database.transaction('meta', 'readonly').objectStore('meta').get('checkoutDraft');
          read.onsuccess = () => {
            const draft = read.result as { value?: { values?: { cardMessage?: string } } } | undefined;
            resolve(draft?.value?.values?.cardMessage ?? null);
            database.close();
          };
          read.onerror = () => {
            resolve(null);
            database.close();
          };
        };
        request.onerror = () => resolve(null);
      }),
  );
}

describe('two orders in a row on one phone', () => {
  it('starts the second order clean, keeping only the buyer, and keeps its draft across a reload', async () => {
    const context = await chromium.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pl-PL' });
    const page = await context.newPage();
    await page.goto(url('/shop'));
    await page.getByRole('button', { name: 'Akceptuję' }).click(WAIT);
    const email = `two-orders-${randomUUID().slice(0, 8)}@example.test`;

    const first = await placeBirthdayOrderForMaria(page, email);
    const [stored] = await withDatabase(async (db) => {
      const { rows } = await db.query('select recipient_name, card_message, card_anonymous from orders where payu_order_id = $1', [first]);
      return rows;
    });
    expect(stored).toEqual({ recipient_name: 'Maria Nowak', card_message: CARD, card_anonymous: true });
    // The success page finishes the draft as it loads.
    await page.getByText(first).first().waitFor(WAIT);

    await openCheckout(page);
    await expect.poll(() => page.getByLabel('Imię', { exact: true }).inputValue(), WAIT).toBe('Anna');
    expect(await page.getByLabel('E-mail').inputValue()).toBe(email);
    expect(await page.getByLabel('Telefon', { exact: true }).inputValue()).toBe('+48 600 100 200');
    expect(await page.getByRole('radio', { name: 'Dla innej osoby' }).isChecked()).toBe(false);
    expect(await page.getByLabel(/Treść bileciku/).inputValue()).toBe('');
    expect(await page.getByRole('switch', { name: 'Wyślij anonimowo' }).isChecked()).toBe(false);
    expect(await page.getByLabel(/^Okazja/).inputValue()).toBe('');
    // Maria's street was hers: the second order asks for its own address.
    expect(await page.getByRole('radio', { name: /Dostawa do domu/ }).isChecked()).toBe(false);

    // Before it is placed, what is typed survives a reload.
    await page.getByLabel(/Treść bileciku/).fill('Dziękuję za wszystko.');
    await expect.poll(() => savedCardMessage(page), WAIT).toBe('Dziękuję za wszystko.');
    await page.reload();
    await expect.poll(() => page.getByLabel(/Treść bileciku/).inputValue(), WAIT).toBe('Dziękuję za wszystko.');
    await context.close();
  });
});
