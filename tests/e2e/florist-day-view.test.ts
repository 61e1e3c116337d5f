import { mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { DeliveryAvailabilityResponse } from '../../src/domain/delivery-availability-contract.ts';
import { chromiumPerFile } from '../support/browser.ts';
import { putCartLines } from '../support/device-cart.ts';
import { logInAsOwner } from '../support/owner-session.ts';
import { anonClient, appUrl as url, invokeFunction, withDatabase } from '../support/test-backend.ts';
import { capturePrint } from './print-capture.ts';

/**
 * Issue 17, the whole desk in real Chromium against the real backend: a
 * customer orders a bouquet for another person for the next day with a
 * 12:00–15:30 window (tomorrow when the shop delivers then), anonymous, with
 * a card message. The owner finds it in 'Realizacja' under its window and
 * prints the ticket: the card part carries the message, and no part of the
 * printed page carries the buyer's name.
 */

const chromium = chromiumPerFile();
const WAIT = { timeout: 15_000 };
const SHOTS = '.tmp/florist-shots';
const ROSES = '811546a5-832e-49cf-b3c0-9e29122b2d96';
const AFTERNOON = '12:00-15:30';
const BUYER = { firstName: 'Bożena', lastName: 'Zaradna' };
const RECIPIENT = { name: 'Helena Wiśniewska', phone: '+48 601 222 333' };

/** The first day after today (the shop's today, by the server) whose afternoon window can still be booked. */
async function afternoonDay(): Promise<string> {
  const answer = await invokeFunction(anonClient(), 'delivery-availability', {});
  expect(answer.status).toBe(200);
  const { days, today } = answer.body as unknown as DeliveryAvailabilityResponse;
  const day = days.find((candidate) => candidate.date > today && candidate.delivery.windows.some((w) => w.id === AFTERNOON && w.available));
  if (!day) throw new Error('no day with a free 12:00–15:30 window in the booking horizon');
  return day.date;
}

async function customerOrders(page: Page, email: string, date: string, message: string): Promise<string> {
  await page.goto(url('/shop'));
  await page.getByRole('button', { name: 'Akceptuję' }).click(WAIT);
  await page.locator('main a[href^="/product/"]').first().waitFor(WAIT);
  await putCartLines(page, [[ROSES, 2]]);
  await page.goto(url('/checkout'));
  await page.getByRole('heading', { level: 1, name: 'Zamówienie' }).waitFor(WAIT);

  await page.getByLabel('Imię', { exact: true }).fill(BUYER.firstName);
  await page.getByLabel('Nazwisko').fill(BUYER.lastName);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Telefon', { exact: true }).fill('+48 600 100 200');
  await page.getByRole('radio', { name: /Dostawa do domu/ }).check();
  await page.getByRole('radio', { name: 'Dla innej osoby' }).check();
  await page.getByLabel('Imię i nazwisko odbiorcy').fill(RECIPIENT.name);
  await page.getByLabel('Telefon odbiorcy').fill(RECIPIENT.phone);
  await page.getByLabel('Ulica').fill('Zamkowa');
  await page.getByLabel('Numer domu').fill('2');
  await page.getByLabel('Kod pocztowy').fill('37-741');
  await page.getByLabel('Miasto / miejscowość').fill('Krasiczyn');
  await page.getByTestId('delivery-quote').getByText('Koszt dostawy:').waitFor(WAIT);
  await page.getByRole('group', { name: 'Dzień dostawy' }).locator(`input[value="${date}"]`).check(WAIT);
  await page
    .getByRole('group', { name: /^Godziny dostawy/ })
    .locator(`input[value="${AFTERNOON}"]`)
    .check(WAIT);

  await page.getByLabel(/Treść bileciku/).fill(message);
  await page.getByText(`${[...message].length}/250`).waitFor(WAIT);
  await page.getByRole('switch', { name: 'Wyślij anonimowo' }).check();

  await page.getByRole('radio', { name: 'Przelew tradycyjny' }).check();
  await page.getByRole('button', { name: /^Zamawiam/ }).click();
  await page.getByRole('button', { name: 'Potwierdź i przejdź do przelewu' }).click(WAIT);
  await page.waitForURL(/\/checkout\/success\?payment=transfer&orderId=KT\d{9}$/, WAIT);
  return new URL(page.url()).searchParams.get('orderId') ?? '';
}

describe('an anonymous bouquet for another person, from the checkout to the printed ticket', () => {
  it('reaches the owner’s day view under its window and prints a card without the buyer’s name', async () => {
    const date = await afternoonDay();
    const email = `anon-${randomUUID().slice(0, 8)}@example.test`;
    const message = 'Wszystkiego najlepszego, Helenko! Pamiętam o Tobie.';

    const customer = await chromium.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pl-PL' });
    const orderNumber = await customerOrders(await customer.newPage(), email, date, message);
    await customer.close();
    expect(orderNumber).toMatch(/^KT\d{9}$/);

    // As stored: the recipient, the term and the card, anonymous.
    const [stored] = await withDatabase(async (db) => {
      const { rows } = await db.query<Record<string, unknown>>(
        `select recipient_kind, recipient_name, recipient_phone, to_char(delivery_date, 'YYYY-MM-DD') as delivery_date, delivery_window,
                card_message, card_anonymous from orders where payu_order_id = $1`,
        [orderNumber],
      );
      return rows;
    });
    expect(stored).toEqual({
      recipient_kind: 'other',
      recipient_name: RECIPIENT.name,
      recipient_phone: RECIPIENT.phone,
      delivery_date: date,
      delivery_window: AFTERNOON,
      card_message: message,
      card_anonymous: true,
    });

    const owner = await chromium.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'pl-PL' });
    const page = await owner.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await logInAsOwner(page, `/admin/realizacja?date=${date}`);

    const afternoon = page.getByRole('region', { name: /Okno 12:00–15:30/ });
    const card = afternoon.getByRole('article', { name: `Zamówienie ${orderNumber}` });
    await card.waitFor(WAIT);
    const shown = await card.textContent();
    expect(shown).toContain(RECIPIENT.name);
    expect(shown).toContain(RECIPIENT.phone);
    expect(shown).toContain(message);

    // 'Drukuj' on this order: what the print dialog would print, taken when it opens.
    const printed = await capturePrint(page, () => card.getByRole('button', { name: `Drukuj zamówienie ${orderNumber}` }).click());
    expect(printed).toContain(orderNumber);
    expect(printed).toContain(message);
    expect(printed).toContain(RECIPIENT.name);
    expect(printed).not.toContain(BUYER.lastName);
    expect(printed).not.toContain(BUYER.firstName);
    // The sheet's stylesheet came with its lazy chunk (src/lib/preload-helper.ts): on screen the sheet stays hidden.
    expect(await page.locator('[data-testid="print-sheet"]').evaluate((sheet) => getComputedStyle(sheet).display)).toBe('none');

    // The printed page itself, as Chromium lays it out for A4: the ticket's three parts, the card only the message.
    await page.emulateMedia({ media: 'print' });
    const ticket = page.getByRole('article', { name: `Bilet zamówienia ${orderNumber}` });
    const cardPart = ticket.getByRole('region', { name: 'Bilecik' });
    expect((await cardPart.innerText()).trim()).toBe(message);
    expect(await ticket.getByRole('region', { name: 'Karta florysty' }).count()).toBe(1);
    expect(await ticket.getByRole('region', { name: 'Dla kierowcy' }).innerText()).toContain(RECIPIENT.phone);
    mkdirSync(SHOTS, { recursive: true });
    const pdf = await page.pdf({ path: `${SHOTS}/realizacja-${date}.pdf`, format: 'A4', printBackground: true });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(errors).toEqual([]);
    await owner.close();
  });
});
