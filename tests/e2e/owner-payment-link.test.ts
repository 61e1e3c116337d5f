import { mkdirSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chromiumPerFile } from '../support/browser.ts';
import { englishLeftovers, htmlText } from '../support/english-leftovers.ts';
import { waitForMailTo } from '../support/maildev.ts';
import { logInAsOwner } from '../support/owner-session.ts';
import { appUrl as url, nextPickupSlot, someProducts, testBackend, uniqueEmail, withDatabase } from '../support/test-backend.ts';
import { fillAndSubmit, newOrderDialog, openNewOrder } from './owner-new-order-panel.ts';
import { capturePrint } from './print-capture.ts';

/**
 * 'Wyślij link do płatności', end to end: the owner takes a phone order on
 * her phone, the customer's mail asks for the payment and links the order
 * page, the customer pays there through the PayU stand-in, and the owner's
 * list says 'Opłacone'; then she prints the order, and the day, from 'Realizacja'.
 */

const chromium = chromiumPerFile();
const WAIT = { timeout: 15_000 };
const SHOTS = '.tmp/payment-link-shots';

async function paymentState(number: string): Promise<{ payu_status: string | null; paid: boolean } | undefined> {
  return withDatabase(async (db) => {
    const { rows } = await db.query<{ payu_status: string | null; paid: boolean }>(
      'select payu_status, amount_paid >= round(total * 100) as paid from orders where payu_order_id = $1',
      [number],
    );
    return rows[0];
  });
}

describe('a phone order paid through the mailed payment link', () => {
  it('reaches the customer as a mail to pay, is paid through PayU, shows as paid to the owner and prints', async () => {
    const [product] = await someProducts(1);
    // A day far past the ones most of the suite's orders take, so its printed day stays short.
    const slot = nextPickupSlot(Date.now() + 40 * 24 * 60 * 60 * 1000);
    const email = uniqueEmail('payment-link');
    const owner = await chromium.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pl-PL' });
    const desk = await owner.newPage();
    const errors: string[] = [];
    desk.on('pageerror', (error) => errors.push(error.message));
    await logInAsOwner(desk, '/admin/orders');

    await openNewOrder(desk);
    const panel = newOrderDialog(desk);
    await panel.getByLabel('Imię', { exact: true }).fill('Halina');
    await panel.getByLabel('Nazwisko', { exact: true }).fill('Linkowa');
    await panel.getByRole('textbox', { name: 'Telefon', exact: true }).fill('+48 600 111 222');
    await panel.getByLabel('E-mail (potwierdzenie i link do płatności)').fill(email);
    await panel.getByRole('radio', { name: 'Wyślij link do płatności' }).check();
    const number = await fillAndSubmit(desk, product!.id, slot);
    expect(number).toMatch(/^KT\d{9}$/);
    await panel.getByRole('button', { name: 'Zamknij', exact: true }).click();
    expect(await paymentState(number)).toEqual({ payu_status: null, paid: false });

    // The customer's mail: what to pay, and the one link to pay it.
    const [mail] = await waitForMailTo(testBackend().mailUrl, email, 1, 20_000);
    expect(mail!.subject).toContain(`Potwierdzenie zamówienia ${number}`);
    expect(mail!.text).toContain('Zapłać teraz');
    for (const part of [mail!.subject, mail!.text ?? '', htmlText(mail!.html ?? '')]) expect(englishLeftovers(part)).toEqual([]);
    const link = new RegExp(`https?://\\S+/zamowienie/${number}\\?t=[A-Za-z0-9_-]{43}`).exec(mail!.text ?? '')?.[0];
    expect(link).toBeDefined();

    // On the customer's phone, never signed in: the order page, 'Zapłać teraz', PayU's page, 'Zapłać'.
    const customer = await chromium.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pl-PL' });
    const phone = await customer.newPage();
    phone.on('pageerror', (error) => errors.push(error.message));
    await phone.goto(link!);
    await phone.getByRole('heading', { level: 1, name: `Zamówienie ${number}` }).waitFor(WAIT);
    await phone.getByRole('button', { name: 'Akceptuję' }).click(WAIT);
    await phone.getByText(product!.name).first().waitFor(WAIT);
    await phone.getByRole('button', { name: 'Zapłać teraz' }).click();
    await phone.waitForURL(/\/functions\/v1\/payu-rest-simulator\/pay\//, WAIT);
    await phone.getByRole('button', { name: 'Zapłać' }).click();
    await phone.waitForURL((address) => address.pathname === '/checkout/success', WAIT);
    await expect.poll(() => paymentState(number), WAIT).toEqual({ payu_status: 'COMPLETED', paid: true });

    // The owner's list, read anew: paid.
    await desk.reload();
    const row = desk.getByRole('listitem', { name: `Zamówienie ${number}` });
    await row.waitFor(WAIT);
    await row.getByText('Opłacone', { exact: true }).waitFor(WAIT);

    // 'Drukuj' on this order in 'Realizacja': what the print dialog would print, taken when it opens.
    await desk.goto(url(`/admin/realizacja?date=${slot.deliveryDate}`));
    const card = desk.getByRole('article', { name: `Zamówienie ${number}` });
    await card.waitFor(WAIT);
    const printed = await capturePrint(desk, () => card.getByRole('button', { name: `Drukuj zamówienie ${number}` }).click());
    expect(printed).toContain(number);
    expect(printed).toContain(product!.name);
    expect(printed).toContain('Opłacone');
    expect(printed).not.toContain('Do pobrania');

    // After the dialog the sheet is the day again, as Ctrl+P prints it in Chromium's A4 layout: the overview, then one page per order.
    await desk.emulateMedia({ media: 'print' });
    mkdirSync(SHOTS, { recursive: true });
    const pdf = await desk.pdf({ format: 'A4', printBackground: true });
    writeFileSync(`${SHOTS}/day-with-phone-order.pdf`, pdf);
    const tickets = desk.getByTestId('print-sheet').getByRole('article', { name: /^Bilet zamówienia / });
    expect(await tickets.getByText(number).count()).toBeGreaterThan(0);
    // Other tests' orders may share the day: one page per ticket, after an overview of one page (two on a crowded day).
    const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;
    const ticketCount = await tickets.count();
    expect(pages).toBeGreaterThanOrEqual(ticketCount + 1);
    expect(pages).toBeLessThanOrEqual(ticketCount + 2);
    expect(errors).toEqual([]);
    await customer.close();
    await owner.close();
  });
});
