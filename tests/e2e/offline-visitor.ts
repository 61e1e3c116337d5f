import type { Browser, BrowserContext, Page } from 'playwright-core';
import { waitForServiceWorkerControl } from '../support/service-worker.ts';
import { appUrl as url } from '../support/test-backend.ts';

const WAIT = { timeout: 15_000 };

/** A new visitor at desktop size, with the page's uncaught errors collected. */
export async function newVisitor(browser: Browser): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'pl-PL' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/** The first online visit: the home page, the cookie banner answered, the worker installed and in control. */
export async function firstOnlineVisit(page: Page): Promise<void> {
  await page.goto(url('/'));
  await page.getByRole('button', { name: 'Akceptuję' }).click(WAIT);
  await waitForServiceWorkerControl(page);
}
