import { mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumPerFile } from '../support/browser.ts';
import { ownerAppKeptOffline } from '../support/owner-session.ts';
import { warsawDate } from '../../src/domain/calendar/warsaw-clock.ts';
import {
  anonClient,
  appUrl,
  checkoutFor,
  invokeFunction,
  serviceClient,
  someProducts,
  testBackend,
  withDatabase,
} from '../support/test-backend.ts';

/** The owner's back office in real Chromium against the real local backend. */

const chromium = chromiumPerFile();
const url = appUrl;
const SHOTS = '.tmp/admin-shots';

async function placeOrder(email: string): Promise<{ id: string; number: string }> {
  const [product] = await someProducts(1);
  const answer = await invokeFunction(anonClient(), 'place-order', {
    clientRequestId: randomUUID(),
    checkout: checkoutFor({ email, firstName: 'Zofia', lastName: 'Wiśniewska' }),
    items: [{ productId: product!.id, quantity: 2 }],
  });
  if (answer.status !== 201) throw new Error(`place-order answered ${answer.status}`);
  const order = answer.body.order as { id: string; orderNumber: string };
  return { id: order.id, number: order.orderNumber };
}

/** The transfer reached the shop and the owner recorded it (issue 35): the payments page lists the ledger's rows. */
async function recordTransfer(orderId: string): Promise<void> {
  const total = await withDatabase(async (db) => {
    const { rows } = await db.query<{ grosz: string }>('select round(total * 100)::text as grosz from orders where id = $1', [orderId]);
    return Number(rows[0]!.grosz);
  });
  const { error } = await serviceClient().rpc('ledger_record_manual_payment', {
    p_order_id: orderId,
    p_method: 'transfer',
    p_amount: total,
    p_received_on: warsawDate(Date.now()),
    p_note: null,
    p_recorded_by: null,
  });
  if (error) throw new Error(`recording the transfer failed: ${error.message}`);
}

async function logInAsOwner(page: Page, path: string): Promise<void> {
  await page.goto(url(path));
  await page.waitForURL(/\/login\?redirect=/);
  await page.getByLabel('E-mail').fill(testBackend().ownerEmail);
  await page.getByLabel('Hasło', { exact: true }).fill(testBackend().ownerPassword);
  await page.getByRole('button', { name: 'Zaloguj się' }).click();
  await page.waitForURL(url(path));
  // The owner's app has its own header, and none of the storefront's frame: no shop menu, cart or cookie banner.
  await page.getByRole('button', { name: `Konto: ${testBackend().ownerEmail}` }).waitFor();
  expect(await page.getByRole('navigation', { name: 'Główna nawigacja' }).count()).toBe(0);
  expect(await page.getByRole('button', { name: /Koszyk/ }).count()).toBe(0);
  expect(await page.getByRole('region', { name: 'Pliki cookie' }).count()).toBe(0);
}

/** The section links the visible 'Sekcje panelu' offers (one of the desktop row and the phones' bar shows). */
async function visibleSections(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Sekcje panelu' });
  expect(await nav.count()).toBe(1);
  return (await nav.getByRole('link').allTextContents()).map((text) => text.trim());
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe('admin back office', () => {
  it('dashboard totals, order detail by ?id=, status change reflected in the list, search by email (390 px)', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const email = `zofia-${randomUUID().slice(0, 8)}@example.test`;
    const order = await placeOrder(email);
    const counts = await withDatabase(async (db) => {
      const { rows } = await db.query<{ orders: string; customers: string; products: string }>(
        'select (select count(*) from orders) as orders, (select count(distinct lower(btrim(customer_email))) from orders) as customers, (select count(*) from products) as products',
      );
      return rows[0]!;
    });

    const context = await chromium.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await logInAsOwner(page, '/admin');

    // Dashboard totals as the database counts them.
    const totals = page.locator('dl').first();
    await totals.getByText('Zamówienia').waitFor();
    const total = async (label: string) =>
      (
        await totals
          .locator('div', { has: page.getByText(label, { exact: true }) })
          .locator('dd')
          .textContent()
      )?.trim();
    expect(await total('Zamówienia')).toBe(counts.orders);
    expect(await total('Klienci')).toBe(counts.customers);
    expect(await total('Produkty')).toBe(counts.products);
    // Phones: the bottom bar, the last row at the foot of the screen, its items at least 44 px tall.
    expect(await visibleSections(page)).toEqual(['Realizacja', 'Zamówienia', 'Produkty']);
    const bar = page.getByRole('navigation', { name: 'Sekcje panelu' });
    await bar.getByRole('button', { name: 'Więcej' }).waitFor();
    const barBox = (await bar.boundingBox())!;
    expect(barBox.y + barBox.height).toBe(844);
    for (const box of await bar.locator('a, button').evaluateAll((items) => items.map((item) => item.getBoundingClientRect().height)))
      expect(box).toBeGreaterThanOrEqual(44);
    // Only <main> scrolls, and it ends where the bar begins: scrolled to its end, nothing of it is under the bar.
    const main = page.getByRole('main');
    await main.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeLessThanOrEqual(0);
    const mainBox = (await main.boundingBox())!;
    expect(mainBox.y + mainBox.height).toBeLessThanOrEqual(barBox.y + 0.5);
    await page.getByText(order.number).first().waitFor();
    await noSidewaysScroll(page);
    await page.screenshot({ path: `${SHOTS}/dashboard-390.png`, fullPage: true });

    // ?id= opens the order's detail; change its status.
    await page.goto(url(`/admin/orders?id=${order.id}`));
    const dialog = page.getByRole('dialog', { name: `Zamówienie ${order.number}` });
    // The dialog element itself has no box (its panel is fixed): wait for its content.
    await dialog.getByLabel('Status zamówienia').waitFor();
    expect(await dialog.textContent()).toContain(email);
    await page.screenshot({ path: `${SHOTS}/order-modal-390.png` });
    await dialog.getByLabel('Status zamówienia').selectOption('completed');
    await dialog.getByText('Status zmieniony na „Zrealizowane”.').waitFor();
    await dialog.getByRole('button', { name: 'Zamknij' }).click();
    await dialog.waitFor({ state: 'detached' });
    const item = page.getByRole('listitem', { name: `Zamówienie ${order.number}` });
    await item.getByText('Zrealizowane').waitFor();
    expect(
      await withDatabase(
        async (db) => (await db.query<{ status: string }>('select status from orders where id = $1', [order.id])).rows[0]?.status,
      ),
    ).toBe('completed');
    await noSidewaysScroll(page);
    await page.screenshot({ path: `${SHOTS}/orders-390.png`, fullPage: true });

    // Reloaded from the server, the list still says so.
    await page.reload();
    await page
      .getByRole('listitem', { name: `Zamówienie ${order.number}` })
      .getByText('Zrealizowane')
      .waitFor();

    // The top bar's search finds the order by the customer's email.
    await page.goto(url('/admin'));
    // On phones the search folds behind 'Szukaj' in the header.
    await page.getByRole('button', { name: 'Szukaj', exact: true }).click();
    const search = page.getByRole('combobox', { name: 'Szukaj zamówień i klientów' });
    await search.fill(email);
    await page.getByRole('option', { name: new RegExp(`Zamówienie ${order.number}`) }).click();
    await page.waitForURL(/\/admin\/orders\?id=/);
    await page
      .getByRole('dialog', { name: `Zamówienie ${order.number}` })
      .getByLabel('Status zamówienia')
      .waitFor();
    await context.close();
  });

  it('desktop screenshots at 1280×800', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const order = await placeOrder(`adam-${randomUUID().slice(0, 8)}@example.test`);
    await recordTransfer(order.id);
    const context = await chromium.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await logInAsOwner(page, '/admin');
    await page.getByText('Zamówienia według statusu').waitFor();
    // Wide screens: every section in one row, the day's work first; no bottom bar.
    expect(await visibleSections(page)).toEqual([
      'Realizacja',
      'Pulpit',
      'Zamówienia',
      'Płatności',
      'Faktury',
      'Odstąpienia',
      'Produkty',
      'Ustawienia',
    ]);
    await page.screenshot({ path: `${SHOTS}/dashboard-1280.png`, fullPage: true });
    await page.getByRole('navigation', { name: 'Sekcje panelu' }).getByRole('link', { name: 'Zamówienia' }).click();
    await page.getByRole('listitem', { name: `Zamówienie ${order.number}` }).waitFor();
    await page.screenshot({ path: `${SHOTS}/orders-1280.png` });
    await page.getByRole('button', { name: `Szczegóły zamówienia ${order.number}` }).click();
    await page
      .getByRole('dialog', { name: `Zamówienie ${order.number}` })
      .getByLabel('Status zamówienia')
      .waitFor();
    await page.screenshot({ path: `${SHOTS}/order-modal-1280.png` });
    await page.goto(url('/admin/payments'));
    await page.getByText(order.number).waitFor();
    await page.screenshot({ path: `${SHOTS}/payments-1280.png` });
    await page.getByText('Eksport dla księgowości (CSV)').click();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Pobierz płatności' }).click();
    // The browser saves the file under the range's name, the month before by default.
    expect((await download).suggestedFilename()).toMatch(/^platnosci_\d{4}-\d{2}-01_\d{4}-\d{2}-\d{2}\.csv$/);
    await page.screenshot({ path: `${SHOTS}/payments-export-1280.png` });
    await page.goto(url('/admin/nie-ma-takiej'));
    await page.getByRole('heading', { name: 'Strona nie znaleziona' }).waitFor();
    await context.close();
  });

  it('offline, the installed admin shows the last loaded orders and dashboard with when they were loaded; a status change waits and is sent online', async () => {
    const order = await placeOrder(`offline-${randomUUID().slice(0, 8)}@example.test`);
    const context = await chromium.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await logInAsOwner(page, '/admin/orders');
    await page.getByRole('listitem', { name: `Zamówienie ${order.number}` }).waitFor();
    await ownerAppKeptOffline(page);

    await context.setOffline(true);
    await page.goto(url('/admin'));
    await page
      .getByText(/Pokazujemy dane zapisane na tym urządzeniu/)
      .first()
      .waitFor();
    await page.getByText('Zamówienia według statusu').waitFor();
    await page.getByText(order.number).first().waitFor();
    await page.screenshot({ path: `${SHOTS}/dashboard-offline-390.png`, fullPage: true });

    await page.goto(url(`/admin/orders?id=${order.id}`));
    const dialog = page.getByRole('dialog', { name: `Zamówienie ${order.number}` });
    await dialog.getByLabel('Status zamówienia').selectOption('processing');
    await dialog
      .getByText(/Zmiana zostanie wysłana, gdy wrócisz online/)
      .first()
      .waitFor();
    const status = () =>
      withDatabase(
        async (db) => (await db.query<{ status: string }>('select status from orders where id = $1', [order.id])).rows[0]?.status,
      );
    expect(await status()).toBe('pending');

    await context.setOffline(false);
    await expect.poll(status, { timeout: 15_000 }).toBe('processing');
    await context.close();
  });
});
