import type { Locator, Page } from 'playwright-core';

/**
 * The owner's 'Nowe zamówienie' panel as she uses it on /admin/orders: shared
 * by the e2e files that take phone and walk-in orders.
 */

const WAIT = { timeout: 15_000 };

export const newOrderDialog = (page: Page): Locator => page.getByRole('dialog', { name: 'Nowe zamówienie' });

export async function openNewOrder(page: Page): Promise<void> {
  // Exact: the bell's label ('Powiadomienia: 1 nowe zamówienie') contains the words once an order has come in.
  await page.getByRole('button', { name: 'Nowe zamówienie', exact: true }).click();
  await newOrderDialog(page).getByLabel('Produkt z katalogu').waitFor(WAIT);
}

/** A catalogue product and a pickup slot; then submits and answers the order number the panel shows. */
export async function fillAndSubmit(page: Page, productId: string, slot: { deliveryDate: string; pickupTime: string }): Promise<string> {
  const panel = newOrderDialog(page);
  await panel.getByLabel('Produkt z katalogu').selectOption(productId);
  await panel.getByRole('button', { name: 'Dodaj produkt' }).click();
  await panel.getByRole('list', { name: 'Pozycje zamówienia' }).waitFor(WAIT);
  await panel.getByLabel('Dzień', { exact: true }).fill(slot.deliveryDate);
  await panel
    .getByLabel('Godzina odbioru')
    .locator(`option[value="${slot.pickupTime}"]`)
    .waitFor({ state: 'attached', ...WAIT });
  await panel.getByLabel('Godzina odbioru').selectOption(slot.pickupTime);
  await panel.getByRole('button', { name: 'Przyjmij zamówienie' }).click();
  const done = panel.getByRole('status').filter({ hasText: 'Przyjęto zamówienie' });
  await done.waitFor(WAIT);
  return /KT\d{9}/.exec((await done.textContent()) ?? '')?.[0] ?? '';
}
