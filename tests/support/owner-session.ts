import { expect } from 'vitest';
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

/**
 * Waits until the signed-in back office would open offline: the worker
 * controls the page and keeps every file of the owner's app (a visitor's
 * precache holds none of them; the worker adds them once the owner has signed in).
 */
export async function ownerAppKeptOffline(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
  });
  const ownerFiles = ((await (await fetch(url('/admin-assets.json'))).json()) as string[]).length;
  await expect
    .poll(() => page.evaluate(async () => (await (await caches.open('admin-files')).keys()).length), { timeout: 15_000 })
    .toBe(ownerFiles);
}
