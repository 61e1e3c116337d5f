import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_CHECKOUT_FORM } from '../../src/domain/checkout-schema.ts';
import { BACKEND_CONFIG_META_KEY } from '../../src/features/orders-sync/background-sync.ts';
import {
  cancelOutboxEntry,
  getOutboxEntry,
  putOutboxEntry,
  rescheduleOutboxEntry,
  type OutboxEntry,
} from '../../src/features/orders-sync/outbox.ts';
import { MISSING_TERM_MESSAGE, sendOutbox } from '../../src/features/orders-sync/outbox-sender.ts';
import { retryDelayMs } from '../../src/lib/outbox/outbox.ts';
import { syncOutboxFromServiceWorker } from '../../src/features/orders-sync/service-worker-sync.ts';
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
    expect(await sendOutbox({ backend, accessTokenFor: noToken })).toEqual({ ran: true, sent: 1, failed: 0, slotRefused: 0, waiting: 0 });
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
    expect(stored?.lastError).toBe('Nie udało się złożyć zamówienia: Produkt niedostępny');
    // Not a term the customer could change: no new term can be booked for it.
    expect(stored?.slotRefusal).toBeUndefined();
    expect(await rescheduleOutboxEntry('k3', { deliveryDate: '2026-12-01', deliveryWindow: '', pickupTime: '10:00' })).toBe(false);
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

/** place-order's refusal of a term that is no longer free (functions/_shared/http.ts error shape). */
function slotRefused(message: string, fields: Record<string, string>) {
  return new Response(JSON.stringify({ error: 'slot_unavailable', message, fields }), {
    status: 422,
    headers: { 'Content-Type': 'application/json' },
  });
}

// As functions/place-order/booking.ts words it.
const FULL_MESSAGE = 'Wybrany termin dostawy jest niedostępny: brak miejsc. Wybierz inny dzień lub godziny.';
const FULL_FIELDS = { deliveryWindow: FULL_MESSAGE };

/** A home delivery queued offline for a date and window. */
function homeDelivery(key: string, overrides: Partial<OutboxEntry> = {}): OutboxEntry {
  const base = entry(key, overrides);
  return {
    ...base,
    deliveryMethod: 'home',
    request: {
      ...base.request,
      checkout: { ...base.request.checkout, deliveryMethod: 'home', deliveryDate: '2026-12-01', deliveryWindow: '09:00-12:00' },
    },
  };
}

function sentBodies(): Array<{ clientRequestId: string; checkout: Record<string, unknown> }> {
  return fetchMock.mock.calls.map(
    ([, init]) => JSON.parse(String(init?.body)) as { clientRequestId: string; checkout: Record<string, unknown> },
  );
}

describe('an order whose term was taken while it waited', () => {
  it('stays on the device as refused for its term, with the server’s reason and fields, and is not resent by itself', async () => {
    fetchMock.mockImplementation(async () => slotRefused(FULL_MESSAGE, FULL_FIELDS));
    await putOutboxEntry(homeDelivery('s1'));
    expect(await sendOutbox({ backend, accessTokenFor: noToken })).toEqual({ ran: true, sent: 0, failed: 1, slotRefused: 1, waiting: 0 });
    const stored = await getOutboxEntry('s1');
    expect(stored).toMatchObject({
      status: 'failed',
      slotRefusal: { message: FULL_MESSAGE, fields: FULL_FIELDS },
      // The general message too, for an older version of the app reading the same record.
      lastError: FULL_MESSAGE,
    });
    await sendOutbox({ backend, accessTokenFor: noToken, force: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('is sent again with the new term under the same key once another term is booked, and is placed', async () => {
    fetchMock.mockImplementationOnce(async () => slotRefused(FULL_MESSAGE, FULL_FIELDS));
    await putOutboxEntry(homeDelivery('s2'));
    await sendOutbox({ backend, accessTokenFor: noToken });

    expect(await rescheduleOutboxEntry('s2', { deliveryDate: '2026-12-02', deliveryWindow: '12:00-15:30', pickupTime: '' })).toBe(true);
    const queued = await getOutboxEntry('s2');
    expect(queued).toMatchObject({ status: 'queued', localNumber: 'L-s2' });
    expect(queued?.slotRefusal).toBeUndefined();
    expect(queued?.lastError).toBeUndefined();
    // Only the term changed: everything else the customer entered is sent as before.
    expect(queued?.request.checkout).toEqual({
      ...homeDelivery('s2').request.checkout,
      deliveryDate: '2026-12-02',
      deliveryWindow: '12:00-15:30',
    });

    fetchMock.mockImplementation(async () => placedAnswer('s2', 'KT000000012'));
    expect((await sendOutbox({ backend, accessTokenFor: noToken })).sent).toBe(1);
    expect(await getOutboxEntry('s2')).toMatchObject({ status: 'sent', order: { orderNumber: 'KT000000012' } });
    const [refused, resent] = sentBodies();
    expect(refused).toMatchObject({ clientRequestId: 's2', checkout: { deliveryDate: '2026-12-01', deliveryWindow: '09:00-12:00' } });
    expect(resent).toMatchObject({ clientRequestId: 's2', checkout: { deliveryDate: '2026-12-02', deliveryWindow: '12:00-15:30' } });
  });

  it('is refused again with the new reason when the new term is also taken', async () => {
    fetchMock.mockImplementationOnce(async () => slotRefused(FULL_MESSAGE, FULL_FIELDS));
    await putOutboxEntry(homeDelivery('s3'));
    await sendOutbox({ backend, accessTokenFor: noToken });
    await rescheduleOutboxEntry('s3', { deliveryDate: '2026-12-02', deliveryWindow: '09:00-12:00', pickupTime: '' });
    fetchMock.mockImplementationOnce(async () => slotRefused('Dzień 2026-12-02 jest zamknięty.', { deliveryDate: 'zamknięte' }));
    await sendOutbox({ backend, accessTokenFor: noToken });
    expect((await getOutboxEntry('s3'))?.slotRefusal).toEqual({
      message: 'Dzień 2026-12-02 jest zamknięty.',
      fields: { deliveryDate: 'zamknięte' },
    });
  });

  it('is removed from the device when the customer cancels it', async () => {
    fetchMock.mockImplementation(async () => slotRefused(FULL_MESSAGE, FULL_FIELDS));
    await putOutboxEntry(homeDelivery('s4'));
    await sendOutbox({ backend, accessTokenFor: noToken });
    expect(await cancelOutboxEntry('s4')).toBe(true);
    expect(await getOutboxEntry('s4')).toBeNull();
    expect(await rescheduleOutboxEntry('s4', { deliveryDate: '2026-12-02', deliveryWindow: '09:00-12:00', pickupTime: '' })).toBe(false);
  });

  it('cannot be given a new term once it is no longer refused (sent or waiting)', async () => {
    await putOutboxEntry(homeDelivery('s5'));
    await putOutboxEntry(homeDelivery('s6', { status: 'sent' }));
    for (const key of ['s5', 's6']) {
      expect(await rescheduleOutboxEntry(key, { deliveryDate: '2026-12-02', deliveryWindow: '09:00-12:00', pickupTime: '' })).toBe(false);
      expect((await getOutboxEntry(key))?.request.checkout.deliveryDate).toBe('2026-12-01');
    }
  });

  it('is recorded the same way when the service worker’s Background Sync sent it', async () => {
    await db.meta.put({ key: BACKEND_CONFIG_META_KEY, value: backend });
    fetchMock.mockImplementation(async () => slotRefused(FULL_MESSAGE, FULL_FIELDS));
    await putOutboxEntry(homeDelivery('s7'));
    try {
      // A refusal is an answer, not a reason for the browser to retry the sync event.
      await expect(syncOutboxFromServiceWorker()).resolves.toBeUndefined();
      expect(await getOutboxEntry('s7')).toMatchObject({ status: 'failed', slotRefusal: { message: FULL_MESSAGE } });
    } finally {
      await db.meta.delete(BACKEND_CONFIG_META_KEY);
    }
  });

  it('can be given a term when it was queued by a version without delivery dates and lacks only that', async () => {
    const body = {
      error: 'validation_failed',
      message: 'Wybierz dzień, Wybierz godzinę odbioru',
      fields: { 'checkout.deliveryDate': 'Wybierz dzień', 'checkout.pickupTime': 'Wybierz godzinę odbioru' },
    };
    fetchMock.mockImplementationOnce(async () => new Response(JSON.stringify(body), { status: 400 }));
    await putOutboxEntry(entry('s8'));
    expect((await sendOutbox({ backend, accessTokenFor: noToken })).slotRefused).toBe(1);
    expect((await getOutboxEntry('s8'))?.slotRefusal).toEqual({
      message: MISSING_TERM_MESSAGE,
      fields: { deliveryDate: 'Wybierz dzień', pickupTime: 'Wybierz godzinę odbioru' },
    });
    expect(await rescheduleOutboxEntry('s8', { deliveryDate: '2026-12-02', deliveryWindow: '', pickupTime: '10:00' })).toBe(true);
  });

  it('stays a plain refusal when the schema finds anything besides the term wrong', async () => {
    const body = {
      error: 'validation_failed',
      message: 'Wybierz dzień, Nieprawidłowy email',
      fields: { 'checkout.deliveryDate': 'Wybierz dzień', 'checkout.email': 'Nieprawidłowy email' },
    };
    fetchMock.mockImplementationOnce(async () => new Response(JSON.stringify(body), { status: 400 }));
    await putOutboxEntry(entry('s9'));
    expect(await sendOutbox({ backend, accessTokenFor: noToken })).toMatchObject({ failed: 1, slotRefused: 0 });
    expect((await getOutboxEntry('s9'))?.slotRefusal).toBeUndefined();
  });
});
