import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumPerFile } from '../support/browser.ts';
import { waitForMailTo } from '../support/maildev.ts';
import { appUrl, serviceClient, testBackend, uniqueEmail } from '../support/test-backend.ts';
import { chooseFirstFreeSlot, fillCheckoutContact } from './checkout-slot.ts';

/**
 * Issue 19, end to end in Chromium: a customer asks for an invoice, a wrong
 * NIP is refused at once with 'Nieprawidłowy NIP', the corrected one goes
 * through 'Zamawiam i płacę'; the confirmation page, the confirmation mail
 * (MailDev) and the owner's order detail show the company and the NIP.
 */

const chromium = chromiumPerFile();
const CANDLE = { id: '1547809e-0305-46b3-a282-b3230c221da1' };
const WAIT = { timeout: 15_000 };
/** Set SHOTS_DIR to keep screenshots of the invoice section and the admin detail at phone and desktop width. */
const SHOTS_DIR = process.env.SHOTS_DIR;
const COMPANY = 'Kwiaty Nowak sp. z o.o.';
const ADDRESS = 'ul. Długa 1, 37-740 Bircza';

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS_DIR) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: join(SHOTS_DIR, name) });
}

/** Contact details, a pickup term and the invoice ticked: the checkout ready but for the NIP. */
async function checkoutWithInvoice(page: Page, email: string): Promise<void> {
  await page.goto(appUrl(`/product/${CANDLE.id}`));
  await page.getByRole('button', { name: 'Akceptuję' }).click(WAIT);
  await page.getByRole('heading', { level: 1 }).waitFor(WAIT);
  await page
    .getByRole('button', { name: /^Dodaj do koszyka: / })
    .first()
    .click();
  await page.getByRole('dialog').waitFor(WAIT);
  await page.goto(appUrl('/checkout'));
  await fillCheckoutContact(page, email, 'Nowak');
  await chooseFirstFreeSlot(page);
  await page.getByRole('radio', { name: 'Przelew tradycyjny' }).check();
  await page.getByRole('checkbox', { name: 'Chcę otrzymać fakturę' }).check();
  await page.getByRole('textbox', { name: 'Nazwa firmy' }).fill(COMPANY);
  await page.getByRole('textbox', { name: 'Adres firmy' }).fill(ADDRESS);
}

describe('an order with an invoice', () => {
  it("refuses a wrong NIP, takes the corrected one with 'PL' and dashes, and shows the invoice to the customer and the owner", async () => {
    const errors: string[] = [];
    const context = await chromium.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'pl-PL' });
    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    const email = uniqueEmail('invoice');
    await checkoutWithInvoice(page, email);

    const nip = page.getByRole('textbox', { name: 'NIP' });
    await nip.fill('774-000-14-55');
    await page.getByRole('button', { name: 'Zamawiam i płacę', exact: true }).click();
    // The message sits under the field, tied to it, and in the summary beside the button.
    await page.locator('#checkout-invoiceNip-error', { hasText: 'Nieprawidłowy NIP' }).waitFor(WAIT);
    expect(await nip.getAttribute('aria-invalid')).toBe('true');
    expect(await nip.getAttribute('aria-describedby')).toBe('checkout-invoiceNip-error');
    expect(await page.getByTestId('checkout-error').textContent()).toContain('Nieprawidłowy NIP');
    await nip.scrollIntoViewIfNeeded();
    await shot(page, 'checkout-invoice-error-1280x800.png');
    await page.setViewportSize({ width: 390, height: 844 });
    await nip.scrollIntoViewIfNeeded();
    await shot(page, 'checkout-invoice-error-390x844.png');
    await page.setViewportSize({ width: 1280, height: 800 });

    await nip.fill('PL 774-000-14-54');
    await page.locator('#checkout-invoiceNip-error').waitFor({ state: 'detached', ...WAIT });
    await page.getByRole('button', { name: 'Zamawiam i płacę', exact: true }).click();
    await page.getByRole('button', { name: 'Potwierdź i przejdź do przelewu' }).click(WAIT);
    await page.waitForURL(/\/checkout\/success\?payment=transfer&orderId=KT\d+$/, WAIT);
    const number = new URL(page.url()).searchParams.get('orderId')!;
    const confirmationInvoice = page.getByRole('region', { name: 'Faktura' });
    await confirmationInvoice.getByText('774-000-14-54').waitFor(WAIT);
    expect(await confirmationInvoice.textContent()).toContain(COMPANY);

    const { data: stored, error } = await serviceClient().from('orders').select('id, invoice').eq('payu_order_id', number).single();
    expect(error).toBeNull();
    expect(stored!.invoice).toEqual({ nip: '7740001454', company: COMPANY, address: ADDRESS });

    const [mail] = await waitForMailTo(testBackend().mailUrl, email, 1, 20_000);
    expect(mail?.subject).toContain(`Potwierdzenie zamówienia ${number}`);
    expect(mail?.text).toContain('NIP: 774-000-14-54');
    expect(mail?.text).toContain(`Nazwa firmy: ${COMPANY}`);
    expect(mail?.text).toContain(`Adres firmy: ${ADDRESS}`);

    // The owner, on the installed admin app.
    const owner = await chromium.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'pl-PL' });
    const admin = await owner.newPage();
    admin.on('pageerror', (error) => errors.push(error.message));
    const detailPath = `/admin/orders?id=${stored!.id as string}`;
    await admin.goto(appUrl(detailPath));
    await admin.waitForURL(/\/login\?redirect=/, WAIT);
    await admin.getByLabel('E-mail').fill(testBackend().ownerEmail);
    await admin.getByLabel('Hasło', { exact: true }).fill(testBackend().ownerPassword);
    await admin.getByRole('button', { name: 'Zaloguj się' }).click();
    const dialog = admin.getByRole('dialog', { name: `Zamówienie ${number}` });
    const invoice = dialog.getByRole('region', { name: 'Faktura' });
    await invoice.getByText('774-000-14-54').waitFor(WAIT);
    expect(await invoice.textContent()).toContain(COMPANY);
    expect(await invoice.textContent()).toContain(ADDRESS);
    await invoice.scrollIntoViewIfNeeded();
    await shot(admin, 'admin-order-invoice-1280x800.png');
    await admin.setViewportSize({ width: 390, height: 844 });
    await invoice.scrollIntoViewIfNeeded();
    await shot(admin, 'admin-order-invoice-390x844.png');

    expect(errors).toEqual([]);
    await owner.close();
    await context.close();
  });
});
