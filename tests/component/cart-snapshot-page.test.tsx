import 'fake-indexeddb/auto';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sampleProducts } from '../../mocks/fixtures.ts';
import { server } from '../../mocks/node.ts';
import { resetFirstContentForTests } from '../../src/boot/triggers.ts';
import { cartSnapshot, forgetCartSnapshot, keepCartSnapshot } from '../../src/features/cart/cart-snapshot.ts';
import { db } from '../../src/lib/db.ts';
import { renderRoute, withBackendMetaAndConsent } from './render-route.tsx';

/**
 * One test per file: the database's code, once loaded in a file, stays loaded for its other tests.
 * The cart page shows the device's last read of its cart at once (a copy in localStorage), before the database's
 * code has loaded; the database stays the cart's truth and replaces the copy as soon as it answers.
 */

withBackendMetaAndConsent();

// The cart page also refreshes the delivery calendar when idle: not this test's subject.
vi.mock('../../src/features/delivery/availability.ts', () => ({ refreshAvailability: () => Promise.resolve() }));

const [ROSES, TULIPS] = sampleProducts;

/** When the browser says it is idle: the test decides. */
let idleWork: Array<() => void> = [];

beforeEach(async () => {
  await Promise.all([db.cartLines.clear(), db.products.clear(), db.meta.clear()]);
  forgetCartSnapshot();
  idleWork = [];
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => idleWork.push(callback));
  vi.stubGlobal('cancelIdleCallback', () => {});
  server.use(http.get('*/rest/v1/products', () => HttpResponse.json([])));
});

afterEach(() => {
  // Unmounted while the test's idle functions are still in place.
  cleanup();
  vi.unstubAllGlobals();
  resetFirstContentForTests();
});

describe('the cart page with a kept copy of the cart', () => {
  it('shows its lines before the database answers, and the database wins once it does', async () => {
    // The copy says roses; the database (changed behind the shop's back) holds tulips.
    keepCartSnapshot({
      records: [{ key: ROSES!.id, productId: ROSES!.id, quantity: 1, addedAt: '2026-11-28T10:00:00.000Z' }],
      products: [ROSES],
      method: 'store',
    });
    await db.products.put(TULIPS!);
    await db.cartLines.put({ key: TULIPS!.id, productId: TULIPS!.id, quantity: 3, addedAt: '2026-11-28T10:00:00.000Z' });

    await renderRoute('/cart');
    expect((await screen.findAllByTestId('cart-line')).map((line) => line.textContent)).toEqual([expect.stringContaining(ROSES!.name)]);
    expect(screen.queryByText(TULIPS!.name)).toBeNull();

    // The browser is idle: the database's code loads and its answer replaces the copy.
    await waitFor(() => expect(idleWork.length).toBeGreaterThan(0));
    idleWork.splice(0).forEach((work) => work());
    await waitFor(() =>
      expect(screen.getAllByTestId('cart-line').map((line) => line.textContent)).toEqual([expect.stringContaining(TULIPS!.name)]),
    );
    await waitFor(() => expect(cartSnapshot()?.records[0]).toMatchObject({ productId: TULIPS!.id, quantity: 3 }));
  });
});
