import { mkdirSync, writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumPerFile } from '../support/browser.ts';
import { logInAsOwner, ownerAppKeptOffline } from '../support/owner-session.ts';
import { appUrl as url, nextDeliveryWindow, placedGuestOrder } from '../support/test-backend.ts';
import { capturePrint } from './print-capture.ts';

/**
 * 'Trasa na dziś' in real Chromium, on the owner's phone: a day's deliveries
 * to four places around the shop (in Bircza, by the sample settings) come in
 * the order of distance, the owner moves one stop and the order stays (on
 * this device, after a reload and offline), and the printed route is one A4 page.
 */

const chromium = chromiumPerFile();
const WAIT = { timeout: 15_000 };
const SHOTS = '.tmp/route-shots';

interface Placed {
  place: string;
  number: string;
}

async function place(
  slot: { deliveryDate: string; deliveryWindow: string },
  place: string,
  overrides: Record<string, unknown>,
): Promise<Placed> {
  const { number } = await placedGuestOrder({ ...overrides, deliveryDate: slot.deliveryDate, deliveryWindow: slot.deliveryWindow });
  return { place, number };
}

function home(city: string, postalCode: string, street: string) {
  return { deliveryMethod: 'home', city, postalCode, street, houseNumber: '1', recipientKind: 'self' };
}

/** The stops' order numbers as the page lists them. */
async function stopNumbers(page: Page): Promise<string[]> {
  const labels = await page
    .locator('article[aria-label^="Przystanek"]')
    .evaluateAll((articles) => articles.map((article) => article.getAttribute('aria-label') ?? ''));
  return labels.map((label) => label.replace(/^Przystanek \d+: zamówienie /, ''));
}

describe('the driver’s route', () => {
  it('orders the day’s stops by distance from the shop, keeps the owner’s order offline, and prints on one page', async () => {
    const slot = nextDeliveryWindow({ onDay: 29 });
    // Placed far to near, so the page's order is its own.
    const orders = [
      await place(slot, 'Medyka', home('Medyka', '37-732', 'Przemyska')),
      await place(slot, 'Przemyśl', home('Przemyśl', '37-700', 'Franciszkańska')),
      await place(slot, 'Krasiczyn', home('Krasiczyn', '37-741', 'Zamkowa')),
      await place(slot, 'Bircza (cmentarz)', {
        deliveryMethod: 'cemetery',
        // The checkout's address of a cemetery order is the cemetery's.
        street: 'Cmentarna',
        houseNumber: '1',
        city: 'Bircza',
        postalCode: '37-740',
        cemeteryName: 'Cmentarz parafialny',
        cemeteryLocality: 'Bircza',
        graveDescription: 'Kwatera B, rząd 3, grób 12',
      }),
    ];
    const numberOf = (name: string) => orders.find((order) => order.place === name)!.number;
    for (const order of orders) expect(order.number).toMatch(/^KT\d{9}$/);
    const byDistance = ['Bircza (cmentarz)', 'Krasiczyn', 'Przemyśl', 'Medyka'].map(numberOf);

    mkdirSync(SHOTS, { recursive: true });
    const context = await chromium.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pl-PL' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const path = `/admin/realizacja?date=${slot.deliveryDate}&view=route`;
    await logInAsOwner(page, path);
    await page.getByRole('heading', { level: 1, name: 'Trasa' }).waitFor(WAIT);
    const windowStops = page.getByRole('list', { name: `Przystanki w oknie ${slot.label}` });
    await windowStops.waitFor(WAIT);
    await expect.poll(() => stopNumbers(page), WAIT).toEqual(byDistance);
    await page.getByTestId('route-summary').getByText('kolejność według odległości od sklepu').waitFor(WAIT);

    // What the driver taps: the address opens the map, the phone dials, and the unpaid transfer is to be collected.
    const krasiczyn = page.getByRole('article', { name: `Przystanek 2: zamówienie ${numberOf('Krasiczyn')}` });
    const mapLink = krasiczyn.getByRole('link', { name: /Zamkowa 1.*Krasiczyn.*otwiera mapę/ });
    expect(await mapLink.getAttribute('href')).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=.*Krasiczyn/);
    expect(await krasiczyn.getByRole('link', { name: /Zadzwoń/ }).getAttribute('href')).toBe('tel:+48600100200');
    await krasiczyn.getByText(/^Do pobrania: \d+,\d\d/).waitFor(WAIT);
    const cemetery = page.getByRole('article', { name: `Przystanek 1: zamówienie ${numberOf('Bircza (cmentarz)')}` });
    await cemetery.getByText('Kwatera B, rząd 3, grób 12').waitFor(WAIT);
    await cemetery.getByRole('link', { name: /^Cmentarz parafialny, Cmentarna 1, 37-740 Bircza/ }).waitFor(WAIT);
    await page.screenshot({ path: `${SHOTS}/route-390.png`, fullPage: true });

    // The owner knows better: Przemyśl before Krasiczyn.
    await krasiczyn.getByRole('button', { name: `W dół (zamówienie ${numberOf('Krasiczyn')})` }).click();
    const arranged = ['Bircza (cmentarz)', 'Przemyśl', 'Krasiczyn', 'Medyka'].map(numberOf);
    await expect.poll(() => stopNumbers(page), WAIT).toEqual(arranged);
    await page.getByText(`Zamówienie ${numberOf('Krasiczyn')}: pozycja 3 z 4 w oknie ${slot.label}.`).waitFor(WAIT);
    await page.reload();
    await windowStops.waitFor(WAIT);
    await expect.poll(() => stopNumbers(page), WAIT).toEqual(arranged);
    await page.getByTestId('route-summary').getByText('Twoja kolejność').waitFor(WAIT);

    // The printed route: one A4 page with every stop, the window and what is to be collected.
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    writeFileSync(`${SHOTS}/route.pdf`, pdf);
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g) ?? [];
    expect(pages).toHaveLength(1);
    await page.emulateMedia({ media: 'print' });
    const printed = (await page.getByTestId('route-print').innerText()).replace(/\s+/g, ' ');
    for (const number of arranged) expect(printed).toContain(number);
    expect(printed).toContain(`Okno ${slot.label}`);
    expect(printed.indexOf(numberOf('Przemyśl'))).toBeLessThan(printed.indexOf(numberOf('Krasiczyn')));
    await page.emulateMedia({ media: 'screen' });

    // Offline on the road: the installed app opens the route from the device's copy, in the owner's order.
    await ownerAppKeptOffline(page);
    await context.setOffline(true);
    await page.goto(url(path));
    await page
      .getByText(/Pokazujemy dane zapisane na tym urządzeniu/)
      .first()
      .waitFor(WAIT);
    await expect.poll(() => stopNumbers(page), WAIT).toEqual(arranged);
    await page.screenshot({ path: `${SHOTS}/route-offline-390.png`, fullPage: true });
    await context.setOffline(false);

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: `${SHOTS}/route-1280.png`, fullPage: true });

    // 'Drukuj' for the whole day starts with the day's overview: counts, windows and what to make.
    await page.getByRole('link', { name: 'Realizacja', exact: true }).last().click();
    await page.getByRole('heading', { level: 1, name: /Realizacja/ }).waitFor(WAIT);
    const overview = (
      await capturePrint(page, () => page.getByRole('button', { name: 'Drukuj wszystkie zamówienia dnia' }).click(), {
        part: '[data-testid="day-overview"]',
      })
    ).replace(/\s+/g, ' ');
    expect(overview).toContain('Przegląd dnia:');
    expect(overview).toContain('Dostawy do domu: 3 · Na cmentarz: 1 · Odbiór w sklepie: 0');
    expect(overview).toContain('Do zrobienia');
    expect(overview).toContain(`Okno ${slot.label}`);
    for (const number of arranged) expect(overview).toContain(number);
    expect(errors).toEqual([]);
    await context.close();
  });
});
