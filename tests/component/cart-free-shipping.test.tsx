import 'fake-indexeddb/auto';
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { sampleProducts } from '../../mocks/fixtures.ts';
import { server } from '../../mocks/node.ts';
import { resetProductChecksForTests } from '../../src/features/cart/cart-product-check.ts';
import { db } from '../../src/lib/db.ts';
import { resetPublicSettingsForTests } from '../../src/lib/public-settings.ts';
import { renderRoute, withBackendMetaAndConsent } from './render-route.tsx';

/** The cart page counts towards free shipping from the owner's threshold, as the checkout and place-order do. */

withBackendMetaAndConsent();

const ROSES = sampleProducts[0]!;
const text = (element: Element | null) => (element?.textContent ?? '').replace(/\s+/g, ' ').trim();

beforeEach(async () => {
  resetProductChecksForTests();
  resetPublicSettingsForTests();
  await Promise.all([db.cart.clear(), db.products.clear(), db.meta.clear()]);
  await db.products.put(ROSES);
  await db.cart.put({ productId: ROSES.id, quantity: 1, addedAt: '2026-11-21T10:00:00.000Z' });
});

describe('free shipping on the cart page', () => {
  it("says how much is missing to the owner's threshold, not the default 300 zł", async () => {
    server.use(http.get('*/rest/v1/public_settings', () => HttpResponse.json([{ key: 'free_shipping_threshold', value: '1 000' }])));
    await renderRoute('/cart');
    const note = await screen.findByText(/Do darmowej wysyłki brakuje Ci/, {}, { timeout: 5000 });
    // 1000 zł − 149,99 zł (the default 300 zł would say 150,01 zł).
    await screen.findByText((_, element) => element === note && text(note).endsWith('850,01 zł'), {}, { timeout: 5000 });
  });

  it('says nothing is missing once the cart reaches a lower threshold the owner set', async () => {
    server.use(http.get('*/rest/v1/public_settings', () => HttpResponse.json([{ key: 'free_shipping_threshold', value: '100' }])));
    await renderRoute('/cart');
    await screen.findByTestId('summary-subtotal', {}, { timeout: 5000 });
    await expect(screen.findByText(/Do darmowej wysyłki brakuje Ci/, {}, { timeout: 1500 })).rejects.toThrow();
  });
});
