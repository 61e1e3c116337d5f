import { mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chromiumPerFile } from '../support/browser.ts';
import { anonClient, appUrl, checkoutFor, invokeFunction, signedInOwner, testBackend, withDatabase } from '../support/test-backend.ts';

/**
 * The owner's side of a payment, in real Chromium (issue 35): an order paid
 * through PayU REST and then cancelled reads 'Opłacone' in its detail, and
 * 'Zwróć pieniądze' sends the money back through PayU; PayU's notification
 * completes the refund, the detail says so and the customer is mailed once.
 */

const chromium = chromiumPerFile();
const SHOTS = '.tmp/admin-shots';
// 'Wieniec z chryzantem' (149.00 PLN in supabase/seed.sql), picked up in the shop.
const WREATH_ID = '83f26a72-645b-4406-a466-2aed0712dad5';
const WAIT = { timeout: 15_000, interval: 250 };

async function paidThroughPayu(): Promise<{ id: string; number: string }> {
  const placed = await invokeFunction(anonClient(), 'place-order', {
    clientRequestId: randomUUID(),
    checkout: checkoutFor({ deliveryMethod: 'store', paymentMethod: 'payu', firstName: 'Zofia', lastName: 'Wiśniewska' }),
    items: [{ productId: WREATH_ID, quantity: 1 }],
  });
  const order = placed.body.order as { id: string; orderNumber: string; accessKey: string };
  const started = await invokeFunction(anonClient(), 'create-payment', { orderId: order.id, accessKey: order.accessKey });
  const pageUrl = started.body.url as string;
  await fetch(pageUrl);
  await fetch(pageUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'action=pay',
    redirect: 'manual',
  });
  await expect.poll(() => refundedAndPaid(order.id), WAIT).toMatchObject({ paid: '14900' });
  return { id: order.id, number: order.orderNumber };
}

async function refundedAndPaid(orderId: string): Promise<{ paid: string; refunded: string; mails: string }> {
  return withDatabase(async (db) => {
    const { rows } = await db.query<{ paid: string; refunded: string; mails: string }>(
      `select amount_paid::text as paid, amount_refunded::text as refunded,
         (select count(*) from mail_jobs m where m.order_id = o.id and m.kind = 'refund-completed')::text as mails
       from orders o where id = $1`,
      [orderId],
    );
    return rows[0]!;
  });
}

describe('a refund from the back office', () => {
  it('sends a cancelled PayU order’s money back through PayU, and shows it refunded once PayU says so', async () => {
    const order = await paidThroughPayu();
    const owner = await signedInOwner();
    await owner.from('orders').update({ status: 'cancelled', cancel_reason: 'Klientka zrezygnowała' }).eq('id', order.id);

    const context = await chromium.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(appUrl(`/admin/orders?id=${order.id}`));
    await page.waitForURL(/\/login\?redirect=/);
    await page.getByLabel('E-mail').fill(testBackend().ownerEmail);
    await page.getByLabel('Hasło', { exact: true }).fill(testBackend().ownerPassword);
    await page.getByRole('button', { name: 'Zaloguj się' }).click();

    const dialog = page.getByRole('dialog');
    await dialog.getByText('Status płatności: Opłacone').waitFor(WAIT);
    await dialog.getByText('Zamówienie jest anulowane, a klient zapłacił. Do zwrotu pozostało 149,00 zł.').waitFor(WAIT);
    await dialog.getByRole('button', { name: 'Zwróć pieniądze' }).click();
    const form = dialog.getByRole('form', { name: 'Zwróć pieniądze' });
    expect(await form.getByLabel('Kwota zwrotu (zł)').inputValue()).toBe('149,00');
    await form.getByLabel('Kwota zwrotu (zł)').fill('100');
    await form.getByLabel('Powód zwrotu (opcjonalnie)').fill('Anulowane na prośbę klientki');
    await form.getByRole('button', { name: 'Zwróć pieniądze' }).click();
    await dialog.getByText('Zlecono zwrot 100,00 zł. Pieniądze wrócą do klienta przez bramkę płatności.').waitFor(WAIT);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/refund-390.png`, fullPage: true });

    // PayU settles the refund and notifies the shop: the ledger completes it, the customer gets one mail.
    await expect.poll(() => refundedAndPaid(order.id), WAIT).toEqual({ paid: '14900', refunded: '10000', mails: '1' });
    await page.reload();
    await dialog.getByText(/Status płatności: Zwrócono część/).waitFor(WAIT);
    await dialog.getByText('Do zwrotu pozostało 49,00 zł.', { exact: false }).waitFor(WAIT);
    expect(errors).toEqual([]);
    await context.close();
  });
});
