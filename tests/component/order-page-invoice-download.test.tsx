import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../mocks/node.ts';
import { renderRoute, withBackendMetaAndConsent } from './render-route.tsx';

withBackendMetaAndConsent();

const INVOICE_ID = '5f0c2a52-8a8e-4d3c-9d57-0a4b8f1f2e01';
const CORRECTION_ID = '5f0c2a52-8a8e-4d3c-9d57-0a4b8f1f2e02';

const ORDER = {
  number: 'KT2611240002',
  createdAt: '2026-11-24T10:00:00Z',
  status: 'completed',
  fulfilmentState: 'delivered',
  paid: true,
  items: [{ name: 'Znicz szklany', quantity: 1, price: 2500 }],
  services: [],
  subtotal: 2500,
  shipping: 0,
  total: 2500,
  deliveryMethod: 'store',
  deliveryAddress: null,
  deliveryDate: '2026-11-28',
  deliveryWindowLabel: null,
  pickupTime: '10:00',
  recipient: null,
  paymentMethod: 'payu',
  payment: null,
  invoice: { nip: '7740001454', company: 'Kwiaty Nowak sp. z o.o.', address: 'ul. Długa 1, 37-740 Bircza' },
};

const PDF = new TextEncoder().encode('%PDF-1.7 faktura');

/** order-page as the function answers: the view, or for { invoiceId } the PDF (or its JSON refusal). */
function serve(invoices: unknown[], refusal: { status: number; message: string } | null = null) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post('*/functions/v1/order-page', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      if (!body.invoiceId) return HttpResponse.json({ ...ORDER, invoices });
      if (refusal) return HttpResponse.json({ error: 'invoice_not_found', message: refusal.message }, { status: refusal.status });
      return new HttpResponse(PDF, {
        headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="Faktura-FV-2026-11-3.pdf"' },
      });
    }),
  );
  return bodies;
}

describe('the invoice download on the order page', () => {
  const saved: { name: string; blob: Blob }[] = [];
  beforeEach(() => {
    saved.length = 0;
    const blobs = new Map<string, Blob>();
    URL.createObjectURL = vi.fn((blob: Blob) => {
      const url = `blob:test/${blobs.size}`;
      blobs.set(url, blob);
      return url;
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, blob: blobs.get(this.href)! });
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it("offers 'Pobierz fakturę (PDF)' once an invoice is accepted, and saves the PDF asked for with the link's token", async () => {
    const bodies = serve([
      { id: INVOICE_ID, number: 'FV/2026/11/3', kind: 'VAT' },
      { id: CORRECTION_ID, number: 'KOR/FV/2026/11/1', kind: 'KOR' },
    ]);
    await renderRoute('/zamowienie/KT2611240002?t=abc_token');
    const button = await screen.findByRole('button', { name: 'Pobierz fakturę (PDF)' });
    expect(screen.getByRole('button', { name: 'Pobierz fakturę korygującą KOR/FV/2026/11/1 (PDF)' })).toBeTruthy();
    fireEvent.click(button);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('Faktura-FV-2026-11-3.pdf');
    expect(new Uint8Array(await saved[0]!.blob.arrayBuffer())).toEqual(PDF);
    expect(bodies.at(-1)).toEqual({ number: 'KT2611240002', invoiceId: INVOICE_ID, token: 'abc_token' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the server’s Polish message when there is no file to save', async () => {
    serve([{ id: INVOICE_ID, number: 'FV/2026/11/3', kind: 'VAT' }], {
      status: 404,
      message: 'Nie znaleźliśmy takiej faktury do tego zamówienia.',
    });
    await renderRoute('/zamowienie/KT2611240002?t=abc_token');
    fireEvent.click(await screen.findByRole('button', { name: 'Pobierz fakturę (PDF)' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Nie znaleźliśmy takiej faktury do tego zamówienia.');
    expect(saved).toEqual([]);
  });

  it('offers no download before KSeF accepted an invoice (and for an answer from before invoices)', async () => {
    serve([]);
    await renderRoute('/zamowienie/KT2611240002?t=abc_token');
    expect(await screen.findByRole('heading', { level: 2, name: 'Faktura' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Pobierz fakturę/ })).toBeNull();
  });
});
