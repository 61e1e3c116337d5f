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
