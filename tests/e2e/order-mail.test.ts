import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumPerFile } from '../support/browser.ts';
import { englishLeftovers, htmlText } from '../support/english-leftovers.ts';
import { waitForMailTo, type ReceivedMail } from '../support/maildev.ts';
import { appUrl, serviceClient, testBackend } from '../support/test-backend.ts';
import { fillCheckoutContact, placeTransferOrder } from './checkout-slot.ts';

/**
 * Issue 18, end to end in Chromium: a guest orders through the checkout,
 * the confirmation arrives in MailDev (its REST API), its link opens the
 * order page without login; the owner's 'W realizacji' brings that mail,
 * and the page's status line and timeline follow the order to its end.
 */

const chromium = chromiumPerFile();
const ROSES = { id: '811546a5-832e-49cf-b3c0-9e29122b2d96', name: 'Bukiet czerwonych róż' };
const WAIT = { timeout: 15_000 };
/** Set SHOTS_DIR to keep screenshots of the order page at phone and desktop width. */
const SHOTS_DIR = process.env.SHOTS_DIR;

function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
}

/** The order page link in a mail: /zamowienie/<number>?t=<token> on the served app. */
function orderLink(mail: ReceivedMail, number: string): string {
  const link = new RegExp(`https?://\\S+/zamowienie/${number}\\?t=[A-Za-z0-9_-]{43}`).exec(mail.text ?? '')?.[0];
  expect(link, `the mail "${mail.subject}" links the order page with a token`).toBeDefined();
  return link!;
}

/** A mail as its reader sees it (subject, text part, HTML's text) and a page's rendered text: no English word the shop once left there. */
function expectPolishMail(mail: ReceivedMail): void {
  for (const part of [mail.subject, mail.text ?? '', htmlText(mail.html ?? '')]) expect(englishLeftovers(part), mail.subject).toEqual([]);
}

async function expectPolishPage(page: Page): Promise<void> {
  expect(englishLeftovers(await page.locator('body').innerText()), page.url()).toEqual([]);
}

/** A guest's order through the checkout: roses, store pickup, transfer; answers the order number. */
async function guestOrder(page: Page, email: string): Promise<string> {
  await page.goto(appUrl(`/product/${ROSES.id}`));
  await page.getByRole('button', { name: 'Akceptuję' }).click(WAIT);
  await page.getByRole('heading', { level: 1, name: ROSES.name }).waitFor(WAIT);
  await page.getByRole('button', { name: `Dodaj do koszyka: ${ROSES.name}`, exact: true }).click();
  await page.getByRole('dialog').getByText(ROSES.name).waitFor(WAIT);
  await page.goto(appUrl('/checkout'));
  await fillCheckoutContact(page, email);
  return placeTransferOrder(page);
}

describe('order mails and the order page without login', () => {
  it("a guest's confirmation links the order page; the owner's 'W realizacji' brings its mail", async () => {
    const buyer = await chromium.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'pl-PL' });
    const page = await buyer.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const email = uniqueEmail('order-mail');
    const number = await guestOrder(page, email);
    await page.getByRole('heading', { level: 1, name: 'Dziękujemy za zamówienie!' }).waitFor(WAIT);
    await expectPolishPage(page);

    const [confirmation] = await waitForMailTo(testBackend().mailUrl, email, 1, 20_000);
    expect(confirmation?.subject).toContain(`Potwierdzenie zamówienia ${number}`);
    const link = orderLink(confirmation!, number);
    expectPolishMail(confirmation!);

    // Another device, never signed in: only the link.
    const reader = await chromium.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pl-PL' });
    const phone = await reader.newPage();
    phone.on('pageerror', (error) => errors.push(error.message));
    await phone.goto(link);
    await phone.getByRole('heading', { level: 1, name: `Zamówienie ${number}` }).waitFor(WAIT);
    const timeline = phone.getByRole('list', { name: 'Przebieg' });
    expect(await timeline.getByRole('listitem').first().textContent()).toContain('Złożone');
    // An unpaid transfer: the status line says what the timeline waits for.
    await phone.getByText('Status: Czeka na przelew').waitFor(WAIT);
    expect(await timeline.locator('li[aria-current="step"]').textContent()).toBe('●Złożone – obecny etap');
    await phone.getByText(ROSES.name).waitFor(WAIT);
    await phone.getByText('Przelew tradycyjny').waitFor(WAIT);
    expect(await phone.getByRole('button', { name: 'Zapłać teraz' }).count()).toBe(0);
    await expectPolishPage(phone);
    if (SHOTS_DIR) {
      mkdirSync(SHOTS_DIR, { recursive: true });
      await phone.getByRole('button', { name: 'Akceptuję' }).click(WAIT);
      await phone.screenshot({ path: join(SHOTS_DIR, 'order-page-390x844.png'), fullPage: true });
    }

    // A wrong token shows the page an unknown order gets.
    await phone.goto(link.replace(/t=.{5}/, 't=AAAAA'));
    await phone.getByRole('heading', { level: 1, name: 'Nie znaleźliśmy takiego zamówienia' }).waitFor(WAIT);

    const { error } = await serviceClient().from('orders').update({ status: 'processing' }).eq('payu_order_id', number);
    expect(error).toBeNull();
    const mails = await waitForMailTo(testBackend().mailUrl, email, 2, 30_000);
    const processing = mails.find((mail) => mail.subject === `Zamówienie ${number} jest w realizacji`);
    expect(processing, 'the W realizacji mail').toBeDefined();
    expectPolishMail(processing!);

    await page.goto(orderLink(processing!, number));
    await page.getByRole('heading', { level: 1, name: `Zamówienie ${number}` }).waitFor(WAIT);
    await page.getByText('Status: W realizacji').waitFor(WAIT);
    expect(await page.locator('ol li[aria-current="step"]').textContent()).toContain('W realizacji');

    // The owner has the pickup ready: the status line and the timeline move together, each step said once.
    const ready = await serviceClient().from('orders').update({ fulfilment_state: 'ready' }).eq('payu_order_id', number);
    expect(ready.error).toBeNull();
    await page.reload();
    await page.getByText('Status: Gotowe do odbioru').waitFor(WAIT);
    const steps = page.getByRole('list', { name: 'Przebieg' }).getByRole('listitem');
    expect(await steps.allTextContents()).toEqual([
      '✓Złożone – etap zakończony',
      '✓W realizacji – etap zakończony',
      '●Gotowe do odbioru – obecny etap',
      '○Opłacone – etap przed nami',
      '○Odebrane – etap przed nami',
    ]);
    if (SHOTS_DIR) await page.screenshot({ path: join(SHOTS_DIR, 'order-page-1280x800.png'), fullPage: true });

    // Cancelled: placed → cancelled only.
    const cancelled = await serviceClient().from('orders').update({ status: 'cancelled' }).eq('payu_order_id', number);
    expect(cancelled.error).toBeNull();
    await page.reload();
    await page.getByText('Status: Anulowane').waitFor(WAIT);
    expect(await steps.allTextContents()).toEqual(['✓Złożone – etap zakończony', '●Anulowane – obecny etap']);

    expect(errors).toEqual([]);
    await reader.close();
    await buyer.close();
  });
});
