import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { EMPTY_CHECKOUT_FORM } from '../../src/domain/checkout-schema.ts';
import type { DeliveryAvailabilityResponse } from '../../src/domain/delivery-availability-contract.ts';
import { getOutboxEntry, putOutboxEntry, rescheduleOutboxEntry } from '../../src/features/orders-sync/outbox.ts';
import { sendOutbox } from '../../src/features/orders-sync/outbox-sender.ts';
import { db } from '../../src/lib/db.ts';
import { anonClient, checkoutFor, invokeFunction, testBackend, withDatabase } from '../support/test-backend.ts';

/**
 * Issue 17, offline outbox, against the real place-order: the device's
 * sender reads the server's 422 slot_unavailable as a refused term (kept,
 * with the server's words), the server stores nothing under the key, and the
 * same key sent again with another window places exactly one order.
 */

const ROSES = '811546a5-832e-49cf-b3c0-9e29122b2d96';
const KRASICZYN = { street: 'Zamkowa', houseNumber: '2', apartment: '', city: 'Krasiczyn', postalCode: '37-741' };
const noToken = async () => null;

afterAll(async () => {
  await db.outbox.clear();
});

/** The first day after today (no cut-off can pass mid-test) with two free windows, by the server's own answer. */
async function twoFreeWindows() {
  const answer = await invokeFunction(anonClient(), 'delivery-availability', {});
  expect(answer.status).toBe(200);
  const { days, today } = answer.body as unknown as DeliveryAvailabilityResponse;
  for (const day of days.filter((candidate) => candidate.date > today)) {
    const [full, other] = day.delivery.windows.filter((window) => window.available);
    if (full && other) return { date: day.date, full, other };
  }
  throw new Error('no day with two free delivery windows');
}

async function ordersWithKey(key: string) {
  return withDatabase(async (client) => {
    const { rows } = await client.query<{ delivery_date: string; delivery_window: string }>(
      `select to_char(delivery_date, 'YYYY-MM-DD') as delivery_date, delivery_window from orders where client_request_id = $1`,
      [key],
    );
    return rows;
  });
}

describe('an outbox order whose window filled up before it was sent', () => {
  it('is kept as refused for its term with the server’s reason, then placed once for another window under the same key', async () => {
    const { url, anonKey } = testBackend();
    const backend = { url, anonKey };
    const term = await twoFreeWindows();
    const key = randomUUID();
    const checkout = {
      ...EMPTY_CHECKOUT_FORM,
      ...KRASICZYN,
      firstName: 'Anna',
      lastName: 'Kowalska',
      email: `outbox-slot-${key.slice(0, 8)}@example.test`,
      phone: '+48 600 100 200',
      deliveryMethod: 'home' as const,
      paymentMethod: 'transfer' as const,
      deliveryDate: term.date,
      deliveryWindow: term.full.id,
    };
    await putOutboxEntry({
      clientRequestId: key,
      status: 'queued',
      createdAt: new Date().toISOString(),
      attempts: 1,
      request: { clientRequestId: key, checkout, items: [{ productId: ROSES, quantity: 1 }] },
      localNumber: 'L-TEST',
      userPlaced: false,
      queuedOffline: true,
      paymentMethod: 'transfer',
      deliveryMethod: 'home',
      customerEmail: checkout.email,
      estimatedTotal: 200,
    });

    // Other customers take the window's last places while the order waits on the device.
    for (let index = 0; index < term.full.free; index += 1) {
      const filler = await invokeFunction(anonClient(), 'place-order', {
        clientRequestId: randomUUID(),
        checkout: checkoutFor({ ...KRASICZYN, deliveryMethod: 'home', deliveryDate: term.date, deliveryWindow: term.full.id }),
        items: [{ productId: ROSES, quantity: 1 }],
      });
      expect(filler.status).toBe(201);
    }

    expect(await sendOutbox({ backend, accessTokenFor: noToken })).toMatchObject({ failed: 1, slotRefused: 1, sent: 0 });
    const refused = await getOutboxEntry(key);
    expect(refused?.status).toBe('failed');
    expect(refused?.slotRefusal?.message).toBe('Wybrany termin dostawy jest niedostępny: brak miejsc. Wybierz inny dzień lub godziny.');
    expect(Object.keys(refused?.slotRefusal?.fields ?? {})).toEqual(['deliveryWindow']);
    expect(await ordersWithKey(key)).toEqual([]);

    expect(await rescheduleOutboxEntry(key, { deliveryDate: term.date, deliveryWindow: term.other.id, pickupTime: '' })).toBe(true);
    expect(await sendOutbox({ backend, accessTokenFor: noToken })).toMatchObject({ sent: 1, failed: 0 });
    expect(await getOutboxEntry(key)).toMatchObject({ status: 'sent', order: { clientRequestId: key } });
    expect(await ordersWithKey(key)).toEqual([{ delivery_date: term.date, delivery_window: term.other.id }]);

    // Nothing is left for any sender: one order for the one key.
    await sendOutbox({ backend, accessTokenFor: noToken, force: true });
    expect(await ordersWithKey(key)).toHaveLength(1);
  });
});
