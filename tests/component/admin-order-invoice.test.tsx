import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  loadInvoiceJobProblem,
  loadOrderInvoices,
  requestInvoice,
  type AdminInvoice,
} from '../../src/features/admin/invoices/invoices-api.ts';
import { loadSnapshot, saveSnapshot } from '../../src/features/admin/orders/orders-cache.ts';
import { toAdminOrder, type OrderRow } from '../../src/features/admin/orders/order.ts';
import { OrderInvoiceSection } from '../../src/features/admin/orders/order-invoice.tsx';

// The owner's reads and the function call; the real ones are in tests/integration/invoices.test.ts.
vi.mock('../../src/features/admin/invoices/invoices-api.ts', () => ({
  loadOrderInvoices: vi.fn(),
  loadInvoiceJobProblem: vi.fn(async () => null),
  requestInvoice: vi.fn(),
}));

const ISSUED: AdminInvoice = {
  id: 'inv-1',
  number: 'FV/2027/01/3',
  kind: 'VAT',
  state: 'rejected',
  ksefNumber: null,
  rejectionReason: 'Błędny NIP nabywcy',
  lastError: null,
  issuedAt: '2027-01-15T09:00:00Z',
};

const row: OrderRow = {
  id: '0b6a3c59-0000-4000-8000-000000000002',
  payu_order_id: 'KT123456780',
  created_at: '2026-11-24T08:00:00Z',
  status: 'pending',
  total: 120,
  delivery_method: 'store',
  delivery_address: null,
  customer_name: 'Anna Nowak',
  customer_email: 'anna@example.pl',
  customer_phone: '+48 600 100 200',
  payment_method: 'transfer',
  payu_status: null,
  tracking_number: null,
  tracking_url: null,
  invoice: { nip: '7740001454', company: 'Kwiaty Nowak sp. z o.o.', address: 'ul. Długa 1\n37-740 Bircza' },
};

/** The detail's 'Faktura' section of `row`, paid by `paymentMethod`. */
function renderSection(paymentMethod: string, paidInFull: boolean) {
  return render(
    <OrderInvoiceSection
      invoice={toAdminOrder(row).invoice!}
      orderId={row.id}
      orderNumber={row.payu_order_id}
      paymentMethod={paymentMethod}
      paidInFull={paidInFull}
    />,
  );
}

describe('the invoice in the admin order detail (issue 19)', () => {
  it('shows the NIP in its usual groups, the company and its address', () => {
    vi.mocked(loadOrderInvoices).mockResolvedValue([]);
    renderSection('transfer', false);
    expect(screen.getByRole('region', { name: 'Faktura' })).toBeTruthy();
    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    const values = screen.getAllByRole('definition').map((value) => value.textContent);
    expect(terms).toEqual(['NIP', 'Nazwa firmy', 'Adres firmy']);
    expect(values).toEqual(['774-000-14-54', 'Kwiaty Nowak sp. z o.o.', 'ul. Długa 1\n37-740 Bircza']);
  });

  it("offers 'Wystaw fakturę' for a transfer order without one, then lists it with its state", async () => {
    vi.mocked(loadOrderInvoices).mockResolvedValueOnce([]).mockResolvedValueOnce([ISSUED]);
    vi.mocked(requestInvoice).mockResolvedValue({ ok: true });
    renderSection('transfer', false);
    fireEvent.click(await screen.findByRole('button', { name: 'Wystaw fakturę' }));
    expect(vi.mocked(requestInvoice)).toHaveBeenCalledWith({ action: 'issue', orderId: row.id });
    expect(await screen.findByText('Faktura FV/2027/01/3')).toBeTruthy();
    expect(screen.getByText(/Odrzucona: Błędny NIP nabywcy/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Wystaw fakturę' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Wystaw korektę' })).toBeTruthy();
  });

  it('says the shop issues the invoice on payment for an online-paid order, and shows a refusal', async () => {
    vi.mocked(loadOrderInvoices).mockResolvedValue([{ ...ISSUED, state: 'issued' }]);
    vi.mocked(requestInvoice).mockResolvedValue({ ok: false, message: 'Nie ma czego korygować.' });
    renderSection('payu', false);
    fireEvent.click(await screen.findByRole('button', { name: 'Wystaw korektę' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Nie ma czego korygować.');
  });

  it("offers 'Wystaw fakturę' for an online order only once paid, and says why the payment's invoice did not come", async () => {
    vi.mocked(loadOrderInvoices).mockResolvedValue([]);
    vi.mocked(loadInvoiceJobProblem).mockResolvedValue({
      gaveUp: true,
      reason: 'Uzupełnij w ustawieniach (Faktury i VAT): NIP sprzedawcy.',
    });
    const view = renderSection('payu', true);
    expect(await screen.findByText(/^Sklep nie wystawił faktury po płatności: Uzupełnij w ustawieniach/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Wystaw fakturę' })).toBeTruthy();
    view.unmount();

    vi.mocked(loadInvoiceJobProblem).mockResolvedValue(null);
    renderSection('payu', false);
    expect(await screen.findByText('Sklep wystawi fakturę, gdy wpłynie płatność.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Wystaw fakturę' })).toBeNull();
  });

  it('reads an order without an invoice, or a malformed one, as none', () => {
    expect(toAdminOrder({ ...row, invoice: null }).invoice).toBeNull();
    expect(toAdminOrder({ ...row, invoice: undefined }).invoice).toBeNull();
    expect(toAdminOrder({ ...row, invoice: { nip: 7740001454 } }).invoice).toBeNull();
  });

  it('keeps the invoice in the offline copy, and reads a copy saved before invoices existed as without', () => {
    const order = toAdminOrder(row);
    saveSnapshot('owner-1', { savedAt: '2026-11-24T08:00:00Z', orders: [order], productCount: 1 });
    expect(loadSnapshot('owner-1')?.orders[0]?.invoice).toEqual(order.invoice);

    const { invoice: _dropped, ...older } = order;
    localStorage.setItem(
      Object.keys(localStorage).find((key) => key.endsWith('snapshot.owner-1'))!,
      JSON.stringify({ savedAt: '2026-11-01T08:00:00Z', orders: [older], productCount: 1 }),
    );
    expect(loadSnapshot('owner-1')?.orders[0]?.invoice).toBeNull();
  });

  it("shows each invoice's way through KSeF in Polish, and 'Wyślij ponownie' only for a refused one", async () => {
    vi.mocked(loadOrderInvoices)
      .mockResolvedValueOnce([
        { ...ISSUED, id: 'a', number: 'FV/1', state: 'issued', rejectionReason: null },
        {
          ...ISSUED,
          id: 'b',
          number: 'FV/2',
          state: 'queued',
          rejectionReason: null,
          lastError: 'KSeF nie odpowiada. Sklep spróbuje ponownie.',
        },
        { ...ISSUED, id: 'c', number: 'FV/3', state: 'sent', rejectionReason: null },
        { ...ISSUED, id: 'd', number: 'FV/4', state: 'accepted', rejectionReason: null, ksefNumber: '5265877635-20261128-0100001AF629-AF' },
        { ...ISSUED, id: 'e', number: 'FV/5' },
      ])
      .mockResolvedValue([]);
    vi.mocked(requestInvoice).mockResolvedValue({ ok: false, message: 'Faktura nadal nie spełnia wymogów KSeF.' });
    renderSection('transfer', false);
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.textContent!.replace(/^.*\) · /, ''))).toEqual([
      'Czeka na wysłanie',
      'Czeka na wysłanieKSeF nie odpowiada. Sklep spróbuje ponownie.',
      'Wysłana',
      'Przyjęta: nr KSeF 5265877635-20261128-0100001AF629-AFPobierz PDF',
      'Odrzucona: Błędny NIP nabywcyWyślij ponownie',
    ]);
    const resend = screen.getByRole('button', { name: 'Wyślij ponownie fakturę FV/5' });
    expect(screen.getAllByRole('button', { name: /Wyślij ponownie/ })).toHaveLength(1);
    // The customer's PDF exists only once KSeF accepted the invoice.
    expect(screen.getAllByRole('button', { name: 'Pobierz PDF' })).toHaveLength(1);
    fireEvent.click(resend);
    expect(vi.mocked(requestInvoice)).toHaveBeenCalledWith({ action: 'resend', invoiceId: 'e' });
    expect((await screen.findByRole('alert')).textContent).toBe('Faktura nadal nie spełnia wymogów KSeF.');
  });
});
