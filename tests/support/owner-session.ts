import type { Page } from 'playwright-core';
import { appUrl as url, testBackend } from './test-backend.ts';

/** Opens a back-office `path` signed out, signs in as the owner on the login page it leads to, and waits to be back there. */
export async function logInAsOwner(page: Page, path: string, wait = { timeout: 15_000 }): Promise<void> {
  await page.goto(url(path));
  await page.waitForURL(/\/login\?redirect=/, wait);
  await page.getByLabel('E-mail').fill(testBackend().ownerEmail);
  await page.getByLabel('Hasło', { exact: true }).fill(testBackend().ownerPassword);
  await page.getByRole('button', { name: 'Zaloguj się' }).click();
  await page.waitForURL(url(path), wait);
}
