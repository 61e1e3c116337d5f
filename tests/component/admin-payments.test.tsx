import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  adminHandlers,
  freshAdminRows,
  ledgerPayment,
  ownerPaymentsHandler,
  type OwnerPaymentCall,
  type StatusPatch,
} from '../../mocks/admin-handlers.ts';
import { mockCustomer } from '../../mocks/fixtures.ts';
import { server } from '../../mocks/node.ts';
import { addDays } from '../../src/domain/calendar/calendar-date.ts';
import { warsawDate } from '../../src/domain/calendar/warsaw-clock.ts';
import { toAdminOrder, type OrderRow } from '../../src/features/admin/orders/order.ts';
import { floristRow, plainWeekday } from '../support/florist-order-rows.ts';
import { openAsMockOwner } from './owner-login.ts';
import { withBackendMetaAndConsent } from './render-route.tsx';

withBackendMetaAndConsent();

/** The shop's today as the mocked server's clock gives it (delivery-availability answers with now). */
const today = warsawDate(Date.now());
const text = (element: HTMLElement) => element.textContent?.replace(/\s/g, ' ') ?? '';

type Rows = ReturnType<typeof freshAdminRows>;

async function openAsOwner(path: string, rows: Rows | OrderRow[], extra: Parameters<typeof server.use> = [], patches: StatusPatch[] = []) {
  server.use(...extra, ...adminHandlers(patches, rows as Rows));
  const { user, ...view } = await openAsMockOwner(path);
  return { ...view, user };
}

describe('order detail: the ledger and the owner’s payment actions', () => {
  it("shows what is due and records a transfer with 'Oznacz jako opłacone' in integer grosz, then the order reads paid", async () => {
    const rows = freshAdminRows();
    const calls: OwnerPaymentCall[] = [];
    const markPaid = ownerPaymentsHandler(calls, (body) => {
      // The function and the SQL as they answer: the ledger's row, the order's sums, pending → processing.
      const order = rows.find((row) => row.id === body.orderId)!;
      order.payments.push(
        ledgerPayment({
          id: 'pay-new',
          provider: 'manual',
          method: String(body.method),
          amount_grosz: Number(body.amount),
          received_on: String(body.receivedOn),
          note: typeof body.note === 'string' ? body.note : null,
          created_at: new Date().toISOString(),
          completed_at: new Date().toISOString(),
        }),
      );
      order.amount_paid = Number(body.amount);
      order.status = 'processing';
      return HttpResponse.json({ paymentId: 'pay-new' });
    });
    const { user } = await openAsOwner('/admin/orders?id=o2', rows, [markPaid]);
    const dialog = await screen.findByRole('dialog', { name: 'Zamówienie KT200000002' });
    expect(text(dialog)).toContain('Status płatności: Nieopłacone');
    expect(text(dialog)).toContain('Do zapłaty przy odbiorze: 30,00 zł');
    expect(text(dialog)).toContain('Brak zapisanych płatności.');

    await user.click(within(dialog).getByRole('button', { name: 'Oznacz jako opłacone' }));
    const form = within(dialog).getByRole('form', { name: 'Oznacz jako opłacone' });
    const method = within(form).getByLabelText<HTMLSelectElement>('Sposób zapłaty');
    expect(document.activeElement).toBe(method);
    expect(method.value).toBe('transfer');
    expect([...method.options].map((option) => option.textContent)).toEqual(['Przelew', 'Gotówka', 'Terminal płatniczy']);
    const amount = within(form).getByLabelText<HTMLInputElement>('Kwota (zł)');
    expect(amount.value).toBe('30,00');
    expect(within(form).getByLabelText<HTMLInputElement>('Data wpłaty').value).toBe(today);

    await user.clear(amount);
    await user.type(amount, '29,99');
    await user.type(within(form).getByLabelText('Notatka (opcjonalnie)'), 'Przelew z PKO');
    await user.click(within(form).getByRole('button', { name: 'Zapisz wpłatę' }));

    expect(await within(dialog).findByText('Zapisano wpłatę 29,99 zł (przelew).')).toBeTruthy();
    expect(calls.map((call) => call.body)).toEqual([
      { action: 'mark-paid', orderId: 'o2', method: 'transfer', amount: 2_999, receivedOn: today, note: 'Przelew z PKO' },
    ]);
    expect(Number.isInteger(calls[0]!.body.amount)).toBe(true);
    // The owner's own session, not the public key alone.
    expect(calls[0]!.authorization).toMatch(/^Bearer .+\..+\..+/);
    // Refreshed from the server: partly paid now, the payment listed.
    await waitFor(() => expect(text(dialog)).toContain('Status płatności: Opłacone częściowo (zapłacono 29,99 zł z 30,00 zł)'));
    expect(text(dialog)).toContain('Do zapłaty przy odbiorze: 0,01 zł');
    const payments = within(dialog).getByRole('list', { name: 'Płatności zamówienia' });
    expect(text(payments)).toContain('29,99 zł · Przelew tradycyjny · Zapisane ręcznie');
    expect(text(payments)).toContain('Przelew z PKO');
  });

  it("shows the function's Polish message when it refuses, keeping what was typed; checks the amount before sending", async () => {
    const calls: OwnerPaymentCall[] = [];
    const refuse = ownerPaymentsHandler(calls, () =>
      HttpResponse.json({ error: 'payment_date', message: 'Data wpłaty nie może być późniejsza niż dziś.' }, { status: 400 }),
    );
    const { user } = await openAsOwner('/admin/orders?id=o2', freshAdminRows(), [refuse]);
    const dialog = await screen.findByRole('dialog', { name: 'Zamówienie KT200000002' });
    await user.click(within(dialog).getByRole('button', { name: 'Oznacz jako opłacone' }));
    const form = within(dialog).getByRole('form', { name: 'Oznacz jako opłacone' });
    const amount = within(form).getByLabelText<HTMLInputElement>('Kwota (zł)');

    await user.clear(amount);
    await user.type(amount, '12zł');
    await user.click(within(form).getByRole('button', { name: 'Zapisz wpłatę' }));
    expect(within(form).getByText('Wpisz kwotę w złotych, np. 120,50.')).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '30');
    await user.selectOptions(within(form).getByLabelText('Sposób zapłaty'), 'cash');
    await user.click(within(form).getByRole('button', { name: 'Zapisz wpłatę' }));
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toBe('Data wpłaty nie może być późniejsza niż dziś.');
    expect(calls.map((call) => call.body)).toEqual([
      { action: 'mark-paid', orderId: 'o2', method: 'cash', amount: 3_000, receivedOn: today },
    ]);
    expect(amount.value).toBe('30');
    expect(within(form).getByLabelText<HTMLSelectElement>('Sposób zapłaty').value).toBe('cash');
  });

  it('refunds a cancelled order paid by transfer as made outside the shop, never more than was paid', async () => {
    const rows = freshAdminRows();
    const o2 = rows.find((row) => row.id === 'o2')!;
    o2.status = 'cancelled';
    o2.amount_paid = 3_000;
    o2.payments = [ledgerPayment({ id: 'pay-o2', provider: 'manual', amount_grosz: 3_000, received_on: '2026-10-06' })];
    const calls: OwnerPaymentCall[] = [];
    const { user } = await openAsOwner('/admin/orders?id=o2', rows, [ownerPaymentsHandler(calls)]);
    const dialog = await screen.findByRole('dialog', { name: 'Zamówienie KT200000002' });
    expect(text(dialog)).toContain('Status płatności: Opłacone');
    expect(text(dialog)).not.toContain('Do zapłaty');
    expect(text(dialog)).toContain('Zamówienie jest anulowane, a klient zapłacił. Do zwrotu pozostało 30,00 zł.');
    expect(within(dialog).queryByRole('button', { name: 'Oznacz jako opłacone' })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Zwróć pieniądze' }));
    const form = within(dialog).getByRole('form', { name: 'Zwróć pieniądze' });
    const amount = within(form).getByLabelText<HTMLInputElement>('Kwota zwrotu (zł)');
    expect(amount.value).toBe('30,00');
    expect(text(form)).toContain('Zwrot wykonany poza sklepem.');
    expect(within(form).getByLabelText<HTMLInputElement>('Data zwrotu').value).toBe(today);

    await user.clear(amount);
    await user.type(amount, '30,01');
    await user.click(within(form).getByRole('button', { name: 'Zapisz zwrot' }));
    expect(within(form).getByText(/Kwota zwrotu nie może przekraczać 30,00\s+zł/)).toBeTruthy();
    expect(calls).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '30');
    await user.type(within(form).getByLabelText('Powód zwrotu (opcjonalnie)'), 'Anulowane przez klienta');
    await user.click(within(form).getByRole('button', { name: 'Zapisz zwrot' }));
    expect(await within(dialog).findByText('Zapisano zwrot 30,00 zł.')).toBeTruthy();
    expect(calls.map((call) => call.body)).toEqual([
      { action: 'refund', orderId: 'o2', amount: 3_000, reason: 'Anulowane przez klienta', manual: { refundedOn: today } },
    ]);
  });

  it('sends the money of a cancelled order paid online back through the gateway', async () => {
    const rows = freshAdminRows();
    const o3 = rows.find((row) => row.id === 'o3')!;
    o3.status = 'cancelled';
    o3.amount_paid = 11_299;
    o3.payments = [
      ledgerPayment({
        id: 'pay-o3',
        provider: 'payu-rest',
        method: 'blik',
        amount_grosz: 11_299,
        completed_at: '2026-11-20T10:32:00.000Z',
      }),
    ];
    const calls: OwnerPaymentCall[] = [];
    const pending = ownerPaymentsHandler(calls, () => HttpResponse.json({ refundId: 'r-new', state: 'pending' }));
    const { user } = await openAsOwner('/admin/orders?id=o3', rows, [pending]);
    const dialog = await screen.findByRole('dialog', { name: 'Zamówienie KT300000003' });
    await user.click(within(dialog).getByRole('button', { name: 'Zwróć pieniądze' }));
    const form = within(dialog).getByRole('form', { name: 'Zwróć pieniądze' });
    const outside = within(form).getByRole('checkbox', { name: 'Zwrot wykonany poza sklepem (przelewem lub gotówką)' });
    expect((outside as HTMLInputElement).checked).toBe(false);
    expect(text(form)).toContain('Pieniądze wrócą do klienta przez bramkę, którą zapłacił.');
    expect(within(form).queryByLabelText('Data zwrotu')).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Zwróć pieniądze' }));
    expect(
      await within(dialog).findByText(/^Zlecono zwrot 112,99\s+zł\. Pieniądze wrócą do klienta przez bramkę płatności\.$/),
    ).toBeTruthy();
    expect(calls.map((call) => call.body)).toEqual([{ action: 'refund', orderId: 'o3', amount: 11_299 }]);
  });
});

describe('offline from the device’s copy', () => {
  it('reads a copy saved before the ledger as the migration did, and records no payment until the server is back', async () => {
    // A copy from before issue 35: no ledger fields on its orders.
    const ledgerFields = ['amountPaid', 'amountRefunded', 'payments', 'withdrawals'];
    const oldCopy = freshAdminRows().map((row) =>
      Object.fromEntries(Object.entries(toAdminOrder(row as OrderRow)).filter(([field]) => !ledgerFields.includes(field))),
    );
    const down = http.get('*/rest/v1/orders', () => HttpResponse.json({ message: 'boom' }, { status: 500 }));
    const { user, router } = await openAsOwner('/admin/orders', freshAdminRows(), [down]);
    const alert = await screen.findByRole('alert');
    // The copy is put on the device once the owner is signed in (signing in clears other accounts' copies).
    localStorage.setItem(
      `kwiaciarnia.admin.snapshot.${mockCustomer.id}`,
      JSON.stringify({ savedAt: '2026-11-20T12:00:00.000Z', orders: oldCopy, productCount: 3 }),
    );
    await user.click(within(alert).getByRole('button', { name: 'Spróbuj ponownie' }));
    await user.click(await screen.findByRole('button', { name: 'Szczegóły zamówienia KT200000002' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zamówienie KT200000002' });
    expect(text(dialog)).toContain('Do zapłaty przy odbiorze: 30,00 zł');
    const button = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Oznacz jako opłacone' });
    expect(button.disabled).toBe(true);
    expect(text(dialog)).toContain('Płatności zapiszesz, gdy połączenie z serwerem wróci.');

    await user.click(within(dialog).getByRole('button', { name: 'Zamknij' }));
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('id'));
    // KT100000001 was COMPLETED at the gateway: paid, as the ledger's migration recorded it.
    expect(within(screen.getByRole('listitem', { name: 'Zamówienie KT100000001' })).getByText('Opłacone')).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: 'Zamówienie KT200000002' })).getByText('Nieopłacone')).toBeTruthy();
  });
});

describe("'Realizacja': paid or to collect, and 'Dostarczone' on an unpaid order", () => {
  const day = plainWeekday(addDays(today, 2));
  const dayRows = (): OrderRow[] => [
    floristRow({ id: 'unpaid', payu_order_id: 'KT800000001', delivery_date: day, fulfilment_state: 'out-for-delivery' }),
    floristRow({
      id: 'paid',
      payu_order_id: 'KT800000002',
      delivery_date: day,
      fulfilment_state: 'out-for-delivery',
      amount_paid: 17_000,
      payments: [ledgerPayment({ id: 'pay-paid', provider: 'payu-rest', method: 'blik', amount_grosz: 17_000 })],
    }),
  ];

  it("marks each order 'Opłacone' or 'Do pobrania' on screen and on the driver's slip", async () => {
    const { user } = await openAsOwner(`/admin/realizacja?date=${day}`, dayRows());
    const unpaid = await screen.findByRole('article', { name: 'Zamówienie KT800000001' });
    const paid = screen.getByRole('article', { name: 'Zamówienie KT800000002' });
    expect(text(unpaid)).toContain('Do pobrania: 170,00 zł');
    expect(within(paid).getByText('Opłacone')).toBeTruthy();
    Object.defineProperty(window, 'print', { configurable: true, value: () => undefined });
    await user.click(screen.getByRole('button', { name: 'Drukuj wszystkie zamówienia dnia' }));
    const sheet = screen.getByTestId('print-sheet');
    const slip = (number: string) =>
      within(within(sheet).getByRole('article', { name: `Bilet zamówienia ${number}` })).getByRole('region', { name: 'Dla kierowcy' });
    expect(text(slip('KT800000001'))).toContain('PłatnośćDo pobrania: 170,00 zł');
    expect(text(slip('KT800000002'))).toContain('PłatnośćOpłacone');
  });

  it("asks before marking an unpaid order 'Dostarczone', and changes nothing until confirmed", async () => {
    const patches: StatusPatch[] = [];
    const { user } = await openAsOwner(`/admin/realizacja?date=${day}`, dayRows(), [], patches);
    const unpaid = await screen.findByRole('article', { name: 'Zamówienie KT800000001' });
    await user.click(within(unpaid).getByRole('button', { name: 'Dostarczone – zamówienie KT800000001' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Dostarczenie zamówienia KT800000001' });
    expect(text(confirm)).toContain('Zamówienie nie jest opłacone (do zapłaty 170,00 zł). Oznaczyć jako dostarczone?');
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Nie zmieniaj' }));
    await user.click(within(confirm).getByRole('button', { name: 'Nie zmieniaj' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(patches).toEqual([]);
    expect(within(unpaid).getByLabelText<HTMLSelectElement>('Stan realizacji zamówienia KT800000001').value).toBe('out-for-delivery');

    // The select asks the same.
    await user.selectOptions(within(unpaid).getByLabelText('Stan realizacji zamówienia KT800000001'), 'delivered');
    const again = await screen.findByRole('alertdialog', { name: 'Dostarczenie zamówienia KT800000001' });
    await user.click(within(again).getByRole('button', { name: 'Oznacz jako dostarczone' }));
    await waitFor(() => expect(patches).toEqual([{ id: 'unpaid', from: 'out-for-delivery', body: { fulfilment_state: 'delivered' } }]));

    // A paid order is delivered at once.
    const paid = screen.getByRole('article', { name: 'Zamówienie KT800000002' });
    await user.click(within(paid).getByRole('button', { name: 'Dostarczone – zamówienie KT800000002' }));
    await waitFor(() => expect(patches).toHaveLength(2));
    expect(patches[1]).toEqual({ id: 'paid', from: 'out-for-delivery', body: { fulfilment_state: 'delivered' } });
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks the same inside the order’s detail, and the detail stays open', async () => {
    const patches: StatusPatch[] = [];
    const { user } = await openAsOwner('/admin/orders?id=unpaid', dayRows(), [], patches);
    const detail = await screen.findByRole('dialog', { name: 'Zamówienie KT800000001' });
    expect(text(detail)).toContain('Do zapłaty przy dostawie: 170,00 zł');
    await user.click(within(detail).getByRole('button', { name: 'Dostarczone – zamówienie KT800000001' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Dostarczenie zamówienia KT800000001' });
    await user.click(within(confirm).getByRole('button', { name: 'Nie zmieniaj' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Zamówienie KT800000001' })).toBeTruthy();
    expect(patches).toEqual([]);
  });
});
