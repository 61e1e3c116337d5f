import { randomUUID } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/calendar/calendar-date.ts';
import { warsawDate } from '../../src/domain/calendar/warsaw-clock.ts';
import { dayAndMonth } from '../../src/domain/polish-date.ts';
import { PHOTO_VARIANT_WIDTHS, PRODUCT_IMAGES_BUCKET, type PhotoVariantWidth, photoObjectPath } from '../../src/domain/product-photo.ts';
import { HERO_PHOTO_SETTING, heroPhotoPaths, parseHeroPhoto } from '../../src/domain/hero-photo.ts';
import { chromiumPerFile } from '../support/browser.ts';
import { logInAsOwner } from '../support/owner-session.ts';
import { appUrl, signedInOwner, withDatabase } from '../support/test-backend.ts';
import { drawnJpegs, jpegFiles } from './admin-photo-files.ts';

/** The home page that sells: featured products in the server's HTML, the owner's flowers above the fold, seasonal prompts, the name. */

const chromium = chromiumPerFile();
const SHOTS = '.tmp/home-page';
/** As tests/e2e/accessibility.test.ts checks every page. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function serverHtml(path = '/'): Promise<string> {
  const response = await fetch(appUrl(path));
  expect(response.status).toBe(200);
  return response.text();
}

/** React escapes text as HTML; the names in the sample catalogue need only these. */
const asHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

async function featuredNames(): Promise<string[]> {
  return withDatabase(async (db) =>
    (await db.query<{ name: string }>('select name from products where is_featured and active order by created_at desc limit 8')).rows.map(
      (row) => row.name,
    ),
  );
}

/** Sets (or, with null, removes) one app setting for the length of `work`, then puts the previous state back. */
async function withSetting<T>(key: string, value: string | null, work: () => Promise<T>): Promise<T> {
  const previous = await withDatabase(
    async (db) => (await db.query<{ value: string }>('select value from app_settings where key = $1', [key])).rows[0]?.value,
  );
  const set = (next: string | null | undefined) =>
    withDatabase((db) =>
      next === null || next === undefined
        ? db.query('delete from app_settings where key = $1', [key])
        : db.query('insert into app_settings (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value', [
            key,
            next,
          ]),
    );
  await set(value);
  try {
    return await work();
  } finally {
    await set(previous);
  }
}

/** Photo files of every variant width, drawn by the browser's canvas as WebP, as the admin app's pipeline stores them. */
async function drawnWebps(page: Page): Promise<Map<PhotoVariantWidth, Buffer>> {
  const urls = await page.evaluate(
    (widths) => {
      return widths.map((width) => {
        const height = Math.round((width * 3) / 4);
        const canvas = document.createElement('canvas');
        canvas.width = width;
        canvas.height = height;
        const context = canvas.getContext('2d')!;
        context.fillStyle = '#f3ebdf';
        context.fillRect(0, 0, width, height);
        for (let petal = 0; petal < 9; petal += 1) {
          context.fillStyle = `hsl(${340 + petal * 6} 70% ${55 + (petal % 3) * 8}%)`;
          context.beginPath();
          context.arc(
            width / 2 + Math.cos(petal) * width * 0.18,
            height / 2 + Math.sin(petal) * height * 0.2,
            height * 0.16,
            0,
            Math.PI * 2,
          );
          context.fill();
        }
        return canvas.toDataURL('image/webp', 0.8);
      });
    },
    PHOTO_VARIANT_WIDTHS as unknown as number[],
  );
  return new Map(
    PHOTO_VARIANT_WIDTHS.map((width, index) => [width, Buffer.from(urls[index]!.slice(urls[index]!.indexOf(',') + 1), 'base64')]),
  );
}

/** Gives the newest featured product a photo for the length of `work` (uploaded and attached as the owner), then takes it off. */
async function withFeaturedPhoto<T>(page: Page, work: (product: { id: string; name: string }) => Promise<T>): Promise<T> {
  const product = await withDatabase(
    async (db) =>
      (
        await db.query<{ id: string; name: string; photos: unknown }>(
          'select id, name, photos from products where is_featured and active order by created_at desc limit 1',
        )
      ).rows[0]!,
  );
  const owner = await signedInOwner();
  const photoId = randomUUID();
  for (const [width, bytes] of await drawnWebps(page)) {
    const upload = await owner.storage
      .from(PRODUCT_IMAGES_BUCKET)
      .upload(photoObjectPath(product.id, photoId, width), bytes, { contentType: 'image/webp' });
    expect(upload.error).toBeNull();
  }
  const attach = await owner.rpc('attach_product_photo', { p_product_id: product.id, p_photo: { id: photoId, width: 1600, height: 1200 } });
  expect(attach.error).toBeNull();
  try {
    return await work(product);
  } finally {
    await withDatabase((db) =>
      db.query('update products set photos = $2 where id = $1', [product.id, JSON.stringify(product.photos ?? [])]),
    );
    await owner.storage
      .from(PRODUCT_IMAGES_BUCKET)
      .remove(PHOTO_VARIANT_WIDTHS.map((width) => photoObjectPath(product.id, photoId, width)));
    await owner.auth.signOut();
  }
}

describe('home page', () => {
  it("sends the featured products in the server's HTML, as the owner marks them", async () => {
    const names = await featuredNames();
    expect(names.length).toBeGreaterThan(0);
    const html = await serverHtml();
    expect(html).toContain('id="featured-heading"');
    for (const name of names) expect(html).toContain(asHtml(name));

    // One more product marked in the form's flag shows on the next request: rendered from the database, not from a copy.
    const extra = await withDatabase(
      async (db) =>
        (
          await db.query<{ id: string; name: string }>(
            'select id, name from products where active and not is_featured order by name limit 1',
          )
        ).rows[0]!,
    );
    expect(html).not.toContain(`/product/${extra.id}"`);
    await withDatabase((db) => db.query('update products set is_featured = true where id = $1', [extra.id]));
    try {
      const next = await serverHtml();
      expect(next).toContain(`/product/${extra.id}"`);
      expect(next).toContain(asHtml(extra.name));
    } finally {
      await withDatabase((db) => db.query('update products set is_featured = false where id = $1', [extra.id]));
    }
  });

  it("shows a featured product's photo above the fold on a phone: the 800 px file, first, in a box that does not move", async () => {
    mkdirSync(SHOTS, { recursive: true });
    const context = await chromium.browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    try {
      await withFeaturedPhoto(page, async (product) => {
        const html = await serverHtml();
        expect(html).toMatch(/data-testid="hero-photo"[^>]*>\s*<picture/);
        await page.goto(appUrl('/'), { waitUntil: 'networkidle' });
        const photo = page.getByTestId('hero-photo');
        expect(await photo.getAttribute('href')).toBe(`/product/${product.id}`);
        expect(await photo.textContent()).toContain(product.name);
        const image = photo.locator('img');
        expect(await image.getAttribute('fetchpriority')).toBe('high');
        expect(await image.getAttribute('loading')).toBe('eager');
        expect(Number(await image.getAttribute('width'))).toBeGreaterThan(0);
        expect(Number(await image.getAttribute('height'))).toBeGreaterThan(0);
        await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
        expect(await image.evaluate((element: HTMLImageElement) => element.currentSrc)).toMatch(/-800\.webp$/);
        const box = (await image.boundingBox())!;
        expect(box.y).toBeGreaterThan(0);
        expect(box.y + box.height).toBeLessThanOrEqual(844);
        expect(box.height).toBeGreaterThan(150);
        const shifts = await page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              let total = 0;
              new PerformanceObserver((list) => {
                for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>) total += entry.value;
              }).observe({ type: 'layout-shift', buffered: true });
              setTimeout(() => resolve(total), 200);
            }),
        );
        expect(shifts).toBeLessThanOrEqual(0.05);
        await page.screenshot({ path: `${SHOTS}/home-390x844.png` });
        expect((await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze()).violations.map((violation) => violation.id)).toEqual([]);

        const wide = await chromium.browser.newContext({ viewport: { width: 1280, height: 800 } });
        try {
          const desktop = await wide.newPage();
          await desktop.goto(appUrl('/'), { waitUntil: 'networkidle' });
          await desktop.getByTestId('hero-photo').waitFor();
          await desktop.screenshot({ path: `${SHOTS}/home-1280x800.png` });
        } finally {
          await wide.close();
        }
      });
    } finally {
      await context.close();
    }
  });

  it("shows the photo the owner uploads in the settings in the server's HTML of /, before the featured product's, until she removes it", async () => {
    const context = await chromium.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const phone = await chromium.browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true });
    const storedPhoto = async () =>
      parseHeroPhoto(
        await withDatabase(
          async (db) =>
            (await db.query<{ value: string }>('select value from app_settings where key = $1', [HERO_PHOTO_SETTING])).rows[0]?.value,
        ),
      );
    try {
      await withFeaturedPhoto(phone.pages()[0] ?? (await phone.newPage()), async () => {
        const page = await context.newPage();
        await logInAsOwner(page, '/admin/settings');
        const section = page.getByTestId('hero-photo-settings');
        await section.getByText('Wybierz zdjęcie').waitFor();
        await section.locator('input[type="file"]').setInputFiles(jpegFiles(await drawnJpegs(page, ['#f3d5dc']), 'witryna'));
        await section.getByText('Zapisano. Strona główna pokazuje teraz to zdjęcie.').waitFor({ timeout: 30_000 });
        const photo = (await storedPhoto())!;
        expect(photo).toMatchObject({ width: 1600, height: 1200 });
        expect(await section.getByRole('img', { name: 'Obecne zdjęcie strony głównej' }).getAttribute('src')).toContain(
          `products/hero/${photo.id}-800.webp`,
        );

        const html = await serverHtml();
        const hero = /<div data-testid="hero-photo"[^>]*>[\s\S]*?<\/div>/.exec(html)?.[0] ?? '';
        expect(hero).toContain(`products/hero/${photo.id}-800.webp`);
        expect(hero).toMatch(/<source media="\(max-width: 639px\)"[^>]*srcSet="[^"]*-800\.webp 800w"/i);
        // HTML attribute names are case-insensitive; React writes fetchPriority.
        expect(hero).toMatch(/ fetchpriority="high"/i);
        expect(hero).toContain('width="1600" height="1200"');

        const shopper = await phone.newPage();
        await shopper.goto(appUrl('/'), { waitUntil: 'networkidle' });
        const image = shopper.getByTestId('hero-photo').locator('img');
        await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
        expect(await image.evaluate((element: HTMLImageElement) => element.currentSrc)).toMatch(
          new RegExp(`/products/hero/${photo.id}-800\\.webp$`),
        );

        await section.getByRole('button', { name: 'Usuń zdjęcie' }).click();
        await section.getByText(/^Usunięto\./).waitFor();
        expect(await storedPhoto()).toBeNull();
        const after = await serverHtml();
        expect(after).not.toContain('products/hero/');
        // The featured product's photo is back, a link to its page.
        expect(after).toMatch(/<a[^>]*data-testid="hero-photo"/);
      });
    } finally {
      const left = await storedPhoto();
      await withDatabase((db) => db.query('delete from app_settings where key = $1', [HERO_PHOTO_SETTING]));
      if (left) {
        const owner = await signedInOwner();
        await owner.storage.from(PRODUCT_IMAGES_BUCKET).remove(heroPhotoPaths(left));
        await owner.auth.signOut();
      }
      await context.close();
      await phone.close();
    }
  });

  it("shows a seasonal prompt in the weeks before a peak day of the delivery calendar, by the server's date, leading to the shop", async () => {
    // The server's clock is the machine's: the peak days are set around the server's Warsaw date, as the calendar tests set closed dates.
    const today = warsawDate(Date.now());
    // A day whose headline names that very day (31 October names 1 November, All Saints).
    const near = [10, 11].map((days) => addDays(today, days)).find((date) => !['10-31', '01-22'].includes(date.slice(5)))!;
    const far = addDays(today, 30);
    await withSetting('delivery_peak_days', `${numeric(far)}`, async () => {
      expect(await serverHtml()).not.toContain('data-testid="season-prompt"');
    });
    await withSetting('delivery_peak_days', `${numeric(far)}, ${numeric(near)}`, async () => {
      const html = await serverHtml();
      expect(html).toContain('data-testid="season-prompt"');
      expect(html).toContain(`na ${dayAndMonth(near)}`);

      const context = await chromium.browser.newContext({ viewport: { width: 390, height: 844 } });
      try {
        const page = await context.newPage();
        await page.goto(appUrl('/'));
        const prompt = page.getByTestId('season-prompt');
        await expect.poll(() => page.locator('fieldset[role="none"]').first().isEnabled()).toBe(true);
        expect(await prompt.textContent()).toContain(`na ${dayAndMonth(near)}`);
        const axe = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
        expect(axe.violations.map((violation) => violation.id)).toEqual([]);
        await page.screenshot({ path: `${SHOTS}/home-season-390x844.png`, fullPage: false });
        await prompt.getByRole('link').click();
        await page.waitForURL(/\/shop\?category=[a-z-]+$/);
        await page.getByTestId('product-card').first().waitFor();
        // A visit that starts on the shop, then goes home: the browser draws the home page itself and asks the server's date.
        await page.goto(appUrl('/shop'));
        await expect.poll(() => page.locator('fieldset[role="none"]').first().isEnabled()).toBe(true);
        const askedDate = page.waitForResponse((response) => response.url().includes('/rest/v1/rpc/shop_today') && response.ok());
        await page.locator('header a[href="/"]').first().click();
        await page.waitForURL(appUrl('/'));
        expect(await (await askedDate).json()).toBe(today);
        expect(await page.getByTestId('season-prompt').textContent()).toContain(`na ${dayAndMonth(near)}`);
      } finally {
        await context.close();
      }
    });
  });

  it('fits the whole shop name in the header of a 390 px phone', async () => {
    const context = await chromium.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      const page = await context.newPage();
      for (const name of [await currentName(), 'Kwiaciarnia Pod Różą i Tulipanem']) {
        await withSetting('company_name', name, async () => {
          await page.goto(appUrl('/'));
          await expect.poll(() => page.locator('fieldset[role="none"]').first().isEnabled()).toBe(true);
          const shown = page.locator('header a[href="/"] .shop-name');
          expect(await shown.textContent()).toBe(name);
          const fit = await shown.evaluate((element) => {
            const header = element.closest('header')!;
            const own = element.getBoundingClientRect();
            return {
              overflowX: element.scrollWidth - element.clientWidth,
              overflowY: element.scrollHeight - element.clientHeight,
              right: own.right,
              // The account, cart and menu buttons.
              controlsLeft: header.querySelector('.container-page > div:last-child')!.getBoundingClientRect().left,
              bottom: own.bottom,
              headerBottom: header.getBoundingClientRect().bottom,
            };
          });
          expect(fit.overflowX).toBeLessThanOrEqual(0);
          expect(fit.overflowY).toBeLessThanOrEqual(0);
          expect(fit.right).toBeLessThanOrEqual(fit.controlsLeft);
          expect(fit.bottom).toBeLessThanOrEqual(fit.headerBottom);
        });
        await page.screenshot({ path: `${SHOTS}/header-${name.length}-390.png`, clip: { x: 0, y: 0, width: 390, height: 80 } });
      }
    } finally {
      await context.close();
    }
  });
});

/** '2026-12-09' → '09.12', as the 'Dni szczytu' field takes a day. */
function numeric(date: string): string {
  return `${date.slice(8)}.${date.slice(5, 7)}`;
}

async function currentName(): Promise<string> {
  return withDatabase(
    async (db) => (await db.query<{ value: string }>("select value from app_settings where key = 'company_name'")).rows[0]!.value,
  );
}
