import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { DeliveryAvailabilityResponse } from '../../src/domain/delivery-availability-contract.ts';
import { escapeHtml } from '../../functions/_shared/mail/render.ts';
import { fromPln } from '../../src/domain/money.ts';
import { ANONYMOUS_ORDER_TEXT, servicePriceText } from '../../src/domain/order-choices.ts';
import { chromiumPerFile } from '../support/browser.ts';
import { putCartLines } from '../support/device-cart.ts';
import { waitForMailTo } from '../support/maildev.ts';
import { anonClient, appUrl as url, invokeFunction, testBackend, uniqueEmail, withDatabase } from '../support/test-backend.ts';
import { checkoutReadFromDevice, openCheckoutCart } from './checkout-page.ts';
import { chooseFirstFreeSlot } from './checkout-slot.ts';

/**
 * Issue 17, the customer's side in real Chromium against the real backend:
 * a funeral wreath with a ribbon and the ceremony's hour goes to a church,
 * and a cemetery delivery with 'Zapalenie znicza' is charged the price the
 * shop set. Both are checked as stored; the cemetery order's card, anonymity,
 * grave and services are also shown back to the customer: on the success
 * page, on the order page it links and in the confirmation mail.
 */

const chromium = chromiumPerFile();
const WAIT = { timeout: 15_000 };
const WREATH = { id: '83f26a72-645b-4406-a466-2aed0712dad5', name: 'Wieniec z chryzantem' };

interface StoredOrder {
  delivery_method: string;
  delivery_date: string | null;
  delivery_window: string | null;
  occasion: string | null;
  venue: { type: string; name: string; address: string; eventTime: string } | null;
  ribbon_text: string | null;
  cemetery: Record<string, string> | null;
  delivery_address: Record<string, string> | null;
  services: Array<{ id: string; label: string; price: number }>;
  services_cost: number;
  subtotal: number;
  shipping_cost: number;
  total: number;
  recipient_kind: string;
  recipient_name: string | null;
  card_message: string | null;
  card_anonymous: boolean;
  substitution: string;
}

async function orderFor(email: string): Promise<StoredOrder[]> {
  return withDatabase(async (db) => {
    const { rows } = await db.query<StoredOrder>(
      `select delivery_method, to_char(delivery_date, 'YYYY-MM-DD') as delivery_date, delivery_window, occasion, venue, ribbon_text,
              cemetery, delivery_address, services, services_cost::float8 as services_cost, subtotal::float8 as subtotal,
              shipping_cost::float8 as shipping_cost, total::float8 as total, recipient_kind, recipient_name,
              card_message, card_anonymous, substitution
         from orders where customer_email = $1`,
      [email],
    );
    return rows;
  });
}

const plain = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();
/** A card with characters that must stay text in the mail and on the pages. */
const CARD = 'Pamiętamy <zawsze> & z miłością';

async function openCheckoutWithWreath(page: Page): Promise<void> {
  await page.goto(url('/shop'));
  await page.getByRole('button', { name: 'Akceptuję' }).click(WAIT);
  await page.locator('main a[href^="/product/"]').first().waitFor(WAIT);
  await putCartLines(page, [[WREATH.id, 1]]);
  await page.goto(url('/checkout'));
  await checkoutReadFromDevice(page, 1);
  await openCheckoutCart(page);
  await page.getByTestId('cart-line').getByText(WREATH.name).first().waitFor(WAIT);
}

async function fillContact(page: Page, email: string): Promise<void> {
  await page.getByLabel('Imię', { exact: true }).fill('Anna');
  await page.getByLabel('Nazwisko').fill('Kowalska');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Telefon', { exact: true }).fill('+48 600 100 200');
}

async function fillContactAndAddress(page: Page, email: string, method: RegExp): Promise<void> {
  await fillContact(page, email);
  await page.getByRole('radio', { name: method }).check();
  await page.getByLabel('Ulica').fill('Zamkowa');
  await page.getByLabel('Numer domu').fill('5');
  await page.getByLabel('Kod pocztowy').fill('37-741');
  await page.getByLabel('Miasto / miejscowość').fill('Krasiczyn');
  await page.getByTestId('delivery-quote').getByText('Koszt dostawy:').waitFor(WAIT);
}

/** Pays by transfer: 'Zamawiam i płacę', then the confirmation; returns once the success page shows. */
async function orderByTransfer(page: Page): Promise<void> {
  await page.getByRole('radio', { name: 'Przelew tradycyjny' }).check();
  await page.getByRole('button', { name: 'Zamawiam i płacę', exact: true }).click();
  await page.getByRole('button', { name: 'Potwierdź i przejdź do przelewu' }).click(WAIT);
  await page.waitForURL(/\/checkout\/success\?payment=transfer&orderId=KT\d{9}$/, WAIT);
}

describe('florist orders at the checkout', () => {
  it('a funeral wreath with a ribbon and an exact hour goes to a church', async () => {
    const context = await chromium.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pl-PL' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const email = uniqueEmail('pogrzeb');
    await openCheckoutWithWreath(page);
    await fillContactAndAddress(page, email, /Dostawa do domu/);
    const slot = await chooseFirstFreeSlot(page);

    await page.getByLabel(/Okazja/).selectOption({ label: 'Pogrzeb' });
    await page.getByLabel('Miejsce uroczystości').selectOption({ label: 'Kościół' });
    await page.getByLabel('Nazwa miejsca').fill('Kościół św. Jana Chrzciciela');
    await page.getByLabel('Adres miejsca').fill('ul. Kościelna 1, 37-741 Krasiczyn');
    await page.getByLabel('Godzina uroczystości').fill('11:30');
    await page.getByLabel(/Napis na szarfie/).fill('Ostatnie pożegnanie — rodzina');
    expect(plain(await page.getByTestId('checkout-ribbonText-counter').textContent())).toBe('29/50');
    await orderByTransfer(page);

    const [order] = await orderFor(email);
    expect(order).toMatchObject({
      delivery_method: 'home',
      delivery_date: slot.date,
      delivery_window: slot.slot,
      occasion: 'funeral',
      venue: { type: 'church', name: 'Kościół św. Jana Chrzciciela', address: 'ul. Kościelna 1, 37-741 Krasiczyn', eventTime: '11:30' },
      ribbon_text: 'Ostatnie pożegnanie — rodzina',
      substitution: 'similar',
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a cemetery delivery asks only what a cemetery has, says what is missing, is charged the price the shop set for “Zapalenie znicza”, and shows back everything chosen', async () => {
    const answer = await invokeFunction(anonClient(), 'delivery-availability', {});
    const candle = (answer.body as unknown as DeliveryAvailabilityResponse).services.find((service) => service.id === 'candle-lighting');
    expect(candle).toBeDefined();

    const context = await chromium.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'pl-PL' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const email = uniqueEmail('cmentarz');
    await openCheckoutWithWreath(page);
    await fillContact(page, email);
    await page.getByRole('radio', { name: /Dostawa na cmentarz/ }).check();

    // Only what a cemetery has: its name and locality once, no flat, a street and number only if it has them.
    const address = page.getByRole('group', { name: 'Adres cmentarza' });
    expect(await address.getByRole('textbox').evaluateAll((inputs) => inputs.map((input) => input.getAttribute('name')))).toEqual([
      'cemeteryName',
      'street',
      'houseNumber',
      'postalCode',
      'city',
    ]);
    expect(await page.getByLabel(/Numer mieszkania/).count()).toBe(0);
    expect(await page.getByLabel(/miejscowość/i).count()).toBe(1);
    expect(plain(await page.getByText(/^Numer posesji/).textContent())).toBe('Numer posesji (opcjonalnie)');

    // Until the locality is known the button says what is missing and leads there; the field says why.
    await page.getByLabel('Nazwa cmentarza').fill('Cmentarz parafialny');
    await page.getByLabel('Kod pocztowy').fill('37-741');
    const submit = page.getByRole('button', { name: 'Zamawiam i płacę', exact: true });
    expect(await submit.getAttribute('aria-disabled')).toBe('true');
    expect(await submit.isDisabled()).toBe(true);
    const note = page.locator(`#${await submit.getAttribute('aria-describedby')}`);
    expect(plain(await note.textContent())).toBe('Aby złożyć zamówienie, uzupełnij: miejscowość');
    await submit.focus();
    await page.keyboard.press('Enter');
    const locality = page.getByLabel('Miejscowość', { exact: true });
    await expect.poll(() => page.evaluate(() => document.activeElement?.id), WAIT).toBe('checkout-city');
    expect(await locality.getAttribute('aria-invalid')).toBe('true');
    expect(plain(await page.locator(`#${await locality.getAttribute('aria-describedby')}`).textContent())).toBe(
      'Miejscowość cmentarza jest wymagana',
    );

    await locality.fill('Krasiczyn');
    await page.getByTestId('delivery-quote').getByText('Koszt dostawy:').waitFor(WAIT);
    await expect.poll(() => submit.getAttribute('aria-disabled'), WAIT).toBeNull();
    expect(await locality.getAttribute('aria-invalid')).toBeNull();
    await page.getByLabel('Kwatera').fill('B');
    await page.getByLabel('Rząd').fill('4');
    await page.getByLabel('Numer', { exact: true }).fill('12');
    const total = page.getByTestId('checkout-total');
    await expect.poll(async () => plain(await total.textContent()), WAIT).toMatch(/^\d[\d ]*,\d{2} zł$/);
    const before = plain(await total.textContent());
    await page.getByRole('checkbox', { name: /Zapalenie znicza/ }).check();
    await expect.poll(async () => plain(await page.getByTestId('checkout-total').textContent()), WAIT).not.toBe(before);
    await chooseFirstFreeSlot(page);
    await page.getByLabel(/^Uwagi do dostawy/).fill('Brama od strony parku');
    await page.getByLabel(/Okazja/).selectOption({ label: 'Wszystkich Świętych / pamięć' });
    await page.getByLabel(/^Treść bileciku/).fill(CARD);
    await page.getByLabel(/^Podpis/).fill('Przyjaciele');
    await page.getByRole('switch', { name: 'Wyślij anonimowo' }).check();
    const shownTotal = plain(await page.getByTestId('checkout-total').textContent());
    await orderByTransfer(page);
    const number = new URL(page.url()).searchParams.get('orderId') ?? '';
    const chosen: [string, string][] = [
      ['Uwagi do dostawy', 'Brama od strony parku'],
      ['Cmentarz', 'Cmentarz parafialny, Krasiczyn'],
      ['Grób', 'kwatera B, rząd 4, nr 12'],
      ['Usługi przy grobie', plain(`Zapalenie znicza (${servicePriceText(fromPln(candle!.price))})`)],
      ['Okazja', 'Wszystkich Świętych / pamięć'],
      ['Treść bileciku', CARD],
      ['Podpis', 'Przyjaciele'],
      ['Zamówienie anonimowe', ANONYMOUS_ORDER_TEXT],
    ];

    // The success page lists the order as this device sent it, and links its page.
    const summary = page.getByRole('region', { name: 'Twoje zamówienie' });
    await summary.getByText(WREATH.name).waitFor(WAIT);
    expect(plain(await summary.innerText())).toContain('Dostawa na cmentarz');
    const summaryChoices = plain(await summary.getByTestId('order-choices').innerText());
    for (const [label, value] of chosen) expect(summaryChoices).toContain(`${label} ${value}`);
    // On a phone every value keeps a readable width, whatever the length of its label.
    await page.setViewportSize({ width: 390, height: 844 });
    const valueWidths = await summary
      .getByTestId('order-choices')
      .locator('dd')
      .evaluateAll((values) => values.map((value) => value.getBoundingClientRect().width));
    expect(Math.min(...valueWidths)).toBeGreaterThan(250);
    await page.setViewportSize({ width: 1280, height: 800 });
    await summary.getByRole('link', { name: 'Zobacz stronę zamówienia' }).click();
    await page.getByRole('heading', { level: 1, name: `Zamówienie ${number}` }).waitFor(WAIT);
    const pageChoices = plain(await page.getByTestId('order-choices').innerText());
    for (const [label, value] of chosen) expect(pageChoices).toContain(`${label} ${value}`);

    // The confirmation mail lists the same, the card's markup characters escaped, and reads at phone width.
    const [mail] = await waitForMailTo(testBackend().mailUrl, email, 1, 20_000);
    expect(mail?.subject).toContain(`Potwierdzenie zamówienia ${number}`);
    const mailText = plain(mail?.text ?? '');
    for (const [label, value] of chosen) expect(mailText).toContain(`${label}: ${value}`);
    expect(mail?.html).toContain(escapeHtml(CARD));
    expect(mail?.html).not.toContain('<zawsze>');
    const reader = await chromium.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pl-PL' });
    const phone = await reader.newPage();
    await phone.setContent(mail?.html ?? '');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.getByText(ANONYMOUS_ORDER_TEXT).waitFor(WAIT);
    await reader.close();

    const [order] = await orderFor(email);
    expect(order).toBeDefined();
    expect(order!.services).toEqual([{ id: 'candle-lighting', label: 'Zapalenie znicza', price: candle!.price }]);
    expect(order!.services_cost).toBeCloseTo(candle!.price, 2);
    expect(order!.total).toBeCloseTo(order!.subtotal + order!.shipping_cost + candle!.price, 2);
    expect(shownTotal).toBe(plain(new Intl.NumberFormat('pl-PL', { style: 'currency', currency: 'PLN' }).format(order!.total)));
    expect(order!.cemetery).toMatchObject({ name: 'Cmentarz parafialny', locality: 'Krasiczyn', section: 'B', row: '4', number: '12' });
    expect(order!.delivery_address).toMatchObject({ street: '', houseNumber: '', apartment: '', city: 'Krasiczyn', postalCode: '37-741' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
