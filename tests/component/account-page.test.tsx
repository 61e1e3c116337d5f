import 'fake-indexeddb/auto';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockCustomer } from '../../mocks/fixtures.ts';
import { server } from '../../mocks/node.ts';
import { db } from '../../src/lib/db.ts';
import { renderRoute, withBackendMetaAndConsent } from './render-route.tsx';

withBackendMetaAndConsent();

const orders = [
  {
    id: 'o2',
    payu_order_id: 'KT20261120B',
    created_at: '2026-11-20T10:30:00.000Z',
    status: 'processing',
    delivery_method: 'inpost',
    payment_method: 'blik',
    subtotal: 100,
    shipping_cost: 12.99,
    total: 112.99,
    order_items: [{ id: 'i2', quantity: 2, price: 50, product_name: 'Róże', products: { name: 'Bukiet róż', image_url: null } }],
  },
  {
    id: 'o1',
    payu_order_id: 'KT20261101A',
    created_at: '2026-11-01T08:00:00.000Z',
    status: 'completed',
    delivery_method: 'store',
    payment_method: 'transfer',
    subtotal: 30,
    shipping_cost: 0,
    total: 30,
    order_items: [{ id: 'i1', quantity: 1, price: 30, product_name: 'Świeca', products: { name: 'Świeca sojowa', image_url: null } }],
  },
];

/** Visits /account as a visitor, is sent to log in, logs in and comes back. */
async function openAccountLoggedIn() {
  const view = await renderRoute('/account');
  await waitFor(() => expect(view.router.state.location.pathname).toBe('/login'));
  expect(view.router.state.location.search).toMatchObject({ redirect: '/account' });
  const form = await screen.findByRole('form', { name: 'Logowanie' });
  const user = userEvent.setup();
  await user.type(within(form).getByLabelText('E-mail'), mockCustomer.email);
  await user.type(within(form).getByLabelText('Hasło'), mockCustomer.password);
  await user.click(within(form).getByRole('button', { name: 'Zaloguj się' }));
  await screen.findByRole('heading', { name: 'Moje konto' });
  return { ...view, user };
}

describe('/account', () => {
  it('sends a visitor to log in and back; shows the email and an empty history', async () => {
    await openAccountLoggedIn();
    expect(screen.getByText(mockCustomer.email, { selector: 'main *' })).toBeTruthy();
    expect(await screen.findByText('Nie masz jeszcze żadnych zamówień')).toBeTruthy();
  });

  it("lists the customer's orders newest first with their details", async () => {
    server.use(http.get('*/rest/v1/orders', () => HttpResponse.json(orders)));
    await openAccountLoggedIn();
    const cards = await screen.findAllByRole('listitem', { name: /^Zamówienie / });
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(['Zamówienie KT20261120B', 'Zamówienie KT20261101A']);
    const [newest] = cards;
    if (!newest) throw new Error('no order');
    expect(within(newest).getByText('W realizacji')).toBeTruthy();
    expect(within(newest).getByText('InPost Paczkomat')).toBeTruthy();
    expect(within(newest).getByText('BLIK')).toBeTruthy();
    expect(within(newest).getByText('Bukiet róż')).toBeTruthy();
    expect(within(newest).getByText('× 2')).toBeTruthy();
    expect(within(newest).getByText(/Razem: 112,99\szł/)).toBeTruthy();
    expect(within(newest).getByText(/20 listopada 2026/)).toBeTruthy();
  });

  it('shows each ordered product with its main photo, or its illustration', async () => {
    const photo = { id: '4d0c2b8a-6e1f-4a3b-9c7d-5e6f7a8b9c0d', width: 1600, height: 1200 };
    let select = '';
    server.use(
      http.get('*/rest/v1/orders', ({ request }) => {
        select = new URL(request.url).searchParams.get('select') ?? '';
        return HttpResponse.json([
          {
            ...orders[0],
            order_items: [
              {
                id: 'i3',
                product_id: 'p-photo',
                quantity: 1,
                price: 50,
                product_name: 'Róże',
                products: { name: 'Bukiet róż', image_url: '/products/roze.svg', photos: [photo] },
              },
              {
                id: 'i4',
                product_id: 'p-svg',
                quantity: 1,
                price: 9,
                product_name: 'Znicz',
                products: { name: 'Znicz', image_url: '/products/znicz.svg', photos: [] },
              },
            ],
          },
        ]);
      }),
    );
    await openAccountLoggedIn();
    const [card] = await screen.findAllByRole('listitem', { name: /^Zamówienie / });
    expect(select).toContain('products(name,image_url,photos)');
    const [withPhoto, withIllustration] = Array.from(card!.querySelectorAll('img'));
    expect(withPhoto?.getAttribute('srcset')).toContain(
      `http://backend.test/storage/v1/object/public/product-images/products/p-photo/${photo.id}-400.webp 400w`,
    );
    expect(withPhoto?.getAttribute('sizes')).toBe('40px');
    expect(withIllustration?.getAttribute('src')).toBe('/products/znicz.svg');
  });

  it('shows the error with a retry that loads the history', async () => {
    let calls = 0;
    server.use(
      http.get('*/rest/v1/orders', () => {
        calls += 1;
        return calls === 1 ? HttpResponse.json({ message: 'boom' }, { status: 500 }) : HttpResponse.json([]);
      }),
    );
    const { user } = await openAccountLoggedIn();
    expect(await screen.findByText('Nie udało się pobrać historii zamówień')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
    expect(await screen.findByText('Nie masz jeszcze żadnych zamówień')).toBeTruthy();
  });

  it('keeps the last loaded history readable when the server cannot be reached', async () => {
    let online = true;
    server.use(
      http.get('*/rest/v1/orders', () =>
        online ? HttpResponse.json(orders) : HttpResponse.json({ message: 'niedostępny' }, { status: 500 }),
      ),
    );
    const { router } = await openAccountLoggedIn();
    await screen.findAllByRole('listitem', { name: /^Zamówienie / });

    online = false;
    await act(() => router.navigate({ to: '/' }));
    await act(() => router.navigate({ to: '/account' }));

    expect(await screen.findByText(/Pokazujemy historię zapisaną na tym urządzeniu/)).toBeTruthy();
    expect(await screen.findAllByRole('listitem', { name: /^Zamówienie / })).toHaveLength(2);
    expect(screen.queryByText('Nie udało się pobrać historii zamówień')).toBeNull();
  });

  it('lists the orders this device placed with their states, without repeating ones the server lists', async () => {
    server.use(http.get('*/rest/v1/orders', () => HttpResponse.json(orders)));
    const deviceOrder = (key: string, status: 'sent' | 'queued' | 'failed', orderNumber?: string, lastError?: string) => ({
      clientRequestId: key,
      status,
      createdAt: '2026-11-21T09:00:00.000Z',
      attempts: 1,
      orderNumber,
      lastError,
      payload: {
        request: { clientRequestId: key, checkout: { firstName: 'Gość' }, items: [] },
        localNumber: `L-${key.toUpperCase()}`,
        paymentMethod: 'transfer',
        deliveryMethod: 'store',
        customerEmail: 'gosc@example.pl',
        userPlaced: false,
        estimatedTotal: 49.8,
        queuedOffline: status !== 'sent',
        order: orderNumber
          ? {
              id: key,
              orderNumber,
              status: 'pending',
              subtotal: 49.8,
              shippingCost: 0,
              total: 49.8,
              createdAt: '2026-11-21T09:00:00.000Z',
              clientRequestId: key,
            }
          : undefined,
      },
    });
    await openAccountLoggedIn();
    // A guest order, one the server already lists, one still waiting, one the server refused.
    await db.outbox.bulkPut([
      deviceOrder('a1', 'sent', 'KT999000111'),
      deviceOrder('b2', 'sent', 'KT20261120B'),
      deviceOrder('c3', 'queued'),
      deviceOrder('d4', 'failed', undefined, 'Nie udało się złożyć zamówienia: produkt niedostępny'),
    ]);
    try {
      await screen.findByRole('listitem', { name: 'Zamówienie KT20261101A' });
      const sent = await screen.findByRole('listitem', { name: 'Zamówienie KT999000111' }, { timeout: 3000 });
      expect(sent.textContent).toContain('Wysłane do sklepu');
      expect(sent.textContent?.replace(/\s/g, ' ')).toContain('49,80 zł');
      expect(screen.getAllByRole('listitem', { name: 'Zamówienie KT20261120B' })).toHaveLength(1);
      const waiting = screen.getByRole('listitem', { name: 'Zamówienie L-C3' });
      expect(waiting.textContent).toContain('Czeka na wysłanie');
      const failed = screen.getByRole('listitem', { name: 'Zamówienie L-D4' });
      expect(within(failed).getByRole('alert').textContent).toBe('Nie udało się złożyć zamówienia: produkt niedostępny');
      await userEvent.setup().click(within(failed).getByRole('button', { name: 'Anuluj zamówienie' }));
      await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Zamówienie L-D4' })).toBeNull());
      expect(await db.outbox.get('d4')).toBeUndefined();
    } finally {
      await db.outbox.clear();
    }
  });

  it('shows a visitor the orders this device placed instead of sending them to log in', async () => {
    await db.outbox.put({
      clientRequestId: 'g1',
      status: 'queued',
      createdAt: '2026-11-21T09:00:00.000Z',
      attempts: 1,
      payload: {
        request: { clientRequestId: 'g1', checkout: { firstName: 'Gość' }, items: [] },
        localNumber: 'L-G1',
        paymentMethod: 'payu',
        deliveryMethod: 'store',
        customerEmail: 'gosc@example.pl',
        userPlaced: false,
        estimatedTotal: 20,
        queuedOffline: true,
      },
    });
    try {
      const view = await renderRoute('/account');
      await screen.findByRole('heading', { name: 'Moje zamówienia' });
      expect(view.router.state.location.pathname).toBe('/account');
      expect(screen.getByRole('listitem', { name: 'Zamówienie L-G1' }).textContent).toContain('Czeka na wysłanie');
    } finally {
      await db.outbox.clear();
    }
  });
});
