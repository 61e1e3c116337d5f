import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumPerFile } from '../support/browser.ts';
import { logInAsOwner } from '../support/owner-session.ts';
import { appUrl, uniqueEmail, withDatabase } from '../support/test-backend.ts';
import { chooseFirstFreeSlot, fillCheckoutContact } from './checkout-slot.ts';

/**
 * A company's order from payment to the customer's invoice, in Chromium on
 * the real backend: the customer asks for an invoice and pays through the
 * PayU REST stand-in; the backend's own timers issue the invoice and send it
 * to the local KSeF stand-in; the owner sees 'Przyjęta: nr KSeF …' in the
 * order detail and on 'Faktury'; the customer's order page then offers the
 * PDF, whose text carries the invoice and KSeF numbers.
 */

const chromium = chromiumPerFile();
const CANDLE = { id: '1547809e-0305-46b3-a282-b3230c221da1' };
const WAIT = { timeout: 15_000 };
// Issuing (every 10 s) and sending to KSeF (every 5 s) run on the backend's timers.
const KSEF_WAIT = { timeout: 60_000, interval: 1_000 };
const COMPANY = 'Pracownia Kwiatowa Róża sp. z o.o.';
const NIP_TYPED = '774-000-14-54';

/** Set SHOTS_DIR to keep screenshots of the owner's and the customer's screens, and the PDF. */
const SHOTS_DIR = process.env.SHOTS_DIR;

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS_DIR) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: join(SHOTS_DIR, name), fullPage: true });
}

interface StoredInvoice {
  number: string;
  state: string;
  ksef_number: string | null;
}

async function invoiceOf(orderNumber: string): Promise<StoredInvoice | null> {
  return withDatabase(async (db) => {
    const { rows } = await db.query<StoredInvoice>(
      `select i.number, i.state, i.ksef_number from invoices i join orders o on o.id = i.order_id
        where o.payu_order_id = $1 and i.kind = 'VAT'`,
      [orderNumber],
    );
    return rows[0] ?? null;
  });
}

describe('an invoice through KSeF', () => {
  it("a paid company order's invoice is accepted, the owner sees it, and the customer downloads its PDF", async () => {
    const errors: string[] = [];
    const customer = await chromium.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pl-PL' });
    const phone = await customer.newPage();
    phone.on('pageerror', (error) => errors.push(error.message));

    await phone.goto(appUrl(`/product/${CANDLE.id}`));
    await phone.getByRole('button', { name: 'Akceptuję' }).click(WAIT);
    await phone.getByRole('heading', { level: 1 }).waitFor(WAIT);
    await phone
      .getByRole('button', { name: /^Dodaj do koszyka: / })
      .first()
      .click();
    await phone.getByRole('dialog').waitFor(WAIT);
    await phone.goto(appUrl('/checkout'));
    await fillCheckoutContact(phone, uniqueEmail('ksef'), 'Różańska');
    await chooseFirstFreeSlot(phone);
    await phone.getByRole('checkbox', { name: 'Chcę otrzymać fakturę' }).check();
    await phone.getByRole('textbox', { name: 'NIP' }).fill(NIP_TYPED);
    await phone.getByRole('textbox', { name: 'Nazwa firmy' }).fill(COMPANY);
    await phone.getByRole('textbox', { name: 'Adres firmy' }).fill('ul. Mickiewicza 3, 37-700 Przemyśl');
    await phone.getByRole('radio', { name: 'PayU – szybkie płatności' }).check();
    await phone.getByRole('button', { name: 'Zamawiam i płacę' }).click();
    await phone.waitForURL(/\/functions\/v1\/payu-rest-simulator\/pay\//, WAIT);
    await phone.getByRole('button', { name: 'Zapłać' }).click();
    await phone.waitForURL((address) => address.pathname === '/checkout/success', WAIT);
    const number = new URL(phone.url()).searchParams.get('orderId')!;
    expect(number).toMatch(/^KT\d{9}$/);

    // Nobody presses anything: the payment issues the invoice, and KSeF accepts it.
    await expect.poll(async () => (await invoiceOf(number))?.state, KSEF_WAIT).toBe('accepted');
    const invoice = (await invoiceOf(number))!;
    expect(invoice.ksef_number).toMatch(/^\d{10}-\d{8}-[0-9A-F]{12}-[0-9A-F]{2}$/);

    // The owner: the order detail, then 'Faktury'.
    const owner = await chromium.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'pl-PL' });
    const desk = await owner.newPage();
    desk.on('pageerror', (error) => errors.push(error.message));
    const orderId = await withDatabase(
      async (db) => (await db.query<{ id: string }>('select id from orders where payu_order_id = $1', [number])).rows[0]!.id,
    );
    await logInAsOwner(desk, `/admin/orders?id=${orderId}`);
    const section = desk.getByRole('dialog', { name: `Zamówienie ${number}` }).getByRole('region', { name: 'Faktura' });
    await section.getByText(`Przyjęta: nr KSeF ${invoice.ksef_number!}`).waitFor(WAIT);
    expect(await section.textContent()).toContain(`Faktura ${invoice.number}`);
    await section.scrollIntoViewIfNeeded();
    await shot(desk, 'admin-order-invoice-accepted-1280x800.png');
    await desk.goto(appUrl('/admin/invoices'));
    const listed = desk.getByRole('listitem', { name: `Faktura ${invoice.number}` });
    await listed.waitFor(WAIT);
    expect(await listed.textContent()).toContain(`nr KSeF ${invoice.ksef_number!}`);
    expect(await listed.textContent()).toContain(number);
    await shot(desk, 'admin-invoices-1280x800.png');
    await desk.setViewportSize({ width: 390, height: 844 });
    await shot(desk, 'admin-invoices-390x844.png');

    // The customer's order page on the phone that placed the order: the PDF.
    await phone.goto(appUrl(`/zamowienie/${number}`));
    await phone.getByRole('heading', { level: 1, name: `Zamówienie ${number}` }).waitFor(WAIT);
    const [download] = await Promise.all([
      phone.waitForEvent('download', WAIT),
      phone.getByRole('button', { name: 'Pobierz fakturę (PDF)' }).click(),
    ]);
    const file = join(mkdtempSync(join(tmpdir(), 'ksef-invoice-')), download.suggestedFilename());
    await download.saveAs(file);
    await shot(phone, 'order-page-invoice-390x844.png');
    if (SHOTS_DIR) copyFileSync(file, join(SHOTS_DIR, 'invoice.pdf'));
    expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\u00a0/g, ' ');
    expect(text).toContain(invoice.number);
    expect(text).toContain(`Numer KSeF: ${invoice.ksef_number!}`);
    expect(text).toContain(COMPANY);
    expect(text).toContain(`NIP: ${NIP_TYPED}`);

    expect(errors).toEqual([]);
    await owner.close();
    await customer.close();
  });
});
