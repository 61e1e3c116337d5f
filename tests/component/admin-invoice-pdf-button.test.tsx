import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { InvoicePdfButton } from '../../src/features/admin/invoices/invoice-pdf-button.tsx';
import { downloadInvoicePdf } from '../../src/lib/invoice-pdf-download.ts';

// The request itself is the order page's (tests/component/order-page-invoice-download.test.tsx, tests/integration/invoice-copy.test.ts).
vi.mock('../../src/lib/invoice-pdf-download.ts', () => ({ downloadInvoicePdf: vi.fn() }));
vi.mock('../../src/lib/supabase.ts', () => ({
  getSupabase: async () => ({ auth: { getSession: async () => ({ data: { session: { access_token: 'owner-session' } } }) } }),
}));

const INVOICE_ID = '5f0c2a52-8a8e-4d3c-9d57-0a4b8f1f2e01';

describe("the owner's 'Pobierz PDF'", () => {
  it('is there only for an invoice KSeF accepted', () => {
    const { rerender } = render(<InvoicePdfButton orderNumber="KT123456780" invoice={{ id: INVOICE_ID, state: 'sent' }} />);
    expect(screen.queryByRole('button')).toBeNull();
    rerender(<InvoicePdfButton orderNumber="KT123456780" invoice={{ id: INVOICE_ID, state: 'accepted' }} />);
    expect(screen.getByRole('button', { name: 'Pobierz PDF' })).toBeTruthy();
  });

  it('asks for this invoice of this order with her session, and shows a refusal in Polish', async () => {
    vi.mocked(downloadInvoicePdf).mockResolvedValueOnce(null).mockResolvedValueOnce('Nie znaleźliśmy takiej faktury do tego zamówienia.');
    render(<InvoicePdfButton orderNumber="KT123456780" invoice={{ id: INVOICE_ID, state: 'accepted' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Pobierz PDF' }));
    await waitFor(() => expect(downloadInvoicePdf).toHaveBeenCalledWith({ number: 'KT123456780', invoiceId: INVOICE_ID }, 'owner-session'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pobierz PDF' })).toBeTruthy());
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Pobierz PDF' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Nie znaleźliśmy takiej faktury do tego zamówienia.');
  });
});
