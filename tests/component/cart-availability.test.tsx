import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sampleProducts } from '../../mocks/fixtures.ts';
import { server } from '../../mocks/node.ts';
import { checkMissingProducts, productChecks, resetProductChecksForTests } from '../../src/features/cart/cart-product-check.ts';
import { db } from '../../src/lib/db.ts';
import { resetPublicSettingsForTests } from '../../src/lib/public-settings.ts';
import { renderRoute, withBackendMetaAndConsent } from './render-route.tsx';

/**
 * A cart line whose product the device's catalog lacks (a shared link's
 * product page stores the catalog only when idle) is checked with the
 * server before anything calls it unavailable; the checkout waits meanwhile.
 */

withBackendMetaAndConsent();

const ROSES = sampleProducts[0]!;
const GONE_ID = '7c0ffee0-0000-4000-8000-00000000dead';

/** Collapses the non-breaking spaces Intl puts into amounts. */
const text = (element: Element | null) => (element?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** Answers the lookup by id only when the test says so, to see the state in between ('Może jeszcze…' asks without ids). */
function heldProductLookup(answer: () => Response) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const askedFor: string[] = [];
  server.use(
    http.get('*/rest/v1/products', async ({ request }) => {
      const ids = new URL(request.url).searchParams.get('id');
      if (ids !== null) askedFor.push(ids);
      await released;
      return answer();
    }),
  );
  return { release, askedFor };
}

function submitButton(): HTMLButtonElement {
  return screen.getByRole('button', { name: /^Zamawiam/ });
}

/** The checkout's first cart line: its cart is one line of words until opened, and renders its lines only then. */
async function cartLine(): Promise<HTMLElement> {
  const checkoutCart = screen.queryByTestId('checkout-cart');
  if (checkoutCart && !(checkoutCart as HTMLDetailsElement).open) fireEvent.click(within(checkoutCart).getByText('Pokaż i zmień'));
  const [line] = await screen.findAllByTestId('cart-line');
  return line!;
}

beforeEach(async () => {
  resetProductChecksForTests();
  resetPublicSettingsForTests();
  await Promise.all([db.cartLines.clear(), db.products.clear(), db.meta.clear(), db.outbox.clear()]);
});

afterEach(() => resetProductChecksForTests());

describe('a cart line missing from the device catalog', () => {
  it('shows the check in progress, holds the order, then shows the product the server has', async () => {
    const lookup = heldProductLookup(() => HttpResponse.json([ROSES]));
    await db.cartLines.put({ key: ROSES.id, productId: ROSES.id, quantity: 2, addedAt: '2026-11-21T10:00:00.000Z' });

    await renderRoute('/checkout');
    const line = await cartLine();
    await within(line).findByText('Sprawdzanie dostępności…');
    expect(text(line)).not.toContain('niedostępny');
    expect(text(within(line).getByTestId('line-total'))).toBe('…');
    expect(text(screen.getByTestId('checkout-subtotal'))).toBe('Obliczanie...');
    expect(submitButton().getAttribute('aria-disabled')).toBe('true');
    expect(screen.getAllByText('Sprawdzamy dostępność produktów w koszyku…').length).toBeGreaterThan(0);
    expect(lookup.askedFor).toEqual([`in.(${ROSES.id})`]);

    lookup.release();
    await within(line).findByRole('link', { name: ROSES.name });
    expect(text(within(line).getByTestId('line-total'))).toBe('299,98 zł');
    expect(text(screen.getByTestId('checkout-subtotal'))).toBe('299,98 zł');
    expect(submitButton().getAttribute('aria-disabled')).toBeNull();
    expect(within(line).queryByText('Sprawdzanie dostępności…')).toBeNull();
    // Kept on the device for the next visit, asked about once.
    expect((await db.products.get(ROSES.id))?.name).toBe(ROSES.name);
    expect(lookup.askedFor).toHaveLength(1);
  });

  it('is unavailable only when the server has no such product on sale', async () => {
    const lookup = heldProductLookup(() => HttpResponse.json([]));
    await db.cartLines.put({ key: GONE_ID, productId: GONE_ID, quantity: 1, addedAt: '2026-11-21T10:00:00.000Z' });

    await renderRoute('/checkout');
    const line = await cartLine();
    await within(line).findByText('Sprawdzanie dostępności…');
    expect(text(line)).not.toContain('Produkt niedostępny');

    lookup.release();
    await within(line).findByText('Produkt niedostępny');
    expect(text(line)).toContain('Ten produkt nie jest już dostępny. Usuń go z koszyka.');
    expect(text(within(line).getByTestId('line-total'))).toBe('—');
  });

  it('says availability cannot be checked when the server cannot be reached, and still lets the order go', async () => {
    server.use(http.get('*/rest/v1/products', () => HttpResponse.error()));
    await db.cartLines.put({ key: ROSES.id, productId: ROSES.id, quantity: 1, addedAt: '2026-11-21T10:00:00.000Z' });

    await renderRoute('/checkout');
    const line = await cartLine();
    await within(line).findByText(/Nie można teraz sprawdzić dostępności/);
    expect(text(line)).not.toContain('niedostępny');
    expect(screen.getByTestId('checkout-unverified-note')).toBeTruthy();
    await waitFor(() => expect(submitButton().getAttribute('aria-disabled')).toBeNull());
    expect(submitButton().disabled).toBe(false);
  });

  it('asks again about an unreachable product when the device comes online, keeping the line orderable meanwhile', async () => {
    let answer: 'error' | 'rows' = 'error';
    const askedFor: string[] = [];
    server.use(
      http.get('*/rest/v1/products', ({ request }) => {
        const ids = new URL(request.url).searchParams.get('id');
        if (ids !== null) askedFor.push(ids);
        return answer === 'error' ? HttpResponse.error() : HttpResponse.json([ROSES]);
      }),
    );
    checkMissingProducts([ROSES.id]);
    await waitFor(() => expect(productChecks().get(ROSES.id)?.status).toBe('unreachable'));
    // Another view of the cart mounting right after does not ask again (nor turn the line back to 'checking').
    checkMissingProducts([ROSES.id]);
    expect(productChecks().get(ROSES.id)?.status).toBe('unreachable');
    expect(askedFor).toHaveLength(1);

    answer = 'rows';
    window.dispatchEvent(new Event('online'));
    expect(productChecks().get(ROSES.id)).toMatchObject({ status: 'unreachable', retrying: true });
    await waitFor(() => expect(productChecks().get(ROSES.id)?.status).toBe('found'));
    expect(askedFor).toHaveLength(2);
  });

  it('keeps the drawer and the cart page on the same rule', async () => {
    const lookup = heldProductLookup(() => HttpResponse.json([ROSES]));
    await db.cartLines.put({ key: ROSES.id, productId: ROSES.id, quantity: 1, addedAt: '2026-11-21T10:00:00.000Z' });

    await renderRoute('/cart');
    const line = await cartLine();
    await within(line).findByText('Sprawdzanie dostępności…');
    // Pointing at the header's placeholder loads the cart button; it counts the line even while it is checked.
    const user = userEvent.setup();
    await user.hover(screen.getByRole('button', { name: 'Koszyk' }));
    const cartButton = await screen.findByRole('button', { name: 'Koszyk, produktów: 1' }, { timeout: 5000 });
    await user.click(cartButton);
    const drawer = await screen.findByRole('dialog', { name: 'Twój koszyk' });
    await within(drawer).findByText('Sprawdzanie dostępności…');
    expect(text(within(drawer).getByTestId('drawer-line-total'))).toBe('…');

    lookup.release();
    await within(drawer).findByRole('link', { name: ROSES.name });
    expect(text(within(drawer).getByTestId('drawer-total'))).toBe('149,99 zł');
    await user.keyboard('{Escape}');
    await within(line).findByRole('link', { name: ROSES.name });
    expect(text(screen.getByTestId('summary-subtotal'))).toBe('149,99 zł');
    // Two views, one question to the server.
    expect(lookup.askedFor).toHaveLength(1);
  });
});
