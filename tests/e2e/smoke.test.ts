import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser.ts';
import { testBackend } from '../support/test-backend.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

/** Opens a page and records console errors (CSP violations show up there). */
async function open(path: string, viewport = { width: 390, height: 844 }): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(new URL(path, testBackend().appUrl).toString(), { waitUntil: 'networkidle' });
  return { page, errors };
}

describe('storefront smoke test in Chromium', () => {
  it('serves the home page in Polish with the five categories and no errors', async () => {
    const { page, errors } = await open('/');
    expect(await page.getAttribute('html', 'lang')).toBe('pl');
    await page
      .getByRole('link', { name: /Kwiaty żywe/ })
      .first()
      .waitFor();
    const text = await page.textContent('body');
    for (const label of ['Kwiaty żywe', 'Kwiaty sztuczne', 'Znicze', 'Pamiątki', 'Prezenty okolicznościowe']) {
      expect(text).toContain(label);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the 404 page for an unknown path', async () => {
    const { page } = await open('/nie-ma-takiej-strony');
    await page.getByRole('heading', { name: 'Strona nie znaleziona' }).waitFor();
    expect(await page.textContent('body')).toContain('Przepraszamy, nie możemy znaleźć strony, której szukasz.');
    await page.close();
  });

  it('lets the page read the catalog from the backend it was served with (CSP allows it)', async () => {
    const { page, errors } = await open('/');
    const count = await page.evaluate(async () => {
      const url = document.querySelector<HTMLMetaElement>('meta[name="supabase-url"]')!.content;
      const key = document.querySelector<HTMLMetaElement>('meta[name="supabase-anon-key"]')!.content;
      const response = await fetch(`${url}/rest/v1/products?select=id`, { headers: { apikey: key } });
      return ((await response.json()) as unknown[]).length;
    });
    expect(count).toBeGreaterThanOrEqual(30);
    expect(errors).toEqual([]);
    await page.close();
  });
});
