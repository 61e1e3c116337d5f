import 'fake-indexeddb/auto';
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../mocks/node.ts';
import { renderRoute, withBackendMetaAndConsent } from './render-route.tsx';

withBackendMetaAndConsent();

const ORDER = {
  number: 'KT2611240002',
  createdAt: '2026-11-24T10:00:00Z',
  status: 'pending',
  fulfilmentState: 'to-do',
  paid: false,
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
  paymentMethod: 'transfer',
  payment: null,
};

function serveOrder(order: Record<string, unknown>) {
  server.use(http.post('*/functions/v1/order-page', () => HttpResponse.json(order)));
}

describe('the invoice on the order page (issue 19)', () => {
  it("lists the invoice's NIP, company and address under 'Faktura'", async () => {
    serveOrder({ ...ORDER, invoice: { nip: '7740001454', company: 'Kwiaty Nowak sp. z o.o.', address: 'ul. Długa 1, 37-740 Bircza' } });
    await renderRoute('/zamowienie/KT2611240002?t=abc_token');
    expect(await screen.findByRole('heading', { level: 2, name: 'Faktura' })).toBeTruthy();
    expect(screen.getByText('774-000-14-54')).toBeTruthy();
    expect(screen.getByText('Kwiaty Nowak sp. z o.o.')).toBeTruthy();
    expect(screen.getByText('ul. Długa 1, 37-740 Bircza')).toBeTruthy();
  });

  it("has no 'Faktura' for an order without one, nor for an answer from before invoices", async () => {
    serveOrder({ ...ORDER, invoice: null });
    await renderRoute('/zamowienie/KT2611240002?t=abc_token');
    expect(await screen.findByRole('heading', { level: 1, name: 'Zamówienie KT2611240002' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Faktura' })).toBeNull();
  });

  it('reads an answer without the invoice field (a function deployed before it) as no invoice', async () => {
    serveOrder(ORDER);
    await renderRoute('/zamowienie/KT2611240002?t=abc_token');
    expect(await screen.findByRole('heading', { level: 1, name: 'Zamówienie KT2611240002' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Faktura' })).toBeNull();
  });
});
