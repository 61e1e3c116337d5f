import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminHandlers, type StatusPatch } from '../../mocks/admin-handlers.ts';
import { readChanges } from '../../src/features/admin/orders/change-records.ts';
import { db } from '../../src/lib/db.ts';
import { mockCustomer } from '../../mocks/fixtures.ts';
import { server } from '../../mocks/node.ts';
import { addDays } from '../../src/domain/calendar/calendar-date.ts';
import { warsawDate } from '../../src/domain/calendar/warsaw-clock.ts';
import type { OrderRow } from '../../src/features/admin/orders/order.ts';
import { floristRow, plainWeekday } from '../support/florist-order-rows.ts';
import { openAsMockOwner } from './owner-login.ts';
import { withBackendMetaAndConsent } from './render-route.tsx';

withBackendMetaAndConsent();
afterEach(async () => {
  vi.restoreAllMocks();
  // The owner's changes and refusals live in the device's outbox now: each test starts without the last one's.
  await db.adminChanges.clear();
});

const today = warsawDate(Date.now());

const day = plainWeekday(addDays(today, 2));

function dayRows(): OrderRow[] {
  return [
    floristRow({
      id: 'gift',
      payu_order_id: 'KT500000001',
      delivery_date: day,
      delivery_window: '12:00-15:30',
      delivery_window_label: '12:00–15:30',
      customer_name: 'Marek Kowalczyk',
      card_anonymous: true,
      card_message: 'Najlepsze życzenia urodzinowe!',
      card_signature: 'Tajemniczy wielbiciel',
      recipient_name: 'Zofia Lis',
    }),
    floristRow({ id: 'morning', payu_order_id: 'KT500000002', delivery_date: day, created_at: '2026-01-01T08:00:00.000Z' }),
    floristRow({
      id: 'funeral',
      payu_order_id: 'KT500000003',
      delivery_date: day,
      occasion: 'funeral',
      venue: { type: 'church', name: 'Archikatedra', address: 'Plac Katedralny 4', eventTime: '11:00' },
      ribbon_text: 'Ostatnie pożegnanie',
    }),
    floristRow({
      id: 'pickup',
      payu_order_id: 'KT500000004',
      delivery_date: day,
      delivery_method: 'store',
      delivery_address: null,
      delivery_window: null,
      delivery_window_label: null,
      pickup_time: '10:30',
    }),
    floristRow({ id: 'cancelled', payu_order_id: 'KT500000005', delivery_date: day, status: 'cancelled' }),
    floristRow({ id: 'next-day', payu_order_id: 'KT500000006', delivery_date: addDays(day, 1) }),
  ];
}

async function openAsOwner(path: string, rows: OrderRow[], patches: StatusPatch[] = [], extra: Parameters<typeof server.use> = []) {
  server.use(...extra, ...adminHandlers(patches, rows as Parameters<typeof adminHandlers>[1]));
  const { user, ...view } = await openAsMockOwner(path);
  return { ...view, user };
}

/** The day page itself: the print sheet beside it repeats the windows' headings, and only the browser's print stylesheet hides it. */
const dayPage = () => screen.findByRole('region', { name: 'Realizacja' });

const numbersIn = (region: HTMLElement) =>
  within(region)
    .queryAllByRole('article', { name: /^Zamówienie KT/ })
    .map((article) => article.getAttribute('aria-label'));

describe('/admin/realizacja', () => {
  it('groups the day by window with free places, funerals first, pickups by hour, without cancelled or other days', async () => {
    await openAsOwner(`/admin/realizacja?date=${day}`, dayRows());
    const morning = (await within(await dayPage()).findByRole('heading', { name: 'Okno 9:00–12:00' })).closest('section')!;
    expect(numbersIn(morning)).toEqual(['Zamówienie KT500000003', 'Zamówienie KT500000002']);
    expect(within(morning).getByText('Wolne miejsca: 3 z 5')).toBeTruthy();
    expect(within(morning).getByText('Pogrzeb', { selector: 'span' })).toBeTruthy();

    const afternoon = within(await dayPage())
      .getByRole('heading', { name: 'Okno 12:00–15:30' })
      .closest('section')!;
    expect(numbersIn(afternoon)).toEqual(['Zamówienie KT500000001']);
    expect(within(afternoon).getByText('Wolne miejsca: 4 z 5')).toBeTruthy();

    const pickups = screen.getByRole('heading', { name: 'Odbiór w sklepie' }).closest('section')!;
    expect(numbersIn(pickups)).toEqual(['Zamówienie KT500000004']);
    expect(within(pickups).getByRole('heading', { name: 'Godz. 10:00–10:59' })).toBeTruthy();

    expect(screen.getByTestId('day-summary').textContent).toContain('4 zamówienia');
    expect(screen.queryByRole('article', { name: 'Zamówienie KT500000005' })).toBeNull();
    expect(screen.queryByRole('article', { name: 'Zamówienie KT500000006' })).toBeNull();
  });

  it('shows the florist details of an order: recipient, card with the anonymous mark, venue and ribbon', async () => {
    await openAsOwner(`/admin/realizacja?date=${day}`, dayRows());
    const gift = await screen.findByRole('article', { name: 'Zamówienie KT500000001' });
    expect(within(gift).getByText('Zofia Lis')).toBeTruthy();
    expect(within(gift).getByText('Najlepsze życzenia urodzinowe!')).toBeTruthy();
    expect(within(gift).getByText('anonimowo')).toBeTruthy();
    const funeral = screen.getByRole('article', { name: 'Zamówienie KT500000003' });
    expect(within(funeral).getByText('Kościół, Archikatedra, Plac Katedralny 4 · godz. 11:00')).toBeTruthy();
    expect(within(funeral).getByText('Ostatnie pożegnanie')).toBeTruthy();
  });

  it("prints one ticket per order of the day, and an anonymous card carries the message but never the buyer's name", async () => {
    const print = vi.fn();
    Object.defineProperty(window, 'print', { configurable: true, value: print });
    const { user } = await openAsOwner(`/admin/realizacja?date=${day}`, dayRows());
    await within(await dayPage()).findByRole('heading', { name: 'Okno 9:00–12:00' });
    await user.click(screen.getByRole('button', { name: 'Drukuj wszystkie zamówienia dnia' }));
    expect(print).toHaveBeenCalledTimes(1);

    const sheet = screen.getByTestId('print-sheet');
    const tickets = within(sheet).getAllByRole('article');
    expect(tickets.map((ticket) => ticket.getAttribute('aria-label'))).toEqual([
      'Bilet zamówienia KT500000003',
      'Bilet zamówienia KT500000002',
      'Bilet zamówienia KT500000001',
      'Bilet zamówienia KT500000004',
    ]);
    const anonymous = within(sheet).getByRole('article', { name: 'Bilet zamówienia KT500000001' });
    const card = within(anonymous).getByRole('region', { name: 'Bilecik' });
    expect(card.textContent).toContain('Najlepsze życzenia urodzinowe!');
    expect(card.textContent).toContain('Tajemniczy wielbiciel');
    expect(anonymous.textContent).not.toMatch(/Marek|Kowalczyk/);
    expect(within(anonymous).getByRole('region', { name: 'Dla kierowcy' }).textContent).toContain('Zofia Lis');
  });

  it('moves an order to its next fulfilment state, guarded by the state it had', async () => {
    const patches: StatusPatch[] = [];
    const { user } = await openAsOwner(`/admin/realizacja?date=${day}`, dayRows(), patches);
    const morning = await screen.findByRole('article', { name: 'Zamówienie KT500000002' });
    await user.click(within(morning).getByRole('button', { name: 'Gotowe – zamówienie KT500000002' }));
    await waitFor(() => expect(patches).toEqual([{ id: 'morning', from: 'to-do', body: { fulfilment_state: 'ready' } }]));
    expect(await within(morning).findByRole('button', { name: 'W drodze – zamówienie KT500000002' })).toBeTruthy();
    expect((within(morning).getByLabelText('Stan realizacji zamówienia KT500000002') as HTMLSelectElement).value).toBe('ready');
  });

  it('says above the page when an order was cancelled meanwhile and its fulfilment step was refused, then leaves it out', async () => {
    const patches: StatusPatch[] = [];
    const rows = dayRows();
    // The device read the list before the order was cancelled on another one.
    const stale = structuredClone(rows);
    rows.find((row) => row.id === 'morning')!.status = 'cancelled';
    const staleList = http.get('*/rest/v1/orders', () => HttpResponse.json(stale), { once: true });
    const { user } = await openAsOwner(`/admin/realizacja?date=${day}`, rows, patches, [staleList]);
    const morning = await screen.findByRole('article', { name: 'Zamówienie KT500000002' });
    await user.click(within(morning).getByRole('button', { name: 'Gotowe – zamówienie KT500000002' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Nie zmieniono stanu realizacji zamówienia KT500000002 na „Gotowe”: zamówienie jest anulowane.');
    expect(patches).toEqual([{ id: 'morning', from: 'to-do', body: { fulfilment_state: 'ready' } }]);
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Zamówienie KT500000002' })).toBeNull());
  });

  it('queues a fulfilment change made offline and sends it when the device is online again', async () => {
    const patches: StatusPatch[] = [];
    const { user } = await openAsOwner(`/admin/realizacja?date=${day}`, dayRows(), patches);
    const morning = await screen.findByRole('article', { name: 'Zamówienie KT500000002' });
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      await user.selectOptions(within(morning).getByLabelText('Stan realizacji zamówienia KT500000002'), 'out-for-delivery');
      expect(await within(morning).findByText(/Zmiana zostanie wysłana, gdy wrócisz online/)).toBeTruthy();
      expect(patches).toEqual([]);
      await waitFor(async () =>
        expect((await readChanges(db, mockCustomer.id)).waiting).toMatchObject([
          { orderId: 'morning', field: 'fulfilment_state', from: 'to-do', to: 'out-for-delivery' },
        ]),
      );
    } finally {
      delete (navigator as { onLine?: boolean }).onLine;
      window.dispatchEvent(new Event('online'));
    }
    await waitFor(() => expect(patches).toEqual([{ id: 'morning', from: 'to-do', body: { fulfilment_state: 'out-for-delivery' } }]));
  });

  it("opens on the shop's today by the server's clock, not the device's", async () => {
    // The device's clock is a day behind the server's.
    const serverNow = Date.now() + 86_400_000;
    const clock = http.post('*/functions/v1/delivery-availability', () =>
      HttpResponse.json({ generatedAt: new Date(serverNow).toISOString(), today: warsawDate(serverNow), days: [], services: [] }),
    );
    await openAsOwner('/admin/realizacja', dayRows(), [], [clock]);
    await waitFor(() => expect((screen.getByLabelText('Dzień') as HTMLInputElement).value).toBe(warsawDate(serverNow)));
    expect(screen.getByRole('button', { name: 'Dziś' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('switches days with the previous/next buttons and comes back with Dziś', async () => {
    const { user, router } = await openAsOwner(`/admin/realizacja?date=${day}`, dayRows());
    await within(await dayPage()).findByRole('heading', { name: 'Okno 9:00–12:00' });
    await user.click(screen.getByRole('button', { name: 'Następny dzień' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ date: addDays(day, 1) }));
    expect(await screen.findByRole('article', { name: 'Zamówienie KT500000006' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Poprzedni dzień' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ date: day }));
    await user.click(screen.getByRole('button', { name: 'Dziś' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect((screen.getByLabelText('Dzień') as HTMLInputElement).value).toBe(today);
  });
});

describe('/admin/orders by delivery', () => {
  it("filters to 'Jutro' and sorts by delivery time with funerals first, marking them", async () => {
    const tomorrow = addDays(today, 1);
    const rows = [
      floristRow({ id: 'late', payu_order_id: 'KT600000001', delivery_date: tomorrow, delivery_window: '12:00-15:30' }),
      floristRow({ id: 'early', payu_order_id: 'KT600000002', delivery_date: tomorrow, created_at: '2026-01-01T00:00:00.000Z' }),
      floristRow({ id: 'funeral', payu_order_id: 'KT600000003', delivery_date: tomorrow, occasion: 'funeral' }),
      floristRow({ id: 'other', payu_order_id: 'KT600000004', delivery_date: addDays(today, 2) }),
    ];
    const { user, router } = await openAsOwner('/admin/orders', rows);
    await screen.findByText('4 zamówienia');
    await user.click(screen.getByRole('button', { name: 'Jutro' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ when: 'tomorrow' }));
    expect(await screen.findByText('3 zamówienia')).toBeTruthy();
    const items = screen.getAllByRole('listitem', { name: /^Zamówienie KT/ });
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Zamówienie KT600000003',
      'Zamówienie KT600000002',
      'Zamówienie KT600000001',
    ]);
    expect(within(items[0]!).getByText('Pogrzeb')).toBeTruthy();
    expect(within(items[1]!).queryByText('Pogrzeb')).toBeNull();
    expect((screen.getByLabelText('Sortuj') as HTMLSelectElement).value).toBe('delivery');
  });

  it('finds an order by its recipient', async () => {
    const rows = [
      floristRow({ id: 'a', payu_order_id: 'KT700000001', delivery_date: today, recipient_name: 'Grażyna Wiśniewska' }),
      floristRow({ id: 'b', payu_order_id: 'KT700000002', delivery_date: today, recipient_name: 'Zofia Lis' }),
    ];
    const { user } = await openAsOwner('/admin/orders', rows);
    await screen.findByText('2 zamówienia');
    await user.type(screen.getByLabelText('Szukaj zamówień'), 'wisniewska');
    await waitFor(() =>
      expect(screen.getAllByRole('listitem', { name: /^Zamówienie KT/ }).map((item) => item.getAttribute('aria-label'))).toEqual([
        'Zamówienie KT700000001',
      ]),
    );
  });

  it('offers no fulfilment step for a cancelled order: no next-state button, no select, only where it was left', async () => {
    await openAsOwner('/admin/orders?id=cancelled', dayRows());
    const dialog = await screen.findByRole('dialog', { name: 'Zamówienie KT500000005' });
    expect(within(dialog).getByText('Zamówienie jest anulowane, więc jego stanu realizacji nie można zmienić.')).toBeTruthy();
    expect(within(dialog).getByText('Do zrobienia')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /^Gotowe/ })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /– zamówienie KT500000005$/ })).toBeNull();
    expect(within(dialog).queryByLabelText('Stan realizacji zamówienia KT500000005')).toBeNull();
  });

  it('opens the detail with the florist details, changes the fulfilment state there and prints only that order', async () => {
    const print = vi.fn();
    Object.defineProperty(window, 'print', { configurable: true, value: print });
    const patches: StatusPatch[] = [];
    const { user } = await openAsOwner('/admin/orders?id=funeral', dayRows(), patches);
    const dialog = await screen.findByRole('dialog', { name: 'Zamówienie KT500000003' });
    expect(within(dialog).getByText('Pogrzeb', { selector: 'span' })).toBeTruthy();
    expect(within(dialog).getByText('Ostatnie pożegnanie')).toBeTruthy();
    expect(within(dialog).getByText('Grażyna Wiśniewska')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Gotowe – zamówienie KT500000003' }));
    await waitFor(() => expect(patches).toEqual([{ id: 'funeral', from: 'to-do', body: { fulfilment_state: 'ready' } }]));
    await user.click(within(dialog).getByRole('button', { name: 'Drukuj bilet zamówienia KT500000003' }));
    expect(print).toHaveBeenCalledTimes(1);
    const tickets = within(screen.getByTestId('print-sheet')).getAllByRole('article');
    expect(tickets.map((ticket) => ticket.getAttribute('aria-label'))).toEqual(['Bilet zamówienia KT500000003']);
    expect(within(tickets[0]!).getByRole('region', { name: 'Karta florysty' }).textContent).toContain('Ostatnie pożegnanie');
  });
});
