import { mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { BrowserContext, Locator, Page, Route } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { photoObjectPath } from '../../src/domain/product-photo.ts';
import { COOKIE_CONSENT_KEY } from '../../src/features/shell/cookie-consent.ts';
import { chromiumPerFile } from '../support/browser.ts';
import { appUrl as url, testBackend, withDatabase } from '../support/test-backend.ts';
import { drawnJpegs, jpegFiles } from './admin-photo-files.ts';

/**
 * Issue 20 end to end in Chromium against the real local backend: the owner
 * adds two photos to a product (prepared in the browser, uploaded to
 * Storage, attached), drags them into another order and saves; the shop's
 * product page shows them as responsive images, and after one visit they
 * show with the network off. Screenshots of the form's photo states go to
 * .tmp/admin-photo-shots.
 */

const chromium = chromiumPerFile();
const WAIT = { timeout: 20_000 };
/** Preparing a 2000×1500 photo and sending three files on a busy machine. */
const PHOTO_WAIT = { timeout: 90_000 };
const SHOTS = '.tmp/admin-photo-shots';
const productIds: string[] = [];

afterAll(async () => {
  await withDatabase((db) => db.query('delete from products where id = any($1::uuid[])', [productIds]));
});

async function productWithoutPhotos(label: string): Promise<{ id: string; name: string }> {
  const name = `Bukiet ze zdjęciami ${label} ${randomUUID().slice(0, 6)}`;
  const id = await withDatabase(async (db) => {
    const { rows } = await db.query<{ id: string }>(
      `insert into products (name, description, price, category, image_url, stock)
       values ($1, 'Bukiet sfotografowany w kwiaciarni.', 149, 'live-flowers', '/products/bukiet-czerwonych-roz.svg', 5) returning id`,
      [name],
    );
    return rows[0]!.id;
  });
  productIds.push(id);
  return { id, name };
}

/** A phone (touch, coarse pointer: the form offers the camera) at 390 px, a desktop browser above. */
async function ownerContext(width: number, height: number): Promise<{ context: BrowserContext; page: Page }> {
  const phone = width < 640;
  const context = await chromium.browser.newContext({ viewport: { width, height }, locale: 'pl-PL', isMobile: phone, hasTouch: phone });
  await context.addInitScript((key) => window.localStorage.setItem(key, 'accepted'), COOKIE_CONSENT_KEY);
  const page = await context.newPage();
  await page.goto(url(`/login?redirect=${encodeURIComponent('/admin/products')}`));
  await page.getByLabel('E-mail').fill(testBackend().ownerEmail);
  await page.getByLabel('Hasło', { exact: true }).fill(testBackend().ownerPassword);
  await page.getByRole('button', { name: 'Zaloguj się' }).click();
  await page.waitForURL(url('/admin/products'), WAIT);
  await page.getByRole('list', { name: 'Lista produktów' }).waitFor(WAIT);
  return { context, page };
}

async function openProductForm(page: Page, name: string): Promise<Locator> {
  await page.getByLabel('Szukaj produktów').fill(name);
  await page.getByRole('button', { name: `Edytuj: ${name}` }).click(WAIT);
  const dialog = page.getByRole('dialog', { name: 'Edytuj produkt' });
  await dialog.getByRole('group', { name: 'Zdjęcia' }).waitFor(WAIT);
  return dialog;
}

/** The gallery input: several files at once, no forced camera. */
function galleryInput(dialog: Locator): Locator {
  return dialog.locator('input[type="file"][multiple]');
}

async function shownOrder(dialog: Locator): Promise<string[]> {
  return dialog
    .getByRole('list', { name: 'Zdjęcia produktu' })
    .getByRole('listitem')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-photo-id') ?? ''));
}

async function storedPhotoIds(productId: string): Promise<string[]> {
  return withDatabase(async (db) => {
    const { rows } = await db.query<{ photos: { id: string }[] }>('select photos from products where id = $1', [productId]);
    return rows[0]!.photos.map((photo) => photo.id);
  });
}

/** Drags the n-th photo's picture onto the m-th photo's place with the mouse (pointer events, as a finger would). */
async function dragPhoto(page: Page, dialog: Locator, from: number, to: number): Promise<void> {
  const handles = dialog.getByRole('list', { name: 'Zdjęcia produktu' }).getByRole('listitem').locator('.touch-none');
  const start = (await handles.nth(from).boundingBox())!;
  const end = (await handles.nth(to).boundingBox())!;
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2, { steps: 8 });
  await page.mouse.up();
}

/** The same with a finger: touch events through the DevTools protocol (Playwright's touchscreen only taps). */
async function touchDrag(page: Page, dialog: Locator, from: number, to: number): Promise<void> {
  const handles = dialog.getByRole('list', { name: 'Zdjęcia produktu' }).getByRole('listitem').locator('.touch-none');
  await handles.nth(from).scrollIntoViewIfNeeded();
  const start = (await handles.nth(from).boundingBox())!;
  const end = (await handles.nth(to).boundingBox())!;
  const cdp = await page.context().newCDPSession(page);
  const point = (box: { x: number; y: number; width: number; height: number }, share = 1) => ({
    x: start.x + start.width / 2 + (box.x + box.width / 2 - start.x - start.width / 2) * share,
    y: start.y + start.height / 2 + (box.y + box.height / 2 - start.y - start.height / 2) * share,
  });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point(start)] });
  for (let step = 1; step <= 8; step += 1) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point(end, step / 8)] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
  });
}

/** Whether the first responsive image of the product page shows a photo (decoded, not broken). */
async function mainPhotoShown(page: Page): Promise<{ srcset: string; loaded: boolean }> {
  const image = page.locator('article img[srcset]').first();
  await image.waitFor(WAIT);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete), WAIT).toBe(true);
  return image.evaluate((img: HTMLImageElement) => ({ srcset: img.srcset, loaded: img.naturalWidth > 0 }));
}

describe('product photos from the admin form to the shop', () => {
  it('the owner adds two photos, drags them into another order and saves; the shop shows them, offline too', async () => {
    const product = await productWithoutPhotos('e2e');
    const { context, page } = await ownerContext(1280, 800);
    const dialog = await openProductForm(page, product.name);

    await galleryInput(dialog).setInputFiles(jpegFiles(await drawnJpegs(page, ['#f3d5dc', '#2f5d46'])));
    await expect.poll(() => dialog.getByText('Wysłane', { exact: true }).count(), PHOTO_WAIT).toBe(2);
    const [first, second] = await shownOrder(dialog);
    // Attached as they arrived, before any save: the queue does not wait for the form.
    expect(await storedPhotoIds(product.id)).toEqual([first, second]);

    await dragPhoto(page, dialog, 1, 0);
    await expect.poll(() => shownOrder(dialog), WAIT).toEqual([second, first]);
    await dialog.getByRole('button', { name: 'Zapisz zmiany' }).click();
    await page.getByText(`Zapisano zmiany produktu „${product.name}”.`).waitFor(WAIT);
    expect(await storedPhotoIds(product.id)).toEqual([second, first]);

    // The list shows the new main photo (its smallest file for the 64 px place), loaded.
    const row = page.getByRole('list', { name: 'Lista produktów' }).getByRole('listitem').filter({ hasText: product.name });
    const thumbnail = row.locator('img').first();
    await expect.poll(() => thumbnail.getAttribute('srcset'), WAIT).toContain(photoObjectPath(product.id, second!, 400));
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), WAIT).toBe(true);
    await context.close();

    // A shopper's first visit: the product page, the worker in control, the main photo loaded.
    const shopper = await chromium.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pl-PL', deviceScaleFactor: 2 });
    await shopper.addInitScript((key) => window.localStorage.setItem(key, 'accepted'), COOKIE_CONSENT_KEY);
    const shop = await shopper.newPage();
    await shop.goto(url(`/product/${product.id}`));
    await shop.getByRole('heading', { level: 1, name: product.name }).waitFor(WAIT);
    await waitForServiceWorkerControl(shop);
    // Once the worker is in control its image cache sees the photo's request.
    await shop.reload();
    const online = await mainPhotoShown(shop);
    expect(online.loaded).toBe(true);
    for (const target of [400, 800, 1600] as const) expect(online.srcset).toContain(photoObjectPath(product.id, second!, target));
    expect(online.srcset).toMatch(/ 400w/);
    const secondPhoto = shop.locator(`article img[srcset*="${first}-400.webp"]`);
    expect(await secondPhoto.count()).toBeGreaterThan(0);

    await shopper.setOffline(true);
    const response = await shop.reload();
    expect(response?.fromServiceWorker()).toBe(true);
    await shop.getByRole('heading', { level: 1, name: product.name }).waitFor(WAIT);
    const offline = await mainPhotoShown(shop);
    expect(offline.loaded).toBe(true);
    expect(offline.srcset).toContain(photoObjectPath(product.id, second!, 400));
    await shopper.close();
  }, 240_000);

  it('an upload whose connection drops is sent again after a pause, and the photo is attached once', async () => {
    const product = await productWithoutPhotos('retry');
    const { context, page } = await ownerContext(1280, 800);
    const dialog = await openProductForm(page, product.name);
    const tries: string[] = [];
    await page.route('**/storage/v1/object/product-images/**', async (route) => {
      const name = route.request().url().split('/').pop()!;
      tries.push(name);
      if (name.endsWith('-800.webp') && tries.filter((tried) => tried === name).length === 1) await route.abort('connectionreset');
      else await route.continue();
    });
    await galleryInput(dialog).setInputFiles(jpegFiles(await drawnJpegs(page, ['#e7c66b'])));
    await dialog.getByText('Zdjęcie czeka na wysłanie').waitFor(PHOTO_WAIT);
    await dialog.getByText('Wysłane', { exact: true }).waitFor(PHOTO_WAIT);
    const [photoId] = await shownOrder(dialog);
    // The 400 file went once, the 800 file twice (the dropped try and the retry), then the 1600 file.
    expect(tries).toEqual([`${photoId}-400.webp`, `${photoId}-800.webp`, `${photoId}-800.webp`, `${photoId}-1600.webp`]);
    expect(await storedPhotoIds(product.id)).toEqual([photoId]);
    await context.close();
  }, 120_000);

  it('screenshots of the photo states: preparing and uploading, waiting offline, sent', async () => {
    mkdirSync(SHOTS, { recursive: true });
    for (const [width, height] of [
      [390, 844],
      [1280, 800],
    ] as const) {
      const product = await productWithoutPhotos(`shots ${width}`);
      const { context, page } = await ownerContext(width, height);
      const jpegs = jpegFiles(await drawnJpegs(page, ['#f3d5dc', '#2f5d46', '#e7c66b']));
      const dialog = await openProductForm(page, product.name);

      // Uploading: the 800 files are held back, so the bar stops part way.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const hold = async (route: Route) => {
        if (route.request().url().endsWith('-800.webp')) await held;
        await route.continue();
      };
      await page.route('**/storage/v1/object/product-images/**', hold);
      await galleryInput(dialog).setInputFiles(jpegs.slice(0, 2));
      await dialog.getByRole('progressbar').first().waitFor(PHOTO_WAIT);
      await dialog.getByRole('group', { name: 'Zdjęcia' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/photos-uploading-${width}.png` });
      release();
      await expect.poll(() => dialog.getByText('Wysłane', { exact: true }).count(), PHOTO_WAIT).toBe(2);
      await page.unroute('**/storage/v1/object/product-images/**', hold);

      // Waiting: no connection, the third photo stays on the device.
      await context.setOffline(true);
      await galleryInput(dialog).setInputFiles(jpegs.slice(2));
      await dialog.getByText('Zdjęcie czeka na wysłanie').waitFor(PHOTO_WAIT);
      await page.screenshot({ path: `${SHOTS}/photos-waiting-${width}.png` });

      // Back online: it goes out by itself.
      await context.setOffline(false);
      await expect.poll(() => dialog.getByText('Wysłane', { exact: true }).count(), PHOTO_WAIT).toBe(3);
      await page.screenshot({ path: `${SHOTS}/photos-sent-${width}.png` });
      // From the keyboard: Tab reaches the add button (its focus ring shows) without scrolling the dialog off the screen.
      await dialog.getByRole('button', { name: 'Usuń zdjęcie: zdjęcie 3' }).focus();
      await page.keyboard.press('Tab');
      if (width < 640) await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('label')?.textContent)).toMatch(/Wybierz z galerii|Dodaj zdjęcia/);
      const panel = (await dialog.locator('[id^="headlessui-dialog-panel"]').boundingBox())!;
      expect(panel.y + panel.height).toBeGreaterThan(height - 16);
      await page.screenshot({ path: `${SHOTS}/photos-focus-${width}.png` });
      expect(await storedPhotoIds(product.id)).toHaveLength(3);

      if (width < 640) {
        // On the phone a finger drags: real touch events (touch-action: none keeps the page from scrolling instead).
        const before = await shownOrder(dialog);
        await touchDrag(page, dialog, 2, 0);
        await expect.poll(() => shownOrder(dialog), WAIT).toEqual([before[2], before[0], before[1]]);
      }
      await context.close();
    }
  }, 300_000);
});
