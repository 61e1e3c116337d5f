import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminHandlers, freshAdminRows, type StatusPatch } from '../../mocks/admin-handlers.ts';
import { readChanges } from '../../src/features/admin/orders/change-records.ts';
import { db } from '../../src/lib/db.ts';
import { mockCustomer, sampleProducts } from '../../mocks/fixtures.ts';
import { server } from '../../mocks/node.ts';
import { openAsMockOwner } from './owner-login.ts';
import { renderRoute, withBackendMetaAndConsent } from './render-route.tsx';

withBackendMetaAndConsent();
// The owner's changes and refusals live in the device's outbox: each test starts without the last one's.
afterEach(() => db.adminChanges.clear());

interface Options {
  patches?: StatusPatch[];
  rows?: ReturnType<typeof freshAdminRows>;
  extra?: Parameters<typeof server.use>;
}

/** Opens an admin path as a visitor, logs in as the (mocked) owner and lands back on it. */
async function openAsOwner(path: string, { patches = [], rows = freshAdminRows(), extra = [] }: Options = {}) {
  server.use(...extra, ...adminHandlers(patches, rows));
  const { user, ...view } = await openAsMockOwner(path);
  await waitFor(() => expect(view.router.state.location.href).toBe(path));
  return { ...view, user, rows };
}

const orderNumbers = () => screen.getAllByRole('listitem', { name: /^Zamówienie KT/ }).map((item) => item.getAttribute('aria-label'));

// The frame itself (header, sections, the owner's menu): admin-layout.test.tsx.
describe('admin layout', () => {
  it('finds orders and customers from the top bar search and opens the order', async () => {
    const { user, router } = await openAsOwner('/admin');
    await screen.findByText('Zamówienia według statusu');
    await user.type(screen.getByRole('combobox', { name: 'Szukaj zamówień i klientów' }), 'lucja');
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.querySelector('span')?.textContent)).toEqual(['Zamówienie KT300000003', 'Klient: Łucja Żak']);
    await user.click(options[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/orders'));
    expect(router.state.location.search).toMatchObject({ id: 'o3' });
    // /admin/orders is a lazily loaded route: on a busy machine its code takes more than the default second to arrive.
    expect(await screen.findByRole('dialog', { name: 'Zamówienie KT300000003' }, { timeout: 5000 })).toBeTruthy();
  });

  it('rings the bell for orders that arrived since the owner last looked, and marks them seen', async () => {
    localStorage.setItem(`kwiaciarnia.admin.lastSeen.${mockCustomer.id}`, JSON.stringify('2026-10-01T00:00:00.000Z'));
    const { user } = await openAsOwner('/admin');
    const bell = await screen.findByRole('button', { name: 'Powiadomienia: 2 nowe zamówienia' });
    await user.click(bell);
    expect(await screen.findByRole('link', { name: /Zamówienie KT300000003/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Zamówienie KT200000002/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Oznacz jako przeczytane' }));
    expect(await screen.findByRole('button', { name: 'Powiadomienia: brak nowych zamówień' })).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(`kwiaciarnia.admin.lastSeen.${mockCustomer.id}`)!)).toBe('2026-11-20T10:30:00.000Z');
  });
});

describe('admin notifications', () => {
  it("asks for permission only from 'Włącz powiadomienia', then notifies about an order that arrives while open", async () => {
    const shown: { title: string; body?: string }[] = [];
    let permission: NotificationPermission = 'default';
    const requestPermission = vi.fn(async () => {
      permission = 'granted';
      return permission;
    });
    class FakeNotification {
      static get permission() {
        return permission;
      }
      static requestPermission = requestPermission;
      onclick: (() => void) | null = null;
      constructor(title: string, options?: NotificationOptions) {
        shown.push({ title, body: options?.body });
      }
    }
    vi.stubGlobal('Notification', FakeNotification);
    try {
      const rows = freshAdminRows();
      const { user } = await openAsOwner('/admin', { rows });
      await screen.findByText('Zamówienia według statusu');
      expect(requestPermission).not.toHaveBeenCalled();
      await user.click(screen.getByRole('button', { name: 'Powiadomienia: brak nowych zamówień' }));
      await user.click(await screen.findByRole('button', { name: 'Włącz powiadomienia' }));
      expect(requestPermission).toHaveBeenCalledTimes(1);
      expect(await screen.findByText(/Powiadomienia w przeglądarce są włączone/)).toBeTruthy();

      // A new order arrives; the next refresh (the 30 s poll, or coming back online) finds it.
      rows.unshift({
        ...structuredClone(rows[0]!),
        id: 'o4',
        payu_order_id: 'KT400000004',
        created_at: '2026-11-21T09:00:00.000Z',
        customer_name: 'Ewa Nowa',
      });
      window.dispatchEvent(new Event('online'));
      await waitFor(() =>
        expect(shown).toEqual([{ title: 'Nowe zamówienie KT400000004', body: expect.stringContaining('Ewa Nowa') as string }]),
      );
      expect(await screen.findByRole('button', { name: 'Powiadomienia: 1 nowe zamówienie' })).toBeTruthy();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('/admin dashboard', () => {
  it('shows totals, the last orders, orders by status and the revenue chart', async () => {
    await openAsOwner('/admin');
    const totals = await screen.findByText('Przychód', { selector: 'dt' });
    const list = totals.closest('dl')!;
    const values = Object.fromEntries(
      [...list.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent?.replace(/\s/g, ' ')]),
    );
    expect(values).toEqual({
      Zamówienia: '3',
      // Money received less refunded (the ledger), not orders placed: KT100000001's 200 zł less its 50 zł refund.
      Przychód: '150,00 zł',
      // jan@ and JAN@ are one customer.
      Klienci: '2',
      Produkty: String(sampleProducts.length),
    });
    const byStatus = screen.getByRole('heading', { name: 'Zamówienia według statusu' }).parentElement!;
    const counts = [...byStatus.querySelectorAll('li')].map((item) => item.lastElementChild?.textContent);
    expect(counts).toContain('W realizacji: 1');
    expect(counts).toContain('Anulowane: 0');
    expect(screen.getByRole('link', { name: 'Wszystkie zamówienia' }).getAttribute('href')).toBe('/admin/orders');
    const dashboard = screen.getByRole('region', { name: 'Panel Administratora' });
    expect(within(dashboard).getByRole('link', { name: 'Płatności' }).getAttribute('href')).toBe('/admin/payments');
    expect(within(dashboard).getAllByRole('link', { name: /^KT/ })).toHaveLength(3);
    expect(screen.getByRole('table', { name: 'Przychód w ostatnich 6 miesiącach' })).toBeTruthy();
  });

  it("says 'Nie udało się pobrać danych pulpitu' and retries", async () => {
    let calls = 0;
    const rows = freshAdminRows();
    const { user } = await openAsOwner('/admin', {
      rows,
      extra: [
        http.get('*/rest/v1/orders', () => {
          calls += 1;
          return calls === 1 ? HttpResponse.json({ message: 'boom' }, { status: 500 }) : HttpResponse.json(rows);
        }),
      ],
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Nie udało się pobrać danych pulpitu');
    await user.click(within(alert).getByRole('button', { name: 'Spróbuj ponownie' }));
    expect(await screen.findByText('Zamówienia według statusu')).toBeTruthy();
    expect(screen.queryByText('Nie udało się pobrać danych pulpitu')).toBeNull();
    expect(calls).toBe(2);
  });
});

describe('/admin/orders', () => {
  it('lists orders newest first, filters by status and searches without diacritics', async () => {
    const { user, router } = await openAsOwner('/admin/orders');
    await screen.findByText('3 zamówienia');
    expect(orderNumbers()).toEqual(['Zamówienie KT300000003', 'Zamówienie KT200000002', 'Zamówienie KT100000001']);

    await user.selectOptions(screen.getByLabelText('Status'), 'pending');
    expect(orderNumbers()).toEqual(['Zamówienie KT200000002']);
    expect(router.state.location.search).toMatchObject({ status: 'pending' });

    await user.selectOptions(screen.getByLabelText('Status'), '');
    await user.type(screen.getByLabelText('Szukaj zamówień'), 'jan@EXAMPLE');
    expect(orderNumbers()).toEqual(['Zamówienie KT200000002', 'Zamówienie KT100000001']);

    await user.clear(screen.getByLabelText('Szukaj zamówień'));
    await user.type(screen.getByLabelText('Szukaj zamówień'), 'lucja zak');
    expect(orderNumbers()).toEqual(['Zamówienie KT300000003']);

    await user.selectOptions(screen.getByLabelText('Status'), 'cancelled');
    expect(screen.getByText('Nie znaleziono zamówień')).toBeTruthy();
  });

  it('opens the detail named by ?id= with customer, address, items, payment and tracking', async () => {
    await openAsOwner('/admin/orders?id=o3');
    const dialog = await screen.findByRole('dialog', { name: 'Zamówienie KT300000003' });
    const text = dialog.textContent ?? '';
    expect(text).toContain('Łucja Żak');
    expect(text).toContain('lucja.zak@example.pl');
    expect(text).toContain('+48 600 100 200');
    expect(text).toContain('Mickiewicza 3/2, 37-700 Przemyśl');
    expect(text).toContain('InPost Paczkomat');
    expect(text).toContain('Bukiet róż');
    expect(text).toContain('BLIK');
    // The ledger's truth, not the order's status: BLIK begun at PayU, not paid.
    expect(text).toContain('Status płatności: Nieopłacone');
    expect(text.replace(/\s/g, ' ')).toContain('Do zapłaty przy dostawie: 112,99 zł');
    expect(text).toContain('INP123');
    const select = within(dialog).getByLabelText<HTMLSelectElement>('Status zamówienia');
    expect(select.value).toBe('processing');
    const disabled = [...select.options].filter((option) => option.disabled).map((option) => option.value);
    expect(disabled).toEqual(['processing']);
  });

  it('changes the status by id, and the list shows the new status', async () => {
    const patches: StatusPatch[] = [];
    const { user, router } = await openAsOwner('/admin/orders?id=o2', { patches });
    const dialog = await screen.findByRole('dialog', { name: 'Zamówienie KT200000002' });
    await user.selectOptions(within(dialog).getByLabelText('Status zamówienia'), 'completed');
    expect(await within(dialog).findByText('Status zmieniony na „Zrealizowane”.')).toBeTruthy();
    expect(patches).toEqual([{ id: 'o2', from: 'pending', body: { status: 'completed' } }]);

    await user.click(within(dialog).getByRole('button', { name: 'Zamknij' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).not.toHaveProperty('id');
    const item = screen.getByRole('listitem', { name: 'Zamówienie KT200000002' });
    expect(within(item).getByText('Zrealizowane')).toBeTruthy();
  });

  it("alerts 'Nie udało się zaktualizować statusu zamówienia' when the update fails, keeping the old status", async () => {
    await openAsOwner('/admin/orders?id=o2', {
      extra: [http.patch('*/rest/v1/orders', () => HttpResponse.json({ message: 'permission denied' }, { status: 403 }))],
    });
    const dialog = await screen.findByRole('dialog', { name: 'Zamówienie KT200000002' });
    const user = userEvent.setup();
    await user.selectOptions(within(dialog).getByLabelText('Status zamówienia'), 'cancelled');
    await user.click(within(dialog).getByRole('button', { name: 'Anuluj zamówienie' }));
    const alert = await within(dialog).findByText('Nie udało się zaktualizować statusu zamówienia');
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    expect(within(dialog).getByLabelText<HTMLSelectElement>('Status zamówienia').value).toBe('pending');
  });

  it('asks for the optional cancel reason first, and sends it with the cancellation', async () => {
    const patches: StatusPatch[] = [];
    const { user } = await openAsOwner('/admin/orders?id=o2', { patches });
    const dialog = await screen.findByRole('dialog', { name: 'Zamówienie KT200000002' });
    await user.selectOptions(within(dialog).getByLabelText('Status zamówienia'), 'cancelled');
    const reason = within(dialog).getByLabelText('Powód anulowania (opcjonalnie)');
    expect(document.activeElement).toBe(reason);
    expect(patches).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Nie anuluj' }));
    expect(within(dialog).queryByLabelText('Powód anulowania (opcjonalnie)')).toBeNull();
    expect(within(dialog).getByLabelText<HTMLSelectElement>('Status zamówienia').value).toBe('pending');
    expect(patches).toEqual([]);

    await user.selectOptions(within(dialog).getByLabelText('Status zamówienia'), 'cancelled');
    await user.type(within(dialog).getByLabelText('Powód anulowania (opcjonalnie)'), '  Brak białych lilii  ');
    await user.click(within(dialog).getByRole('button', { name: 'Anuluj zamówienie' }));
    expect(await within(dialog).findByText('Status zmieniony na „Anulowane”.')).toBeTruthy();
    expect(patches).toEqual([{ id: 'o2', from: 'pending', body: { status: 'cancelled', cancel_reason: 'Brak białych lilii' } }]);
    expect(within(dialog).getByText('Brak białych lilii')).toBeTruthy();
  });

  it('keeps the cancel reason of a cancellation queued offline and sends both together', async () => {
    const patches: StatusPatch[] = [];
    const { user } = await openAsOwner('/admin/orders?id=o2', { patches });
    const dialog = await screen.findByRole('dialog', { name: 'Zamówienie KT200000002' });
    const onLine = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine');
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      await user.selectOptions(within(dialog).getByLabelText('Status zamówienia'), 'cancelled');
      await user.type(within(dialog).getByLabelText('Powód anulowania (opcjonalnie)'), 'Zamknięta droga');
      await user.click(within(dialog).getByRole('button', { name: 'Anuluj zamówienie' }));
      expect(await within(dialog).findByText(/Zmiana zostanie wysłana, gdy wrócisz online/)).toBeTruthy();
      await waitFor(async () =>
        expect((await readChanges(db, mockCustomer.id)).waiting).toMatchObject([
          { orderId: 'o2', from: 'pending', to: 'cancelled', reason: 'Zamknięta droga' },
        ]),
      );
    } finally {
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
      window.dispatchEvent(new Event('online'));
    }
    await waitFor(() =>
      expect(patches).toEqual([{ id: 'o2', from: 'pending', body: { status: 'cancelled', cancel_reason: 'Zamknięta droga' } }]),
    );
    if (onLine) delete (navigator as { onLine?: boolean }).onLine;
  });

  it('queues a change made offline, says so, and sends it when the device is online again', async () => {
    const patches: StatusPatch[] = [];
    const { user } = await openAsOwner('/admin/orders?id=o2', { patches });
    const dialog = await screen.findByRole('dialog', { name: 'Zamówienie KT200000002' });
    const onLine = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine');
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      await user.selectOptions(within(dialog).getByLabelText('Status zamówienia'), 'processing');
      expect(await within(dialog).findByText(/Zmiana zostanie wysłana, gdy wrócisz online/)).toBeTruthy();
      expect(patches).toEqual([]);
      await waitFor(async () =>
        expect((await readChanges(db, mockCustomer.id)).waiting).toMatchObject([{ orderId: 'o2', from: 'pending', to: 'processing' }]),
      );
    } finally {
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
      window.dispatchEvent(new Event('online'));
    }
    await waitFor(() => expect(patches).toEqual([{ id: 'o2', from: 'pending', body: { status: 'processing' } }]));
    await waitFor(async () => expect((await readChanges(db, mockCustomer.id)).waiting).toEqual([]));
    if (onLine) delete (navigator as { onLine?: boolean }).onLine;
  });

  it('refuses a queued change clearly when the order changed meanwhile', async () => {
    const rows = freshAdminRows();
    localStorage.setItem(
      `kwiaciarnia.admin.statusQueue.${mockCustomer.id}`,
      JSON.stringify([{ orderId: 'o2', number: 'KT200000002', from: 'processing', to: 'cancelled', queuedAt: '2026-11-20T00:00:00.000Z' }]),
    );
    await openAsOwner('/admin/orders', { rows });
    const alert = await screen.findByText(/Zmiana statusu zamówienia KT200000002 na „Anulowane” nie została wysłana/);
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    expect(rows.find((row) => row.id === 'o2')?.status).toBe('pending');
    expect(within(screen.getByRole('listitem', { name: 'Zamówienie KT200000002' })).getByText('Oczekujące')).toBeTruthy();
  });

  it('sends a change an older version queued in localStorage, once, from the outbox it moved into, and drops the old key', async () => {
    const patches: StatusPatch[] = [];
    const legacyKey = `kwiaciarnia.admin.statusQueue.${mockCustomer.id}`;
    // Written by the version before the outbox: a status change made offline, still waiting.
    localStorage.setItem(
      legacyKey,
      JSON.stringify([{ orderId: 'o2', number: 'KT200000002', from: 'pending', to: 'processing', queuedAt: '2026-11-20T00:00:00.000Z' }]),
    );
    await openAsOwner('/admin/orders', { patches });
    await waitFor(() => expect(patches).toEqual([{ id: 'o2', from: 'pending', body: { status: 'processing' } }]));
    expect(localStorage.getItem(legacyKey)).toBeNull();
    await waitFor(async () => expect((await readChanges(db, mockCustomer.id)).waiting).toEqual([]));
    expect(within(screen.getByRole('listitem', { name: 'Zamówienie KT200000002' })).getByText('W realizacji')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps a refusal on the device until the owner has read it, across a reload', async () => {
    localStorage.setItem(
      `kwiaciarnia.admin.statusQueue.${mockCustomer.id}`,
      JSON.stringify([{ orderId: 'o2', number: 'KT200000002', from: 'processing', to: 'cancelled', queuedAt: '2026-11-20T00:00:00.000Z' }]),
    );
    const first = await openAsOwner('/admin/orders');
    await screen.findByText(/Zmiana statusu zamówienia KT200000002 na „Anulowane” nie została wysłana/);
    first.unmount();
    // The owner's session stays on the device: the back office opens again straight away.
    await renderRoute('/admin/orders');
    const reason = await screen.findByText(/Zmiana statusu zamówienia KT200000002 na „Anulowane” nie została wysłana/);
    await first.user.click(within(reason.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Rozumiem' }));
    await waitFor(() => expect(screen.queryByText(/nie została wysłana/)).toBeNull());
    expect((await readChanges(db, mockCustomer.id)).refused).toEqual([]);
  });
});

describe('/admin/payments', () => {
  it("lists the ledger's payments newest first with their refunds, and 'Opłacone' finds the completed one", async () => {
    const { user } = await openAsOwner('/admin/payments');
    await screen.findByText('2 płatności');
    const items = screen.getAllByRole('listitem', { name: /^Płatność za zamówienie/ });
    expect(
      items.map((item) => [
        item.getAttribute('aria-label'),
        within(item).getByText(/^(Oczekuje|Opłacone|Anulowane|Odrzucone)$/).textContent,
      ]),
    ).toEqual([
      ['Płatność za zamówienie KT300000003', 'Oczekuje'],
      ['Płatność za zamówienie KT100000001', 'Opłacone'],
    ]);
    const paid = items[1]!;
    const paidText = paid.textContent?.replace(/\s/g, ' ') ?? '';
    expect(paidText).toContain('Jan Kowalski');
    expect(paidText).toContain('PayU – szybkie płatności · PayU (classic)');
    expect(paidText).toContain('200,00 zł');
    expect(within(paid).getByRole('link', { name: 'Zamówienie KT100000001' }).getAttribute('href')).toBe('/admin/orders?id=o1');
    const refunds = within(paid).getByRole('list', { name: 'Zwroty' });
    expect(refunds.textContent?.replace(/\s/g, ' ')).toContain('Zwrot 50,00 zł · zwrócono');
    expect(items[0]!.textContent).toContain('PayU');

    await user.selectOptions(screen.getByLabelText('Status płatności'), 'completed');
    expect(screen.getAllByRole('listitem', { name: /^Płatność/ }).map((item) => item.getAttribute('aria-label'))).toEqual([
      'Płatność za zamówienie KT100000001',
    ]);
    expect(screen.getByText('1 płatność')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Status płatności'), 'rejected');
    expect(screen.getByText('Nie znaleziono płatności')).toBeTruthy();
  });

  it('says there are no payments yet when the ledger is empty', async () => {
    const rows = freshAdminRows().map((row) => ({ ...row, payments: [], amount_paid: 0, amount_refunded: 0 }));
    await openAsOwner('/admin/payments', { rows });
    expect(await screen.findByText('Nie ma jeszcze żadnych płatności.')).toBeTruthy();
    expect(screen.getByText('0 płatności')).toBeTruthy();
  });

  it("says 'Nie znaleziono płatności' for a search that matches nothing, and the error with retry", async () => {
    let calls = 0;
    const rows = freshAdminRows();
    const { user } = await openAsOwner('/admin/payments?q=nikt', {
      rows,
      extra: [
        http.get('*/rest/v1/orders', () => {
          calls += 1;
          return calls === 1 ? HttpResponse.json({ message: 'boom' }, { status: 500 }) : HttpResponse.json(rows);
        }),
      ],
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Nie udało się pobrać danych płatności');
    await user.click(within(alert).getByRole('button', { name: 'Spróbuj ponownie' }));
    expect(await screen.findByText('Nie znaleziono płatności')).toBeTruthy();
  });
});
