import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_CHECKOUT_FORM } from '../../src/domain/checkout-schema.ts';
import { findDeviceOrder } from '../../src/features/orders-sync/device-orders.ts';
import { putOutboxEntry, type OutboxEntry } from '../../src/features/orders-sync/outbox.ts';
import { sendOutbox } from '../../src/features/orders-sync/outbox-sender.ts';
import { db } from '../../src/lib/db.ts';

/** Issue 19: an order kept offline keeps its invoice until it is sent, and the confirmation page reads it back. */

const backend = { url: 'http://backend.test', anonKey: 'anon' };
const invoiceFields = {
  wantsInvoice: true,
  invoiceNip: 'PL 774-000-14-54',
  invoiceCompany: 'Kwiaty Nowak',
  invoiceAddress: 'ul. Długa 1, Bircza',
};

function queued(key: string, checkout: OutboxEntry['request']['checkout']): OutboxEntry {
  return {
    clientRequestId: key,
    status: 'queued',
    createdAt: '2026-11-24T10:00:00.000Z',
    attempts: 0,
    request: { clientRequestId: key, checkout, items: [{ productId: 'p', quantity: 1 }] },
    localNumber: `L-${key}`,
    paymentMethod: 'transfer',
    deliveryMethod: 'store',
    customerEmail: 'anna@example.pl',
    userPlaced: false,
    estimatedTotal: 10,
    queuedOffline: true,
  };
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(async () => {
  await db.outbox.clear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('an offline order with an invoice', () => {
  it('sends the invoice fields as the customer typed them once online', async () => {
    const order = {
      id: 'id-1',
      orderNumber: 'KT000000009',
      status: 'pending',
      subtotal: 10,
      shippingCost: 0,
      total: 10,
      createdAt: '',
      clientRequestId: 'k1',
    };
    fetchMock.mockImplementation(async () => new Response(JSON.stringify({ order, replayed: false }), { status: 201 }));
    await putOutboxEntry(queued('k1', { ...EMPTY_CHECKOUT_FORM, firstName: 'Anna', ...invoiceFields }));

    await sendOutbox({ backend, accessTokenFor: async () => null });
    const body = JSON.parse(String(fetchMock.mock.calls[0]![1]?.body)) as { checkout: Record<string, unknown> };
    expect(body.checkout).toMatchObject(invoiceFields);

    const found = await findDeviceOrder('KT000000009');
    expect({ total: found?.total, invoice: found?.invoice }).toEqual({
      total: 1000,
      invoice: { nip: '7740001454', company: 'Kwiaty Nowak', address: 'ul. Długa 1, Bircza' },
    });
  });

  it('reads an order queued by an older version (no invoice fields) as one without an invoice', async () => {
    const { wantsInvoice: _w, invoiceNip: _n, invoiceCompany: _c, invoiceAddress: _a, ...older } = EMPTY_CHECKOUT_FORM;
    const order = {
      id: 'id-2',
      orderNumber: 'KT000000010',
      status: 'pending',
      subtotal: 5,
      shippingCost: 0,
      total: 5,
      createdAt: '',
      clientRequestId: 'k2',
    };
    await putOutboxEntry({ ...queued('k2', older as OutboxEntry['request']['checkout']), status: 'sent', order });
    const found = await findDeviceOrder('KT000000010');
    expect({ total: found?.total, invoice: found?.invoice }).toEqual({ total: 500, invoice: null });
  });
});
