import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_CHECKOUT_FORM } from '../../src/domain/checkout-schema.ts';
import { getOutboxEntry, putOutboxEntry, type OutboxEntry } from '../../src/features/orders-sync/outbox.ts';
import { retryDelayMs, sendOutbox } from '../../src/features/orders-sync/outbox-sender.ts';
import { db } from '../../src/lib/db.ts';

const backend = { url: 'http://backend.test', anonKey: 'anon' };
const noToken = async () => null;

function entry(key: string, overrides: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    clientRequestId: key,
    status: 'queued',
    createdAt: '2026-11-21T10:00:00.000Z',
    attempts: 1,
    request: { clientRequestId: key, checkout: { ...EMPTY_CHECKOUT_FORM, firstName: 'Anna' }, items: [{ productId: 'p', quantity: 1 }] },
    localNumber: `L-${key}`,
    paymentMethod: 'transfer',
    deliveryMethod: 'store',
    customerEmail: 'anna@example.pl',
    userPlaced: false,
    estimatedTotal: 10,
    queuedOffline: true,
    ...overrides,
  };
}

function placedAnswer(key: string, number: string) {
  return new Response(
    JSON.stringify({
      order: {
        id: `id-${key}`,
        orderNumber: number,
        status: 'pending',
        subtotal: 10,
        shippingCost: 0,
        total: 10,
        createdAt: '2026-11-21T10:00:01Z',
        clientRequestId: key,
      },
      replayed: false,
    }),
    { status: 201, headers: { 'Content-Type': 'application/json' } },
  );
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(async () => {
  await db.outbox.clear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('outbox sender', () => {
  it('sends a queued order once and keeps the shop’s number', async () => {
    fetchMock.mockImplementation(async () => placedAnswer('k1', 'KT000000001'));
    await putOutboxEntry(entry('k1'));
    expect(await sendOutbox({ backend, accessTokenFor: noToken })).toEqual({ ran: true, sent: 1, failed: 0, waiting: 0 });
    const stored = await getOutboxEntry('k1');
    expect(stored?.status).toBe('sent');
    expect(stored?.order?.orderNumber).toBe('KT000000001');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('http://backend.test/functions/v1/place-order');
    expect(JSON.parse(String(init?.body))).toMatchObject({ clientRequestId: 'k1' });
    await sendOutbox({ backend, accessTokenFor: noToken, force: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('never sends the same order twice when two senders start together', async () => {
    fetchMock.mockImplementation(async (_url, init) => {
      const { clientRequestId } = JSON.parse(String(init?.body)) as { clientRequestId: string };
      return placedAnswer(clientRequestId, 'KT000000002');
    });
    await putOutboxEntry(entry('k2'));
    const [first, second] = await Promise.all([
      sendOutbox({ backend, accessTokenFor: noToken }),
      sendOutbox({ backend, accessTokenFor: noToken }),
    ]);
    expect([first.ran, second.ran].sort()).toEqual([false, true]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('keeps a refused order as failed with the server’s reason and does not resend it', async () => {
    fetchMock.mockImplementation(
      async () => new Response(JSON.stringify({ error: 'product_unavailable', message: 'Produkt niedostępny' }), { status: 422 }),
    );
    await putOutboxEntry(entry('k3'));
    expect((await sendOutbox({ backend, accessTokenFor: noToken })).failed).toBe(1);
    const stored = await getOutboxEntry('k3');
    expect(stored?.status).toBe('failed');
    expect(stored?.lastError).toBe('Błąd tworzenia zamówienia: Produkt niedostępny');
    await sendOutbox({ backend, accessTokenFor: noToken, force: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('puts an order back in the queue with a backoff when the network fails, and sends it when due', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await putOutboxEntry(entry('k4'));
    let now = 1_000_000;
    expect((await sendOutbox({ backend, accessTokenFor: noToken, now: () => now })).waiting).toBe(1);
    const waiting = await getOutboxEntry('k4');
    expect(waiting).toMatchObject({ status: 'queued', attempts: 2, nextAttemptAt: 1_000_000 + retryDelayMs(2) });

    await sendOutbox({ backend, accessTokenFor: noToken, now: () => now });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fetchMock.mockImplementation(async () => placedAnswer('k4', 'KT000000004'));
    now += retryDelayMs(2);
    expect((await sendOutbox({ backend, accessTokenFor: noToken, now: () => now })).sent).toBe(1);
    // The retry carried the same key: the server answers with the one order.
    expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body))).toMatchObject({ clientRequestId: 'k4' });
  });

  it('resends an order left in "sending" by a closed tab', async () => {
    fetchMock.mockImplementation(async () => placedAnswer('k5', 'KT000000005'));
    await putOutboxEntry(entry('k5', { status: 'sending' }));
    expect((await sendOutbox({ backend, accessTokenFor: noToken })).sent).toBe(1);
  });

  it('sends a signed-in customer’s order with their token and leaves skipped ones alone', async () => {
    fetchMock.mockImplementation(async () => placedAnswer('k6', 'KT000000006'));
    await putOutboxEntry(entry('k6', { userPlaced: true }));
    await sendOutbox({ backend, accessTokenFor: noToken, skip: (candidate) => candidate.userPlaced });
    expect(fetchMock).not.toHaveBeenCalled();
    await sendOutbox({ backend, accessTokenFor: async (candidate) => (candidate.userPlaced ? 'user-token' : null) });
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe('Bearer user-token');
  });

  it('backs off from 5 s doubling up to 5 minutes', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(retryDelayMs(20)).toBe(300_000);
  });
});
