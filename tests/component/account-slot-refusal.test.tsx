import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../mocks/node.ts';
import { addDays } from '../../src/domain/calendar/calendar-date.ts';
import { EMPTY_CHECKOUT_FORM, type CheckoutFormValues } from '../../src/domain/checkout-schema.ts';
import type { DeliveryAvailabilityResponse } from '../../src/domain/delivery-availability-contract.ts';
import { deliveryAvailability, type DayAvailability } from '../../src/domain/delivery-calendar.ts';
import { DEFAULT_DELIVERY_SETTINGS } from '../../src/domain/delivery-settings.ts';
import { warsawDate } from '../../src/domain/calendar/warsaw-clock.ts';
import { resetAvailabilityForTests } from '../../src/features/delivery/availability.ts';
import { db } from '../../src/lib/db.ts';
import { renderRoute, withBackendMetaAndConsent } from './render-route.tsx';

withBackendMetaAndConsent();

const KEY = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
const CARD = 'Zamówienie L-6F1C2D3E';
// As functions/place-order/booking.ts words it.
const REASON = 'Wybrany termin dostawy jest niedostępny: brak miejsc. Wybierz inny dzień lub godziny.';

/**
 * Today's availability by the shop's defaults, with the first window of the
 * first day that offers two free windows filled up: that is the term the
 * order was refused for; the day's other window is still free.
 */
function availabilityWithFullWindow(): {
  answer: DeliveryAvailabilityResponse;
  day: DayAvailability;
  full: string;
  free: { id: string; label: string };
} {
  const now = Date.now();
  const today = warsawDate(now);
  const plain = deliveryAvailability({ settings: DEFAULT_DELIVERY_SETTINGS, now, from: today, to: addDays(today, 14), booked: [] });
  const open = plain.find((day) => day.delivery.windows.filter((window) => window.available).length >= 2);
  if (!open) throw new Error('no day with two free windows in the next two weeks');
  const [full, free] = open.delivery.windows.filter((window) => window.available);
  if (!full || !free) throw new Error('unreachable: two free windows were found');
  const booked = [{ date: open.date, windowId: full.id, count: DEFAULT_DELIVERY_SETTINGS.windowCapacity }];
  const days = deliveryAvailability({ settings: DEFAULT_DELIVERY_SETTINGS, now, from: today, to: addDays(today, 14), booked });
  const day = days.find((candidate) => candidate.date === open.date)!;
  return { answer: { generatedAt: new Date(now).toISOString(), today, days, services: [] }, day, full: full.id, free };
}

function homeCheckout(date: string, window: string): CheckoutFormValues {
  return {
    ...EMPTY_CHECKOUT_FORM,
    firstName: 'Anna',
    lastName: 'Kowalska',
    email: 'anna@example.pl',
    phone: '+48 600 100 200',
    street: 'Rynek',
    houseNumber: '1',
    city: 'Przemyśl',
    postalCode: '37-700',
    deliveryMethod: 'home',
    paymentMethod: 'transfer',
    deliveryDate: date,
    deliveryWindow: window,
  };
}

/** What the device keeps after the sender got 'slot_unavailable' for this order. */
async function storeRefusedOrder(checkout: CheckoutFormValues) {
  await db.outbox.put({
    clientRequestId: KEY,
    status: 'failed',
    createdAt: new Date().toISOString(),
    attempts: 2,
    lastError: REASON,
    payload: {
      request: { clientRequestId: KEY, checkout, items: [{ productId: '811546a5-832e-49cf-b3c0-9e29122b2d96', quantity: 1 }] },
      localNumber: 'L-6F1C2D3E',
      paymentMethod: 'transfer',
      deliveryMethod: 'home',
      customerEmail: 'anna@example.pl',
      userPlaced: false,
      estimatedTotal: 120,
      queuedOffline: true,
      slotRefusal: { message: REASON, fields: { deliveryWindow: REASON } },
    },
  });
}

let placeOrderBodies: Array<{ clientRequestId: string; checkout: CheckoutFormValues }> = [];

beforeEach(() => {
  resetAvailabilityForTests();
  placeOrderBodies = [];
});
afterEach(async () => {
  await db.outbox.clear();
  await db.meta.clear();
});

function serve(answer: DeliveryAvailabilityResponse) {
  server.use(
    http.post('*/functions/v1/delivery-availability', () => HttpResponse.json(answer)),
    http.post('*/functions/v1/place-order', async ({ request }) => {
      const body = (await request.json()) as { clientRequestId: string; checkout: CheckoutFormValues };
      placeOrderBodies.push(body);
      return HttpResponse.json(
        {
          order: {
            id: 'a9b8c7d6-0000-4000-8000-000000000001',
            orderNumber: 'KT555000111',
            status: 'pending',
            subtotal: 100,
            shippingCost: 20,
            total: 120,
            createdAt: new Date().toISOString(),
            clientRequestId: body.clientRequestId,
            accessKey: 'k',
          },
          replayed: false,
        },
        { status: 201 },
      );
    }),
  );
}

async function openRefusedCard() {
  const setup = availabilityWithFullWindow();
  serve(setup.answer);
  await storeRefusedOrder(homeCheckout(setup.day.date, setup.full));
  await renderRoute('/account');
  const card = await screen.findByRole('listitem', { name: CARD });
  return { ...setup, card, user: userEvent.setup() };
}

describe("'Moje konto': an order whose term was taken while it waited", () => {
  it('shows the server’s reason with the refused term, and offers another term or cancelling', async () => {
    const { card } = await openRefusedCard();
    expect(within(card).getByText('Termin niedostępny')).toBeTruthy();
    expect(within(card).getByRole('alert').textContent).toBe(REASON);
    expect(within(card).getByTestId('device-order-term').textContent).toMatch(
      /^Termin: \S+, \d{1,2} \S+ \d{4}, \d{1,2}:\d{2}–\d{1,2}:\d{2}$/,
    );
    expect(within(card).getByRole('button', { name: 'Wybierz inny termin' }).getAttribute('aria-expanded')).toBe('false');
    expect(within(card).getByRole('button', { name: 'Anuluj zamówienie' })).toBeTruthy();
    // Not a plain failure: the general failure line (the same reason) is not shown beside it.
    expect(card.textContent!.split(REASON)).toHaveLength(2);
  });

  it('sends it again under the same key with the newly chosen window, and it is placed', async () => {
    const { card, user, day, free } = await openRefusedCard();
    await user.click(within(card).getByRole('button', { name: 'Wybierz inny termin' }));
    const form = await within(card).findByRole('form', { name: 'Nowy termin dostawy' });
    expect(document.activeElement?.textContent).toBe('Nowy termin dostawy');
    await user.click(await within(form).findByRole('radio', { name: new RegExp(`^${free.label}`) }));
    await user.click(within(form).getByRole('button', { name: 'Wyślij z nowym terminem' }));

    await waitFor(() => expect(placeOrderBodies).toHaveLength(1));
    const [sent] = placeOrderBodies;
    expect(sent?.clientRequestId).toBe(KEY);
    expect(sent?.checkout).toMatchObject({ deliveryDate: day.date, deliveryWindow: free.id });
    const placed = await screen.findByRole('listitem', { name: 'Zamówienie KT555000111' });
    // The keyboard stays on the order, not lost with the form.
    expect(document.activeElement).toBe(within(placed).getByRole('heading', { level: 3 }));
    expect(within(placed).getByText('Wysłane do sklepu')).toBeTruthy();
    expect(screen.queryByText('Termin niedostępny')).toBeNull();
    expect((await db.outbox.get(KEY))?.status).toBe('sent');
  });

  it('asks for a window before sending when none is chosen', async () => {
    const { card, user } = await openRefusedCard();
    await user.click(within(card).getByRole('button', { name: 'Wybierz inny termin' }));
    const form = await within(card).findByRole('form', { name: 'Nowy termin dostawy' });
    // The picker clears the full window it was opened with, and says so.
    await waitFor(() => expect(within(form).queryAllByRole('radio', { checked: true }).length).toBeLessThan(2));
    const chosenWindow = within(form)
      .queryAllByRole('radio', { checked: true })
      .find((radio) => radio.getAttribute('name')?.endsWith('-window'));
    expect(chosenWindow).toBeUndefined();
    await user.click(within(form).getByRole('button', { name: 'Wyślij z nowym terminem' }));
    expect(await within(form).findByText('Wybierz godziny dostawy')).toBeTruthy();
    expect(placeOrderBodies).toHaveLength(0);
    expect((await db.outbox.get(KEY))?.status).toBe('failed');
  });

  it('is removed from the device when the customer cancels it', async () => {
    const { card, user } = await openRefusedCard();
    await user.click(within(card).getByRole('button', { name: 'Anuluj zamówienie' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: CARD })).toBeNull());
    expect(await db.outbox.get(KEY)).toBeUndefined();
    expect(placeOrderBodies).toHaveLength(0);
  });
});

describe('the notice on other pages', () => {
  it('tells the customer elsewhere in the shop that an order’s term is gone, and leads to "Moje konto"', async () => {
    const setup = availabilityWithFullWindow();
    serve(setup.answer);
    await storeRefusedOrder(homeCheckout(setup.day.date, setup.full));
    const { router } = await renderRoute('/');
    // The notice comes with the outbox sender, which loads once the page is idle.
    const notice = await screen.findByTestId('refused-term-notice', {}, { timeout: 5000 });
    expect(within(notice).getByRole('status').textContent).toContain('Termin zamówienia L-6F1C2D3E jest już niedostępny.');
    await userEvent.setup().click(within(notice).getByRole('link', { name: 'Wybierz inny termin' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(await screen.findByRole('listitem', { name: CARD })).toBeTruthy();
    // 'Moje konto' shows the order itself: no notice on top of it.
    expect(screen.queryByTestId('refused-term-notice')).toBeNull();
  });

  it('offers a term to an order kept by a version before delivery dates, which has none', async () => {
    const setup = availabilityWithFullWindow();
    serve(setup.answer);
    // No date, window or hour fields at all, as such a version stored the checkout.
    const { deliveryDate: _date, deliveryWindow: _window, pickupTime: _time, ...older } = homeCheckout('', '');
    await storeRefusedOrder(older as CheckoutFormValues);
    await renderRoute('/account');
    const card = await screen.findByRole('listitem', { name: CARD });
    expect(within(card).queryByTestId('device-order-term')).toBeNull();
    expect(within(card).getByRole('button', { name: 'Wybierz inny termin' })).toBeTruthy();
  });
});
