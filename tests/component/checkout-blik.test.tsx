import 'fake-indexeddb/auto';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { Outlet, RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter, useSearch } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MOCK_ACCESS_KEY } from '../../mocks/handlers.ts';
import { samplePublicSettings } from '../../mocks/fixtures.ts';
import { server } from '../../mocks/node.ts';
import { EMPTY_CHECKOUT_FORM, type CheckoutFormValues } from '../../src/domain/checkout-schema.ts';
import { fromPln } from '../../src/domain/money.ts';
import { addToCart } from '../../src/features/cart/cart-store.ts';
import { BLIK_WAIT_LIMIT_MS } from '../../src/features/checkout/blik-status.ts';
import { CheckoutForm } from '../../src/features/checkout/checkout-form.tsx';
import type { CheckoutCart, CheckoutLine } from '../../src/features/checkout/checkout-model.ts';
import { resetAvailabilityForTests } from '../../src/features/delivery/availability.ts';
import { submitOrder } from '../../src/features/orders-sync/submit-order.ts';
import { db } from '../../src/lib/db.ts';
import { resetPublicSettingsForTests } from '../../src/lib/public-settings.ts';
import { resetBlikCodeSettingForTests } from '../../src/features/checkout/blik-code-setting.ts';
import { inDays, serveAvailability, standardAnswer } from './delivery-availability-fixture.ts';
import { renderRoute, withBackendMetaAndConsent } from './render-route.tsx';
import { CHECKOUT_DELIVERY } from '../../src/routes/-checkout-delivery.ts';

/**
 * BLIK with a code typed in the checkout (PayU REST with 'payu_blik_code'):
 * the field, the wait for the bank app's confirmation, the refusal that keeps
 * the order, and PayU's failed return to the success page.
 */

withBackendMetaAndConsent();

const CANDLES: CheckoutLine = {
  key: '1547809e-0305-46b3-a282-b3230c221da1',
  productId: '1547809e-0305-46b3-a282-b3230c221da1',
  sizeId: null,
  sizeLabel: null,
  name: 'Znicz szklany „Anioł”',
  quantity: 2,
  unitPrice: fromPln(24.9),
  lineTotal: fromPln(49.8),
  availability: 'available',
  available: true,
  category: 'candles',
};
const CART: CheckoutCart = { lines: [CANDLES], subtotal: fromPln(49.8) };

const BLIK_ORDER: CheckoutFormValues = {
  ...EMPTY_CHECKOUT_FORM,
  firstName: 'Anna',
  lastName: 'Nowak',
  email: 'anna@example.pl',
  phone: '+48 600 100 200',
  deliveryDate: inDays(1),
  pickupTime: '12:00',
  paymentMethod: 'blik',
};

/** The shop's public settings with these PayU facts; `served()` tells whether the page has asked for them. */
function serveSettings(payuApi: string, blikCode: string) {
  let served = false;
  server.use(
    http.get('*/rest/v1/public_settings', () => {
      served = true;
      return HttpResponse.json([...samplePublicSettings, { key: 'payu_api', value: payuApi }, { key: 'payu_blik_code', value: blikCode }]);
    }),
  );
  return { served: () => served };
}

/** What the mocked functions were sent, in order. */
function recordCalls() {
  const placed: Array<{ clientRequestId: string }> = [];
  const payments: Array<Record<string, unknown>> = [];
  server.use(
    http.post('*/functions/v1/place-order', async ({ request }) => {
      const body = (await request.json()) as { clientRequestId: string };
      placed.push(body);
      return HttpResponse.json({
        order: {
          id: '5e0c7a1d-2b3c-4d5e-8f90-a1b2c3d4e5f6',
          orderNumber: 'KT123456789',
          status: 'pending',
          subtotal: 49.8,
          shippingCost: 0,
          total: 49.8,
          createdAt: '2026-11-21T10:00:00.000Z',
          clientRequestId: body.clientRequestId,
          accessKey: MOCK_ACCESS_KEY,
        },
        replayed: placed.length > 1,
      });
    }),
    http.post('*/functions/v1/create-payment', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      payments.push(body);
      return HttpResponse.json(body.blikCode ? { blik: 'pending' } : { url: 'http://gateway.test/checkout' });
    }),
  );
  return { placed, payments };
}

/** order-page answers, one per poll (the last one repeats); 'offline' is a failed request. */
function serveOrderStates(states: Array<{ paid: boolean; paymentState: string | null } | 'offline'>) {
  const bodies: unknown[] = [];
  server.use(
    http.post('*/functions/v1/order-page', async ({ request }) => {
      bodies.push(await request.json());
      const state = states[Math.min(bodies.length - 1, states.length - 1)]!;
      return state === 'offline' ? HttpResponse.error() : HttpResponse.json({ number: 'KT123456789', ...state });
    }),
  );
  return bodies;
}

/** The checkout form in a router that also knows the success page (where a paid BLIK leads). */
async function renderCheckout(initial: CheckoutFormValues = BLIK_ORDER) {
  const root = createRootRoute({ component: Outlet });
  const checkout = createRoute({
    getParentRoute: () => root,
    path: '/',
    component: () => (
      <CheckoutForm
        delivery={CHECKOUT_DELIVERY}
        cart={CART}
        cartEditor={() => <p>tabela koszyka</p>}
        initialValues={initial}
        getAccessToken={async () => null}
        onTransferPlaced={() => {}}
        submitOrder={submitOrder}
        onQueued={() => {}}
      />
    ),
  });
  const success = createRoute({
    getParentRoute: () => root,
    path: '/checkout/success',
    validateSearch: (search: Record<string, unknown>) => search,
    component: function Success() {
      const search = useSearch({ strict: false });
      return <h1>{`Strona sukcesu ${JSON.stringify(search)}`}</h1>;
    },
  });
  const router = createRouter({
    routeTree: root.addChildren([checkout, success]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  await router.load();
  render(<RouterProvider router={router} />);
  await screen.findByRole('button', { name: 'Zamawiam i płacę' });
}

const codeField = () => screen.getByRole('textbox', { name: 'Kod BLIK' });

beforeEach(async () => {
  resetPublicSettingsForTests();
  resetBlikCodeSettingForTests();
  resetAvailabilityForTests();
  serveAvailability(standardAnswer());
  await db.meta.clear();
  await db.outbox.clear();
  await db.cartLines.clear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('checkout: BLIK code', () => {
  it('shows the code field only for BLIK where PayU REST takes codes', async () => {
    serveSettings('rest', 'true');
    const user = userEvent.setup();
    await renderCheckout();
    const field = await screen.findByRole('textbox', { name: 'Kod BLIK' });
    expect(field.getAttribute('inputmode')).toBe('numeric');
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(field.getAttribute('name')).toBeNull();
    const hint = document.getElementById(field.getAttribute('aria-describedby')!);
    expect(hint?.textContent).toBe('Wygeneruj kod w aplikacji banku');

    await user.click(screen.getByRole('radio', { name: 'PayU – szybkie płatności' }));
    expect(screen.queryByRole('textbox', { name: 'Kod BLIK' })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'BLIK' }));
    expect(codeField()).toBeTruthy();
  });

  it.each([
    ['classic', 'true'],
    ['rest', 'false'],
  ])('has no code field with payu_api=%s and payu_blik_code=%s: BLIK is PayU’s page', async (api, code) => {
    const settings = serveSettings(api, code);
    const calls = recordCalls();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    try {
      const user = userEvent.setup();
      await renderCheckout();
      await waitFor(() => expect(settings.served()).toBe(true));
      // One more turn for the answer to reach the page.
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(screen.queryByRole('textbox', { name: 'Kod BLIK' })).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Zamawiam i płacę' }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith('http://gateway.test/checkout'), { timeout: 2000 });
      expect(calls.payments[0]).not.toHaveProperty('blikCode');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('wants six digits before placing anything, and marks the field', async () => {
    serveSettings('rest', 'true');
    const calls = recordCalls();
    const user = userEvent.setup();
    await renderCheckout();
    await screen.findByRole('textbox', { name: 'Kod BLIK' });

    await user.click(screen.getByRole('button', { name: 'Zamawiam i płacę' }));
    await waitFor(() => expect(codeField().getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(codeField());
    expect(screen.getByText('Wpisz kod BLIK z aplikacji banku.')).toBeTruthy();

    await user.type(codeField(), '12a345');
    expect((codeField() as HTMLInputElement).value).toBe('12345');
    await user.click(screen.getByRole('button', { name: 'Zamawiam i płacę' }));
    await waitFor(() => expect(screen.getByText('Kod BLIK składa się z 6 cyfr.')).toBeTruthy());
    expect(codeField().getAttribute('aria-describedby')).toContain('checkout-blikCode-error');
    expect(calls.placed).toHaveLength(0);
  });

  it('sends the code with the payment, never keeps it, waits for the bank app and goes to the success page once paid', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serveSettings('rest', 'true');
    const calls = recordCalls();
    const polls = serveOrderStates(['offline', { paid: false, paymentState: 'pending' }, { paid: true, paymentState: 'completed' }]);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await renderCheckout();
    await user.type(await screen.findByRole('textbox', { name: 'Kod BLIK' }), '777 123');
    await user.click(screen.getByRole('button', { name: 'Zamawiam i płacę' }));

    const heading = await screen.findByRole('heading', { name: 'Potwierdź płatność w aplikacji banku' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.closest('[role="status"]')).not.toBeNull();
    expect(calls.payments).toEqual([{ orderId: '5e0c7a1d-2b3c-4d5e-8f90-a1b2c3d4e5f6', accessKey: MOCK_ACCESS_KEY, blikCode: '777123' }]);

    // The code is a one-time secret: nothing on the device holds it.
    const stored = JSON.stringify(await db.meta.toArray()) + JSON.stringify({ ...window.localStorage });
    expect(stored).not.toContain('777123');
    expect(stored).not.toContain('777 123');

    // A failed look on a weak connection is retried, not shown as an error.
    await act(() => vi.advanceTimersByTimeAsync(2_100));
    await act(() => vi.advanceTimersByTimeAsync(2_100));
    expect(screen.getByRole('heading', { name: 'Potwierdź płatność w aplikacji banku' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(2_100));
    const success = await screen.findByRole('heading', { name: /^Strona sukcesu/ });
    expect(success.textContent).toContain('"payment":"blik"');
    expect(success.textContent).toContain('"orderId":"KT123456789"');
    expect(polls[0]).toEqual({ number: 'KT123456789', accessKey: MOCK_ACCESS_KEY });
    expect(polls.length).toBe(3);
  });

  it('says plainly that BLIK was refused, keeps the order and pays it again with a new code', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serveSettings('rest', 'true');
    const calls = recordCalls();
    serveOrderStates([{ paid: false, paymentState: 'canceled' }]);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await renderCheckout();
    await user.type(await screen.findByRole('textbox', { name: 'Kod BLIK' }), '500500');
    await user.click(screen.getByRole('button', { name: 'Zamawiam i płacę' }));
    await screen.findByRole('heading', { name: 'Potwierdź płatność w aplikacji banku' });
    await act(() => vi.advanceTimersByTimeAsync(2_100));

    const notice = await screen.findByTestId('payment-notice');
    expect(notice.textContent).toBe('Płatność BLIK została odrzucona. Wpisz nowy kod albo wybierz inną metodę płatności.');
    expect(notice.getAttribute('role')).toBe('alert');
    await waitFor(() => expect(document.activeElement).toBe(notice));
    expect((codeField() as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('radio', { name: 'PayU – szybkie płatności' })).toBeTruthy();

    serveOrderStates([{ paid: true, paymentState: 'completed' }]);
    await user.type(codeField(), '777123');
    await user.click(screen.getByRole('button', { name: 'Zamawiam i płacę' }));
    await screen.findByRole('heading', { name: 'Potwierdź płatność w aplikacji banku' });
    // The same content goes out under the same key: place-order answers the same order.
    expect(calls.placed).toHaveLength(2);
    expect(calls.placed[1]!.clientRequestId).toBe(calls.placed[0]!.clientRequestId);
    expect(calls.payments.map((body) => body.blikCode)).toEqual(['500500', '777123']);
    await act(() => vi.advanceTimersByTimeAsync(2_100));
    await screen.findByRole('heading', { name: /^Strona sukcesu/ });
  });

  it('shows what PayU said of a refused code beside the field', async () => {
    serveSettings('rest', 'true');
    recordCalls();
    const message = 'Kod BLIK jest nieprawidłowy lub wygasł. Wygeneruj nowy kod w aplikacji banku i spróbuj ponownie.';
    server.use(
      http.post('*/functions/v1/create-payment', () =>
        HttpResponse.json({ error: 'BLIK code rejected', details: message }, { status: 422 }),
      ),
    );
    const user = userEvent.setup();
    await renderCheckout();
    await user.type(await screen.findByRole('textbox', { name: 'Kod BLIK' }), '700701');
    await user.click(screen.getByRole('button', { name: 'Zamawiam i płacę' }));
    expect((await screen.findByTestId('checkout-error')).textContent).toBe(message);
    expect(codeField().getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('checkout-blikCode-error')?.textContent).toBe(message);
    expect((codeField() as HTMLInputElement).value).toBe('');
  });

  it('after the code’s lifetime without an answer: a calm word and the order’s page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serveSettings('rest', 'true');
    recordCalls();
    serveOrderStates([{ paid: false, paymentState: 'pending' }]);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await renderCheckout();
    await user.type(await screen.findByRole('textbox', { name: 'Kod BLIK' }), '777123');
    await user.click(screen.getByRole('button', { name: 'Zamawiam i płacę' }));
    await screen.findByRole('heading', { name: 'Potwierdź płatność w aplikacji banku' });
    await act(() => vi.advanceTimersByTimeAsync(BLIK_WAIT_LIMIT_MS + 4_000));

    const heading = await screen.findByRole('heading', { name: 'Nie mamy jeszcze potwierdzenia płatności' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByRole('link', { name: 'Przejdź do zamówienia' }).getAttribute('href')).toBe('/zamowienie/KT123456789');
    expect(screen.getByRole('button', { name: 'Sprawdź ponownie' })).toBeTruthy();
  });
});

describe('the success page after a failed PayU payment', () => {
  it('with error=501 shows the cancel page, keeps the cart and never thanks', async () => {
    await addToCart(CANDLES.productId, 2);
    await renderRoute('/checkout/success?payment=blik&orderId=KT123456789&error=501');
    await screen.findByRole('heading', { level: 1, name: 'Płatność anulowana' });
    expect(screen.queryByText(/Dziękujemy/)).toBeNull();
    expect(screen.getByText('KT123456789')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Wróć do koszyka' }).getAttribute('href')).toBe('/cart');
    expect(await db.cartLines.count()).toBe(1);
  });
});
