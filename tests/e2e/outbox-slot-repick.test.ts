import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { DeliveryAvailabilityResponse } from '../../src/domain/delivery-availability-contract.ts';
import { chromiumPerFile } from '../support/browser.ts';
import { putCartLines } from '../support/device-cart.ts';
import { anonClient, appUrl as url, checkoutFor, invokeFunction, withDatabase } from '../support/test-backend.ts';

/**
 * Issue 17, offline outbox: an order queued offline for a delivery window
 * that fills up before the device is online again is not dropped. The shop
 * refuses it (422 slot_unavailable, nothing stored), 'Moje konto' shows the
 * reason, the customer picks another window, and the same order (same key,
 * same L- number) is placed once. Checked in the database.
 */

const chromium = chromiumPerFile();
const WAIT = { timeout: 15_000 };
const SEND_WAIT = { timeout: 30_000, interval: 250 };

const ROSES = '811546a5-832e-49cf-b3c0-9e29122b2d96';
const KRASICZYN = { street: 'Zamkowa', houseNumber: '2', apartment: '', city: 'Krasiczyn', postalCode: '37-741' };

interface Term {
  date: string;
  full: { id: string; label: string; free: number };
  other: { id: string; label: string };
}

/**
 * The shop's own answer (server clock): the first day after today with two
 * free delivery windows (today's may pass its cut-off or lead time while the
 * test runs, which would refuse it for another reason).
 */
async function termToFill(): Promise<Term> {
  const answer = await invokeFunction(anonClient(), 'delivery-availability', {});
  expect(answer.status).toBe(200);
  const { days, today } = answer.body as unknown as DeliveryAvailabilityResponse;
  for (const day of days.filter((candidate) => candidate.date > today)) {
    const [full, other] = day.delivery.windows.filter((window) => window.available);
    if (full && other) return { date: day.date, full: { id: full.id, label: full.label, free: full.free }, other };
  }
  throw new Error('no day with two free delivery windows in the booking horizon');
}

/** Other customers take every place left in the window (real orders through place-order). */
async function fillWindow(term: Term): Promise<void> {
  for (let index = 0; index < term.full.free; index += 1) {
    const answer = await invokeFunction(anonClient(), 'place-order', {
      clientRequestId: randomUUID(),
      checkout: checkoutFor({
        ...KRASICZYN,
        deliveryMethod: 'home',
        email: `filler-${index}-${randomUUID().slice(0, 8)}@example.test`,
        deliveryDate: term.date,
        deliveryWindow: term.full.id,
      }),
      items: [{ productId: ROSES, quantity: 1 }],
    });
    expect(answer.status).toBe(201);
  }
}

/** Fills the checkout for a home delivery to Krasiczyn on the given day and window, paid by transfer; does not submit. */
async function fillHomeDelivery(page: Page, email: string, term: Term): Promise<void> {
  await page.getByLabel('Imię', { exact: true }).fill('Anna');
  await page.getByLabel('Nazwisko').fill('Kowalska');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Telefon').fill('+48 600 100 200');
  await page.getByRole('radio', { name: /Dostawa do domu/ }).check();
  await page.getByLabel('Ulica').fill(KRASICZYN.street);
  await page.getByLabel('Numer domu').fill(KRASICZYN.houseNumber);
  await page.getByLabel('Kod pocztowy').fill(KRASICZYN.postalCode);
  await page.getByLabel('Miasto / miejscowość').fill(KRASICZYN.city);
  // The delivery cost is quoted online; the order may then go out without a connection.
  await page.getByTestId('delivery-quote').getByText('Koszt dostawy:').waitFor(WAIT);
  await page.getByRole('group', { name: 'Dzień dostawy' }).locator(`input[value="${term.date}"]`).check(WAIT);
  await page
    .getByRole('group', { name: /^Godziny dostawy/ })
    .locator(`input[value="${term.full.id}"]`)
    .check(WAIT);
  await page.getByRole('radio', { name: 'Przelew tradycyjny' }).check();
}

/** The device's outbox as stored (IndexedDB 'kwiaciarnia', store 'outbox'): key and status of each order. */
function readOutbox(page: Page): Promise<Array<{ clientRequestId: string; status: string }>> {
  return page.evaluate(
    () =>
      new Promise<Array<{ clientRequestId: string; status: string }>>((resolve, reject) => {
        const request = indexedDB.open('kwiaciarnia');
        request.onsuccess = () => {
          const all = request.result.transaction('outbox', 'readonly').objectStore('outbox').getAll();
          all.onsuccess = () => {
            request.result.close();
            resolve(
              (all.result as Array<{ clientRequestId: string; status: string }>).map(({ clientRequestId, status }) => ({
                clientRequestId,
                status,
              })),
            );
          };
          all.onerror = () => reject(all.error ?? new Error('reading the outbox failed'));
        };
        request.onerror = () => reject(request.error ?? new Error('opening the database failed'));
      }),
  );
}

interface StoredOrder {
  order_number: string;
  delivery_date: string | null;
  delivery_window: string | null;
  status: string;
}

async function ordersWithKey(clientRequestId: string): Promise<StoredOrder[]> {
  return withDatabase(async (db) => {
    const { rows } = await db.query<StoredOrder>(
      `select payu_order_id as order_number, to_char(delivery_date, 'YYYY-MM-DD') as delivery_date, delivery_window, status
         from orders where client_request_id = $1`,
      [clientRequestId],
    );
    return rows;
  });
}

async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
  });
}

describe('an order queued offline whose window filled up meanwhile', () => {
  it('is refused with the reason on "Moje konto", sent again for another window, and placed once', async () => {
    const context = await chromium.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pl-PL' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    // The first online visit installs the worker and opens the device's database.
    await page.goto(url('/shop'));
    await page.getByRole('button', { name: 'Akceptuję' }).click(WAIT);
    await page.locator('main a[href^="/product/"]').first().waitFor(WAIT);
    await waitForServiceWorkerControl(page);

    await putCartLines(page, [[ROSES, 1]]);

    const term = await termToFill();
    const email = `repick-${randomUUID().slice(0, 8)}@example.test`;
    await page.goto(url('/checkout'));
    await page.getByRole('heading', { level: 1, name: 'Zamówienie' }).waitFor(WAIT);
    await fillHomeDelivery(page, email, term);

    // The connection drops as the customer orders: the order waits on the device.
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Zamawiam i płacę', exact: true }).click();
    await page.getByRole('button', { name: 'Potwierdź i przejdź do przelewu' }).click(WAIT);
    await page.getByText('Zamówienie zapisane — wyślemy je automatycznie, gdy wrócisz online').waitFor(WAIT);
    const localNumber = ((await page.getByTestId('local-order-number').textContent()) ?? '').trim();
    const [queued] = await readOutbox(page);
    expect(queued?.status).toBe('queued');
    const key = queued!.clientRequestId;
    expect(`L-${key.replace(/-/g, '').slice(0, 8).toUpperCase()}`).toBe(localNumber);

    await page.getByRole('link', { name: 'Moje zamówienia' }).click();
    await page.waitForURL(url('/account'), WAIT);
    const card = page.getByTestId('device-order').filter({ hasText: `Zamówienie ${localNumber}` });
    await card.getByText('Czeka na wysłanie').waitFor(WAIT);

    // While the device is offline, other customers take the last places of the window.
    await fillWindow(term);

    // Whichever sender goes first (this page, or the service worker's Background Sync), the refusal shows here.
    await context.setOffline(false);
    await card.getByText('Termin niedostępny').waitFor(SEND_WAIT);
    expect(await card.getByRole('alert').textContent()).toBe(
      'Wybrany termin dostawy jest niedostępny: brak miejsc. Wybierz inny dzień lub godziny.',
    );
    // Refused: the shop stored nothing under the order's key, and the device still holds the order.
    expect(await ordersWithKey(key)).toEqual([]);
    expect(await readOutbox(page)).toEqual([{ clientRequestId: key, status: 'failed' }]);

    // Elsewhere in the shop a notice at the foot of the screen says so, and leads back here.
    await page.goto(url('/'));
    const notice = page.getByTestId('refused-term-notice');
    await notice.getByText(`Termin zamówienia ${localNumber} jest już niedostępny.`).waitFor(WAIT);
    expect(await notice.evaluate((element) => element.checkVisibility({ contentVisibilityAuto: true }))).toBe(true);
    const box = await notice.boundingBox();
    expect(box!.y + box!.height).toBeGreaterThan(844 - 10);
    expect(box!.y + box!.height).toBeLessThanOrEqual(844);
    await notice.getByRole('link', { name: 'Wybierz inny termin' }).click();
    await page.waitForURL(url('/account'), WAIT);

    await card.getByRole('button', { name: 'Wybierz inny termin' }).click();
    const form = card.getByRole('form', { name: 'Nowy termin dostawy' });
    await form.waitFor(WAIT);
    await form.getByRole('radio', { name: new RegExp(`^${term.other.label}`) }).check(WAIT);
    await form.getByRole('button', { name: 'Wyślij z nowym terminem' }).click();

    await expect.poll(async () => (await ordersWithKey(key)).length, SEND_WAIT).toBe(1);
    const [placed] = await ordersWithKey(key);
    expect(placed).toMatchObject({ delivery_date: term.date, delivery_window: term.other.id, status: 'pending' });
    expect(placed?.order_number).toMatch(/^KT\d{9}$/);
    await page
      .getByTestId('device-order')
      .filter({ hasText: `Zamówienie ${placed!.order_number}` })
      .getByText('Wysłane do sklepu')
      .waitFor(SEND_WAIT);

    // No second order turns up later from a retry or the service worker.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await ordersWithKey(key)).toHaveLength(1);
    expect(await readOutbox(page)).toEqual([{ clientRequestId: key, status: 'sent' }]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
