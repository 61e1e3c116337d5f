import 'fake-indexeddb/auto';
import { render, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sampleProducts } from '../../mocks/fixtures.ts';
import { server } from '../../mocks/node.ts';
import { resetProductChecksForTests } from '../../src/features/cart/cart-product-check.ts';
import { CART_SHIPPING_META_KEY } from '../../src/features/cart/cart-store.ts';
import { PUBLIC_SETTINGS_STORAGE_KEY, useShopName } from '../../src/lib/shop-name.ts';
import { db } from '../../src/lib/db.ts';
import { markFirstContent } from '../../src/boot/triggers.ts';
import { resetPublicSettingsForTests } from '../../src/lib/public-settings.ts';
import { renderRoute, withBackendMetaAndConsent } from './render-route.tsx';

/**
 * The cart page counts towards free shipping from the owner's threshold, as
 * the checkout and place-order do, and only once that threshold is known:
 * the server's answer, the page's server data or the device's last copy,
 * never the built-in 300 zł.
 */

withBackendMetaAndConsent();

/** 'Kosz upominkowy', 199 zł: no live flowers, so a courier may carry it. */
const BASKET = sampleProducts.find((product) => product.category === 'seasonal-gifts')!;
const text = (element: Element | null) => (element?.textContent ?? '').replace(/\s+/g, ' ').trim();
const missingNote = () => screen.queryByTestId('free-shipping-missing');

let releaseLeft = () => {};
/** A request left waiting by a finished test answers nothing, so it cannot change the next test's settings. */
let testEnded = false;

/** Answers public_settings only when released, as a slow link would. */
function slowSettings(rows: Array<{ key: string; value: string }>): { release: () => void; answered: Promise<void> } {
  let release = () => {};
  let answered = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  releaseLeft = release;
  const done = new Promise<void>((resolve) => (answered = resolve));
  server.use(
    http.get('*/rest/v1/public_settings', async () => {
      await gate;
      answered();
      return HttpResponse.json(testEnded ? [] : rows);
    }),
  );
  return { release, answered: done };
}

function ShopName() {
  return <>{useShopName()}</>;
}

beforeAll(async () => {
  // The header's shop name subscribes to the settings once per page life, after the first content, and that may
  // start a refresh: done here, so it cannot happen in the middle of a later test with another test's answer.
  let asked = false;
  server.use(
    http.get('*/rest/v1/public_settings', () => {
      asked = true;
      return HttpResponse.json([]);
    }),
  );
  resetPublicSettingsForTests();
  markFirstContent();
  const { unmount } = render(<ShopName />);
  await vi.waitFor(() => expect(asked).toBe(true), { timeout: 10_000 });
  unmount();
  server.resetHandlers();
});

beforeEach(async () => {
  testEnded = false;
  resetProductChecksForTests();
  resetPublicSettingsForTests();
  await Promise.all([db.cartLines.clear(), db.products.clear(), db.meta.clear()]);
  await db.products.put(BASKET);
  await db.cartLines.put({ key: BASKET.id, productId: BASKET.id, quantity: 1, addedAt: '2026-11-21T10:00:00.000Z' });
  await db.meta.put({ key: CART_SHIPPING_META_KEY, value: 'gls-pickup' });
});

afterEach(() => {
  // A request a test left waiting ends with it, empty.
  testEnded = true;
  releaseLeft();
  document.getElementById('public-settings')?.remove();
});

describe('free shipping on the cart page', () => {
  it("says how much is missing to the owner's threshold, not the default 300 zł", async () => {
    server.use(http.get('*/rest/v1/public_settings', () => HttpResponse.json([{ key: 'free_shipping_threshold', value: '1 000' }])));
    await renderRoute('/cart');
    const note = await screen.findByTestId('free-shipping-missing', {}, { timeout: 5000 });
    // 1000 zł − 199 zł (the default 300 zł would say 101,00 zł).
    expect(text(note)).toBe('Do darmowej wysyłki brakuje Ci: 801,00 zł');
  });

  it('says nothing is missing once the cart reaches a lower threshold the owner set', async () => {
    const settings = slowSettings([{ key: 'free_shipping_threshold', value: '100' }]);
    await renderRoute('/cart');
    await screen.findByTestId('summary-subtotal', {}, { timeout: 5000 });
    // Before the owner's threshold arrives nothing is said (the default 300 zł would say 101,00 zł).
    expect(missingNote()).toBeNull();
    settings.release();
    await settings.answered;
    await screen.findByText('Gratis', { selector: '[data-testid="summary-shipping"]' }, { timeout: 5000 });
    expect(missingNote()).toBeNull();
  });

  it("uses the device's last copy of the settings at once, before the server answers", async () => {
    window.localStorage.setItem(PUBLIC_SETTINGS_STORAGE_KEY, JSON.stringify({ free_shipping_threshold: '500' }));
    slowSettings([{ key: 'free_shipping_threshold', value: '500' }]);
    await renderRoute('/cart');
    const note = await screen.findByTestId('free-shipping-missing', {}, { timeout: 5000 });
    expect(text(note)).toBe('Do darmowej wysyłki brakuje Ci: 301,00 zł');
  });

  it('uses the threshold the server rendered into the page', async () => {
    const data = document.createElement('script');
    data.type = 'application/json';
    data.id = 'public-settings';
    data.textContent = JSON.stringify([{ key: 'free_shipping_threshold', value: '250' }]);
    document.body.append(data);
    slowSettings([{ key: 'free_shipping_threshold', value: '250' }]);
    await renderRoute('/cart');
    const note = await screen.findByTestId('free-shipping-missing', {}, { timeout: 5000 });
    expect(text(note)).toBe('Do darmowej wysyłki brakuje Ci: 51,00 zł');
  });
});
