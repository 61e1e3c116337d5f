import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumPerFile } from '../support/browser.ts';
import { putCartLines } from '../support/device-cart.ts';
import { checkoutReadFromDevice, openCheckoutCart } from './checkout-page.ts';
import { appUrl as url } from '../support/test-backend.ts';

/**
 * One delivery price, everywhere: for a cart with live flowers the cart page
 * offers what the checkout offers (pickup and the shop's own delivery, the
 * couriers disabled), quotes local delivery as the checkout lists it, and
 * the two pages keep the same chosen method both ways.
 */

const chromium = chromiumPerFile();
const WAIT = { timeout: 15_000 };
const ROSES = { id: '811546a5-832e-49cf-b3c0-9e29122b2d96', name: 'Bukiet czerwonych róż' };

const plain = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();
/** The label of the radio named `name` within `scope` (the cart's delivery group, the checkout's form). */
const radioLabel = async (scope: Locator, name: RegExp) =>
  plain(
    await scope
      .locator('label')
      .filter({ has: scope.page().getByRole('radio', { name }) })
      .first()
      .textContent(),
  );

/** The cart page's stored delivery choice (IndexedDB 'kwiaciarnia', store 'meta'). */
function storedCartMethod(page: Page): Promise<unknown> {
  return page.evaluate(
    () =>
      new Promise<unknown>((resolve, reject) => {
        const request = indexedDB.open('kwiaciarnia');
        request.onerror = () => reject(new Error('no database'));
        request.onsuccess = () => {
          const database = request.result;
          const read = database.transaction('meta', 'readonly').objectStore('meta').get('cartShippingMethod');
          read.onsuccess = () => {
            database.close();
            resolve((read.result as { value?: unknown } | undefined)?.value);
          };
          read.onerror = () => reject(new Error('no meta'));
        };
      }),
  );
}

describe('the cart and the checkout quote the same delivery', () => {
  it('for live flowers', async () => {
    const context = await chromium.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'pl-PL' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto(url('/shop'));
    await page.getByRole('button', { name: 'Akceptuję' }).click(WAIT);
    await page.locator('main a[href^="/product/"]').first().waitFor(WAIT);
    await putCartLines(page, [[ROSES.id, 1]]);

    await page.goto(url('/cart'));
    // Once the line is known to be live flowers (the device's catalogue or the server's answer).
    await page.getByTestId('cart-line').getByText(ROSES.name).first().waitFor(WAIT);
    const cartGroup = page.getByRole('group', { name: 'Dostawa' });
    // Couriers are listed, as at the checkout, and cannot be chosen; pickup is preselected.
    expect(await cartGroup.getByRole('radio', { name: /GLS – odbiór w punkcie/ }).isDisabled()).toBe(true);
    expect(await cartGroup.getByRole('radio', { name: /Odbiór osobisty w kwiaciarni/ }).isChecked()).toBe(true);
    expect(plain(await page.getByTestId('summary-shipping').textContent())).toBe('Gratis');
    expect(await page.getByTestId('free-shipping-missing').count()).toBe(0);

    // The choice is stored on the device first, then shown (a plain click: the radio follows the stored value).
    await cartGroup.getByRole('radio', { name: /Dostawa do domu/ }).click();
    await expect.poll(() => cartGroup.getByRole('radio', { name: /Dostawa do domu/ }).isChecked(), WAIT).toBe(true);
    const cartHome = await radioLabel(cartGroup, /Dostawa do domu/);
    const fromPrice = /od \d+,\d{2} zł$/.exec(cartHome)?.[0];
    expect(fromPrice, cartHome).toBeDefined();
    expect(plain(await page.getByTestId('summary-shipping').textContent())).toBe(fromPrice);
    expect(plain(await page.getByTestId('local-delivery-note').textContent())).toContain('dokładny koszt po podaniu adresu');
    expect(await page.getByTestId('free-shipping-missing').count()).toBe(0);

    await page.getByRole('link', { name: 'Przejdź do kasy' }).click();
    await page.waitForURL(/\/checkout$/, WAIT);
    // The URL changes before the checkout's code has arrived, and until then the cart page stays on screen, with
    // radios of the same names: everything below is asked of the checkout's own form.
    const checkoutForm = page.getByRole('form', { name: 'Dane zamówienia' });
    await checkoutForm.waitFor(WAIT);
    await checkoutReadFromDevice(page, 1);
    await openCheckoutCart(page);
    await page.getByTestId('cart-line').getByText(ROSES.name).first().waitFor(WAIT);
    // The checkout opens on the cart's choice and lists it at the same price.
    const checkoutHome = checkoutForm.getByRole('radio', { name: /Dostawa do domu/ });
    expect(await checkoutHome.isChecked()).toBe(true);
    expect(await radioLabel(checkoutForm, /Dostawa do domu/)).toMatch(new RegExp(`${fromPrice}$`));
    expect(await checkoutForm.getByRole('radio', { name: /GLS – odbiór w punkcie/ }).isDisabled()).toBe(true);

    // A choice made at the checkout shows on the cart page too.
    await checkoutForm.getByRole('radio', { name: /Dostawa na cmentarz/ }).check();
    await expect.poll(() => storedCartMethod(page), WAIT).toBe('cemetery');
    await page.goto(url('/cart'));
    await page.getByTestId('cart-line').getByText(ROSES.name).first().waitFor(WAIT);
    expect(
      await page
        .getByRole('group', { name: 'Dostawa' })
        .getByRole('radio', { name: /Dostawa na cmentarz/ })
        .isChecked(),
    ).toBe(true);
    expect(plain(await page.getByTestId('summary-shipping').textContent())).toBe(fromPrice);

    expect(errors).toEqual([]);
    await context.close();
  });
});
