import type { ReactNode } from 'react';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { grosz } from '../../src/domain/money.ts';
import { loadInvoiceList, type InvoiceListEntry } from '../../src/features/admin/invoices/invoice-list.ts';
import { requestInvoice } from '../../src/features/admin/invoices/invoices-api.ts';
import { InvoicesPage } from '../../src/features/admin/invoices/invoices-page.tsx';

// The owner's reads and the function call; the real ones are in tests/integration/ksef-send.test.ts.
vi.mock('../../src/features/admin/invoices/invoice-list.ts', () => ({ loadInvoiceList: vi.fn() }));
vi.mock('../../src/features/admin/invoices/invoices-api.ts', () => ({ requestInvoice: vi.fn() }));

const ACCEPTED: InvoiceListEntry = {
  id: 'a6b1c2d3-0000-4000-8000-000000000001',
  number: 'FV/2026/11/7',
  kind: 'VAT',
  state: 'accepted',
  issueDate: '2026-11-28',
  buyer: 'Kwiaty Nowak sp. z o.o.',
  gross: grosz(14_900),
  ksefNumber: '5265877635-20261128-0100001AF629-AF',
  rejectionReason: null,
  orderId: '0b6a3c59-0000-4000-8000-000000000002',
  orderNumber: 'KT123456780',
};
const REJECTED: InvoiceListEntry = {
  ...ACCEPTED,
  id: 'a6b1c2d3-0000-4000-8000-000000000002',
  number: 'KOR/FV/2026/11/1',
  kind: 'KOR',
  state: 'rejected',
  gross: grosz(-4_000),
  ksefNumber: null,
  rejectionReason: 'Błąd weryfikacji pliku faktury (kod 430)',
};

async function renderPage(ui: ReactNode = <InvoicesPage />) {
  const rootRoute = createRootRoute({ component: () => ui });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/admin/invoices'] }) });
  await router.load();
  return render(<RouterProvider router={router} />);
}

beforeEach(() => {
  vi.mocked(loadInvoiceList).mockReset();
  vi.mocked(requestInvoice).mockReset();
});

describe("the owner's 'Faktury' page", () => {
  it('lists invoices newest first with number, date, buyer, gross, kind, KSeF state and a link to the order', async () => {
    vi.mocked(loadInvoiceList).mockResolvedValue([ACCEPTED, REJECTED]);
    await renderPage();
    expect(screen.getByRole('status').textContent).toBe('Wczytywanie faktur…');
    const list = await screen.findByRole('list', { name: 'Lista faktur' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('heading').textContent)).toEqual(['Faktura FV/2026/11/7', 'Korekta KOR/FV/2026/11/1']);
    const first = rows[0]!;
    expect(first.textContent).toContain('28.11.2026');
    expect(first.textContent).toContain('Kwiaty Nowak sp. z o.o.');
    expect(first.textContent).toContain('149,00\u00a0zł');
    expect(first.textContent).toContain('Przyjęta');
    expect(first.textContent).toContain('nr KSeF 5265877635-20261128-0100001AF629-AF');
    expect(within(first).getByRole('link', { name: 'KT123456780' }).getAttribute('href')).toBe(
      '/admin/orders?id=0b6a3c59-0000-4000-8000-000000000002',
    );
    expect(rows[1]!.textContent).toContain('-40,00\u00a0zł');
    expect(rows[1]!.textContent).toContain('Odrzucona');
    expect(rows[1]!.textContent).toContain('Powód: Błąd weryfikacji pliku faktury (kod 430)');
    expect(within(first).queryByRole('button')).toBeNull();
  });

  it('asks for the chosen state only, and says when none is in it', async () => {
    vi.mocked(loadInvoiceList).mockResolvedValueOnce([ACCEPTED]).mockResolvedValueOnce([]);
    await renderPage();
    await screen.findByRole('list', { name: 'Lista faktur' });
    fireEvent.change(screen.getByLabelText('Stan w KSeF'), { target: { value: 'rejected' } });
    expect(await screen.findByText('Brak faktur w tym stanie.')).toBeTruthy();
    expect(vi.mocked(loadInvoiceList).mock.calls).toEqual([[null], [['rejected']]]);
  });

  it('says when the shop has no invoice yet, and offers to try again after a failed read', async () => {
    vi.mocked(loadInvoiceList).mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce([]);
    await renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Nie udało się wczytać faktur.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Spróbuj ponownie' }));
    expect(await screen.findByText('Sklep nie wystawił jeszcze żadnej faktury.')).toBeTruthy();
  });

  it("resends a rejected invoice with 'Wyślij ponownie' and reads the list again; a refusal is shown", async () => {
    vi.mocked(loadInvoiceList)
      .mockResolvedValueOnce([REJECTED])
      .mockResolvedValueOnce([{ ...REJECTED, state: 'issued', rejectionReason: null }])
      .mockResolvedValue([REJECTED]);
    vi.mocked(requestInvoice).mockResolvedValueOnce({ ok: true });
    await renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Wyślij ponownie fakturę KOR/FV/2026/11/1' }));
    expect(vi.mocked(requestInvoice)).toHaveBeenCalledWith({ action: 'resend', invoiceId: REJECTED.id });
    expect(await screen.findByText('Czeka na wysłanie')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Wyślij ponownie/ })).toBeNull();
  });
});
