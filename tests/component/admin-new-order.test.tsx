import 'fake-indexeddb/auto';
import { fireEvent, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NewOrderForm, type PickableProduct } from '../../src/features/admin/new-order/new-order-form.tsx';
import { NEW_ORDER_DRAFT_KEY } from '../../src/features/admin/new-order/new-order-draft.ts';
import { sendOwnerOrders } from '../../src/features/admin/new-order/new-order-outbox.ts';
import { db } from '../../src/lib/db.ts';
import { getSupabase } from '../../src/lib/supabase.ts';
import { mockCustomer } from '../../mocks/fixtures.ts';
import { server } from '../../mocks/node.ts';

const PRODUCTS: PickableProduct[] = [
  { id: '811546a5-832e-49cf-b3c0-9e29122b2d96', productId: '811546a5-832e-49cf-b3c0-9e29122b2d96', name: 'Róże czerwone', price: 8_900 },
];

function renderForm() {
  return render(<NewOrderForm products={PRODUCTS} onDone={() => undefined} />);
}

const type = (label: string, value: string) => fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });

afterEach(() => localStorage.removeItem(NEW_ORDER_DRAFT_KEY));

describe("'Nowe zamówienie': the owner's form", () => {
  it('keeps what was typed when the form is closed and opened again (a reload, a dropped connection)', () => {
    const first = renderForm();
    type('Nazwisko', 'Kwiatkowska');
    type('Telefon', '+48 600 111 222');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Bukiet na zamówienie' }));
    type('Opis bukietu', 'Wiązanka z białych lilii');
    first.unmount();

    renderForm();
    expect((screen.getByRole('textbox', { name: 'Nazwisko' }) as HTMLInputElement).value).toBe('Kwiatkowska');
    expect((screen.getByRole('textbox', { name: 'Telefon' }) as HTMLInputElement).value).toBe('+48 600 111 222');
    expect((screen.getByRole('textbox', { name: 'Opis bukietu' }) as HTMLInputElement).value).toBe('Wiązanka z białych lilii');
  });

  it('names every problem in Polish beside its field, and sends nothing', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('*/functions/v1/owner-order', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    renderForm();
    type('Kwota rabatu (zł)', '10');
    fireEvent.click(screen.getByRole('button', { name: 'Przyjmij zamówienie' }));

    expect((await screen.findByText('Popraw zaznaczone pola.')).getAttribute('role')).toBe('alert');
    expect(screen.getByText('Podaj nazwisko klienta (zamówienie telefoniczne)')).toBeTruthy();
    expect(screen.getByText('Podaj telefon klienta (zamówienie telefoniczne)')).toBeTruthy();
    expect(screen.getByText('Dodaj produkt lub bukiet na zamówienie')).toBeTruthy();
    expect(screen.getByText('Podaj powód rabatu')).toBeTruthy();
    expect(screen.getByText('Wybierz dzień')).toBeTruthy();
    // The field says which message is its own.
    const surname = screen.getByRole('textbox', { name: 'Nazwisko' });
    expect(surname.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(surname.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Podaj nazwisko klienta (zamówienie telefoniczne)',
    );
    expect(sent).toEqual([]);
  });

  it('a walk-in needs no customer: the customer fields are optional in the shop', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('radio', { name: 'W sklepie' }));
    expect(screen.getByText('(opcjonalnie)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Przyjmij zamówienie' }));
    await screen.findByText('Popraw zaznaczone pola.');
    expect(screen.queryByText('Podaj nazwisko klienta (zamówienie telefoniczne)')).toBeNull();
    expect(screen.getByText('Dodaj produkt lub bukiet na zamówienie')).toBeTruthy();
  });

  it('keeps an order typed offline in the outbox and sends it once, under its key, when the device is online', async () => {
    let online = false;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    const sent: Array<{ clientRequestId: string }> = [];
    server.use(
      http.post('*/functions/v1/delivery-availability', () => HttpResponse.json({ days: [], today: '2026-12-01', services: [] })),
      http.post('*/functions/v1/owner-order', async ({ request }) => {
        sent.push((await request.json()) as { clientRequestId: string });
        return HttpResponse.json(
          { order: { id: 'o-1', orderNumber: 'KT000000001', total: 8_900, amountPaid: 0, capacityOverridden: false }, replayed: false },
          { status: 201 },
        );
      }),
    );
    document.head.innerHTML =
      '<meta name="supabase-url" content="http://backend.test" /><meta name="supabase-anon-key" content="anon-test-key" />';
    await db.ownerOrders.clear();
    const supabase = await getSupabase();
    const { error } = await supabase.auth.signInWithPassword({ email: mockCustomer.email, password: mockCustomer.password });
    if (error) throw error;
    const key = '5b0c6f9e-3d1a-4c2b-9e8f-7a6b5c4d3e2f';
    localStorage.setItem(
      NEW_ORDER_DRAFT_KEY,
      JSON.stringify({
        clientRequestId: key,
        lastName: 'Kwiatkowska',
        phone: '+48 600 111 222',
        lines: [{ productId: PRODUCTS[0]!.id, name: PRODUCTS[0]!.name, price: 8_900, quantity: 1 }],
        deliveryDate: '2026-12-10',
        pickupTime: '10:00',
        payment: 'transfer',
      }),
    );
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Przyjmij zamówienie' }));
    await screen.findByText(/zamówienie zapisano na tym urządzeniu/);
    expect(sent).toEqual([]);
    expect(localStorage.getItem(NEW_ORDER_DRAFT_KEY)).toBeNull();
    expect(await db.ownerOrders.toArray()).toMatchObject([{ key, userId: mockCustomer.id, status: 'queued' }]);

    online = true;
    await sendOwnerOrders(true);
    await sendOwnerOrders(true);
    expect(sent.map((body) => body.clientRequestId)).toEqual([key]);
    expect(await db.ownerOrders.get(key)).toMatchObject({ status: 'sent', orderNumber: 'KT000000001' });
    await supabase.auth.signOut();
  });
});
