import type { Page } from 'playwright-core';

/**
 * The checkout's 'Kiedy' as a customer uses it (issue 17): the first day the
 * shop's availability answer offers, then that day's first free delivery
 * window or pickup hour. Shared by the e2e files that place orders through
 * the checkout page; returns what was chosen.
 */
export async function chooseFirstFreeSlot(page: Page, timeout = 15_000): Promise<{ date: string; slot: string }> {
  const days = page.getByRole('group', { name: /^Dzień (dostawy|odbioru)$/ });
  const day = days.getByRole('radio', { disabled: false }).first();
  await day.waitFor({ timeout });
  await day.check({ timeout });
  const slots = page.getByRole('group', { name: /^(Godziny dostawy|Godzina odbioru)/ });
  const slot = slots.getByRole('radio', { disabled: false }).first();
  await slot.check({ timeout });
  return { date: (await day.getAttribute('value')) ?? '', slot: (await slot.getAttribute('value')) ?? '' };
}

const WAIT = { timeout: 15_000 };

/** The checkout's contact fields as a guest fills them, once the form has loaded. */
export async function fillCheckoutContact(page: Page, email: string, lastName = 'Kowalska'): Promise<void> {
  await page.getByLabel('Imię', { exact: true }).waitFor(WAIT);
  await page.getByLabel('Imię', { exact: true }).fill('Anna');
  await page.getByLabel('Nazwisko').fill(lastName);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Telefon').fill('+48 600 100 200');
}

/**
 * From a filled checkout: the first free slot, 'Przelew tradycyjny',
 * 'Zamawiam i płacę', then the review's confirmation; answers the order
 * number the success page shows.
 */
export async function placeTransferOrder(page: Page): Promise<string> {
  await chooseFirstFreeSlot(page);
  await page.getByRole('radio', { name: 'Przelew tradycyjny' }).check();
  await page.getByRole('button', { name: 'Zamawiam i płacę', exact: true }).click();
  await page.getByRole('button', { name: 'Potwierdź i przejdź do przelewu' }).click(WAIT);
  await page.waitForURL(/\/checkout\/success\?payment=transfer&orderId=KT\d+$/, WAIT);
  return new URL(page.url()).searchParams.get('orderId')!;
}
