import 'fake-indexeddb/auto';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../mocks/node.ts';
import { EMPTY_CHECKOUT_FORM } from '../../src/domain/checkout-schema.ts';
import { formatPln, grosz } from '../../src/domain/money.ts';
import { ANONYMOUS_ORDER_TEXT } from '../../src/domain/order-choices.ts';
import type { PlacedOrderSummary } from '../../src/domain/place-order-contract.ts';
import { SuccessPage, type PlacedOrderFacts } from '../../src/features/checkout/success-page.tsx';
import { putOutboxEntry } from '../../src/features/orders-sync/outbox.ts';
import { db } from '../../src/lib/db.ts';
import { renderInRouter, renderRoute, withBackendMetaAndConsent } from './render-route.tsx';

withBackendMetaAndConsent();

const CARD = 'Pamiętamy.\n<b>Zawsze</b> & blisko';

const SUMMARY: PlacedOrderSummary = {
  items: [{ name: 'Wieniec z chryzantem', quantity: 2, lineTotal: grosz(30_000) }],
  services: [{ label: 'Zapalenie znicza', price: grosz(0) }],
  shipping: grosz(2_500),
  deliveryMethod: 'cemetery',
  deliveryAddress: 'Zamkowa 5, 37-741 Krasiczyn',
  deliveryDate: '2026-11-30',
  deliveryWindowLabel: '9:00–12:00',
  pickupTime: null,
  choices: [
    { label: 'Cmentarz', value: 'Cmentarz parafialny, Krasiczyn' },
    { label: 'Grób', value: 'kwatera B, rząd 4, nr 12' },
    { label: 'Usługi przy grobie', value: 'Zapalenie znicza (bezpłatnie)' },
    { label: 'Treść bileciku', value: CARD },
    { label: 'Zamówienie anonimowe', value: ANONYMOUS_ORDER_TEXT },
  ],
};
const FACTS: PlacedOrderFacts = { total: grosz(32_500), invoice: null, summary: SUMMARY };

/** The success page at /checkout/success beside a home page, so a redirect can be seen. */
async function renderSuccess(payment: 'payu' | 'blik' | 'transfer', findOrder = async (): Promise<PlacedOrderFacts | null> => FACTS) {
  const root = createRootRoute({ component: () => <Outlet /> });
  const home = createRoute({ getParentRoute: () => root, path: '/', component: () => <h1>Strona główna</h1> });
  const success = createRoute({
    getParentRoute: () => root,
    path: '/checkout/success',
    component: () => <SuccessPage search={{ payment, orderId: 'KT000000077' }} onEnter={async () => {}} findOrder={findOrder} />,
  });
  const router = createRouter({
    routeTree: root.addChildren([home, success]),
    history: createMemoryHistory({ initialEntries: ['/checkout/success'] }),
  });
  await router.load();
  render(<RouterProvider router={router} />);
  return router;
}

describe('the checkout’s confirmation page lists the order', () => {
  it('with its lines, total, delivery term and address, the choices (the card verbatim) and a link to the order page', async () => {
    await renderInRouter(
      <SuccessPage search={{ payment: 'transfer', orderId: 'KT000000077' }} onEnter={async () => {}} findOrder={async () => FACTS} />,
    );
    const summary = await screen.findByRole('region', { name: 'Twoje zamówienie' });
    const box = within(summary);
    expect(box.getByText('Wieniec z chryzantem')).toBeTruthy();
    expect(box.getByText('× 2')).toBeTruthy();
    expect(box.getByText(/^300,00\szł$/)).toBeTruthy();
    // What makes up the total between the lines and it: the services and the delivery, as the server priced it.
    expect(box.getByText('Zapalenie znicza', { selector: 'li > span' }).nextElementSibling?.textContent).toBe('bezpłatnie');
    expect(box.getByTestId('success-shipping').textContent).toBe(formatPln(grosz(2_500)));
    expect(box.getByTestId('success-total').textContent).toBe(formatPln(grosz(32_500)));
    expect(box.getByText('Dostawa na cmentarz')).toBeTruthy();
    expect(box.getByText('30.11.2026 (poniedziałek), 9:00–12:00')).toBeTruthy();
    expect(box.getByText('Zamkowa 5, 37-741 Krasiczyn')).toBeTruthy();
    expect(box.getByRole('heading', { name: 'Szczegóły zamówienia' })).toBeTruthy();
    expect(box.getByText('kwatera B, rząd 4, nr 12')).toBeTruthy();
    expect(box.getByText('Zapalenie znicza (bezpłatnie)')).toBeTruthy();
    // Verbatim, as text: the markup characters stay characters.
    const card = box.getByText((_, element) => element?.tagName === 'DD' && element.textContent === CARD);
    expect(card.querySelector('b')).toBeNull();
    expect(box.getByText(ANONYMOUS_ORDER_TEXT)).toBeTruthy();
    expect(box.getByRole('link', { name: 'Zobacz stronę zamówienia' }).getAttribute('href')).toBe('/zamowienie/KT000000077');
  });

  it('shows no summary for an order this device does not know', async () => {
    await renderInRouter(
      <SuccessPage search={{ payment: 'transfer', orderId: 'KT000000078' }} onEnter={async () => {}} findOrder={async () => null} />,
    );
    await screen.findByRole('heading', { level: 1, name: 'Dziękujemy za zamówienie!' });
    expect(screen.queryByRole('region', { name: 'Twoje zamówienie' })).toBeNull();
  });
});

describe('the countdown to the home page after a payment', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const countdown = () => screen.getByTestId('success-countdown');
  /** Second by second: each second's timer is set once React has rendered the previous one. */
  async function tick(ms: number) {
    await act(() => vi.advanceTimersByTimeAsync(ms % 1000));
    for (let second = 0; second < Math.floor(ms / 1000); second += 1) await act(() => vi.advanceTimersByTimeAsync(1000));
  }

  it('goes home after 5 seconds when the customer does nothing, announcing it once rather than every second', async () => {
    const router = await renderSuccess('payu');
    await tick(0);
    expect(countdown().getAttribute('aria-live')).toBe('polite');
    expect(within(countdown()).getByText('Za 5 sekund przeniesiemy Cię na stronę główną.').className).toContain('sr-only');
    await tick(2000);
    const visible = within(countdown()).getByText('Za 3 s przeniesiemy Cię na stronę główną.');
    expect(visible.getAttribute('aria-hidden')).toBe('true');
    await tick(3000);
    expect(router.state.location.pathname).toBe('/');
  });

  it.each([
    ['a tap anywhere on the page', () => fireEvent.pointerDown(screen.getByRole('region', { name: 'Twoje zamówienie' }))],
    ['a key press', () => fireEvent.keyDown(document.body, { key: 'Tab' })],
    ['“Zostań na tej stronie”', () => fireEvent.click(screen.getByRole('button', { name: 'Zostań na tej stronie' }))],
  ])('stops for %s and says so', async (_, interact) => {
    const router = await renderSuccess('blik');
    await tick(1000);
    expect(countdown().textContent).toContain('Za 4 s');
    interact();
    await tick(0);
    expect(countdown().textContent).toBe('Zostajesz na tej stronie.');
    expect(screen.queryByRole('button', { name: 'Zostań na tej stronie' })).toBeNull();
    await tick(10_000);
    expect(router.state.location.pathname).toBe('/checkout/success');
    expect(screen.getByRole('button', { name: 'Przejdź teraz' })).toBeTruthy();
  });
});

describe('/zamowienie/<number> lists the choices', () => {
  beforeEach(() => db.outbox.clear());

  const ANSWER = {
    number: 'KT000000077',
    createdAt: '2026-11-28T10:00:00Z',
    status: 'pending',
    fulfilmentState: 'to-do',
    paid: false,
    items: [{ name: 'Wieniec z chryzantem', quantity: 2, price: 15_000 }],
    services: [{ label: 'Zapalenie znicza', price: 0 }],
    subtotal: 30_000,
    shipping: 2_500,
    total: 32_500,
    deliveryMethod: 'cemetery',
    deliveryAddress: 'Zamkowa 5, 37-741 Krasiczyn',
    deliveryDate: '2026-11-30',
    deliveryWindowLabel: '9:00–12:00',
    pickupTime: null,
    recipient: null,
    paymentMethod: 'transfer',
    payment: null,
    choices: SUMMARY.choices,
  };

  it('opened by the device that placed it (its key, no mail link): the card verbatim, the grave, the services and the anonymity', async () => {
    const seen: unknown[] = [];
    server.use(
      http.post('*/functions/v1/order-page', async ({ request }) => {
        seen.push(await request.json());
        return HttpResponse.json(ANSWER);
      }),
    );
    await putOutboxEntry({
      clientRequestId: 'k-77',
      status: 'sent',
      createdAt: '2026-11-28T10:00:00.000Z',
      attempts: 1,
      request: { clientRequestId: 'k-77', checkout: EMPTY_CHECKOUT_FORM, items: [{ productId: 'p', quantity: 2 }] },
      localNumber: 'L-K77',
      paymentMethod: 'transfer',
      deliveryMethod: 'cemetery',
      customerEmail: 'anna@example.pl',
      userPlaced: false,
      estimatedTotal: 325,
      queuedOffline: false,
      order: {
        id: 'o-77',
        orderNumber: 'KT000000077',
        status: 'pending',
        subtotal: 300,
        shippingCost: 25,
        total: 325,
        createdAt: '',
        clientRequestId: 'k-77',
        accessKey: 'a'.repeat(43),
      },
    });
    await renderRoute('/zamowienie/KT000000077');
    await screen.findByRole('heading', { level: 1, name: 'Zamówienie KT000000077' });
    expect(seen).toEqual([{ number: 'KT000000077', accessKey: 'a'.repeat(43) }]);
    const list = screen.getByTestId('order-choices');
    expect(screen.getByRole('heading', { level: 2, name: 'Szczegóły zamówienia' })).toBeTruthy();
    expect(within(list).getByText('kwatera B, rząd 4, nr 12')).toBeTruthy();
    expect(within(list).getByText('Zapalenie znicza (bezpłatnie)')).toBeTruthy();
    expect(within(list).getByText(ANONYMOUS_ORDER_TEXT)).toBeTruthy();
    const card = within(list).getByText((_, element) => element?.tagName === 'DD' && element.textContent === CARD);
    expect(card.querySelector('b')).toBeNull();
    // The free service in the product table says so rather than '0,00 zł'.
    expect(screen.getByRole('cell', { name: 'bezpłatnie' })).toBeTruthy();
  });

  it('has no such section for an order without choices, and sends no key the device does not have', async () => {
    const seen: unknown[] = [];
    server.use(
      http.post('*/functions/v1/order-page', async ({ request }) => {
        seen.push(await request.json());
        return HttpResponse.json({ ...ANSWER, services: [], choices: [] });
      }),
    );
    await renderRoute('/zamowienie/KT000000077?t=abc_token');
    await screen.findByRole('heading', { level: 1, name: 'Zamówienie KT000000077' });
    expect(seen).toEqual([{ number: 'KT000000077', token: 'abc_token' }]);
    expect(screen.queryByRole('heading', { name: 'Szczegóły zamówienia' })).toBeNull();
  });
});
