import { describe, expect, it } from 'vitest';
import type { PaymentEvent, PendingPayment } from '../../functions/_shared/ledger.ts';
import {
  ABANDONED_ATTEMPT_MINUTES,
  createPaymentsReconcileHandler,
  type ReconcileDeps,
  type UnpaidTransfer,
} from '../../functions/payments-reconcile/handler.ts';
import { grosz } from '../../src/domain/money.ts';
import { UNPAID_ONLINE_ORDER_MINUTES } from '../../src/domain/payment-deadlines.ts';
import { SECRET_KEY, PUBLISHABLE_KEY, fakeAuthenticate } from './caller-fixtures.ts';

// Friday 27 November 2026, 13:00 in Warsaw.
const NOW = Date.parse('2026-11-27T12:00:00Z');

function attempt(id: string, minutesAgo: number, provider: PendingPayment['provider'] = 'payu-rest'): PendingPayment {
  return {
    id,
    orderId: `order-${id}`,
    provider,
    providerPaymentId: `PAYU-${id}`,
    method: 'payu',
    amount: grosz(14900),
    createdAt: new Date(NOW - minutesAgo * 60_000).toISOString(),
  };
}

function setup(
  pending: PendingPayment[],
  lookup: (payment: PendingPayment) => Promise<'applied' | 'duplicate' | 'unchanged'>,
  transfers: UnpaidTransfer[] = [],
) {
  const asked: string[] = [];
  const reminded: [string, string][] = [];
  const cancelled: string[] = [];
  const givenUp: PaymentEvent[] = [];
  const expiries: [number, string][] = [];
  let before = '';
  const deps: ReconcileDeps = {
    authenticate: fakeAuthenticate({}),
    now: () => NOW,
    reconcilers: {
      'payu-rest': async (payment) => {
        asked.push(payment.id);
        return lookup(payment);
      },
    },
    store: {
      pendingPayments: async (olderThan) => {
        before = olderThan;
        return pending;
      },
      expireUnpaidOnlineOrders: async (minutes, reason) => {
        expiries.push([minutes, reason]);
        return ['expired-1'];
      },
      applyPaymentEvent: async (event) => {
        givenUp.push(event);
        return 'applied';
      },
      unpaidTransfers: async () => transfers,
      transferPaymentDays: async () => '3',
      remindUnpaidTransfer: async (orderId, payBy) => {
        reminded.push([orderId, payBy]);
        return true;
      },
      cancelUnpaidTransfer: async (orderId) => {
        cancelled.push(orderId);
        return true;
      },
    },
  };
  return { handler: createPaymentsReconcileHandler(deps), asked, givenUp, expiries, reminded, cancelled, before: () => before };
}

const call = (key: string) =>
  new Request('http://functions.test/fn', { method: 'POST', headers: { apikey: key, 'Content-Type': 'application/json' }, body: '{}' });

describe('payments-reconcile', () => {
  it('is for the server only', async () => {
    const { handler, asked } = setup([attempt('a', 10)], async () => 'applied');
    expect((await handler(call(PUBLISHABLE_KEY))).status).toBe(403);
    expect(asked).toEqual([]);
  });

  it('asks about attempts pending for 3 minutes or more, then expires unpaid orders', async () => {
    const { handler, asked, expiries, before } = setup([attempt('a', 10), attempt('b', 5)], async (payment) =>
      payment.id === 'a' ? 'applied' : 'unchanged',
    );
    const response = await handler(call(SECRET_KEY));
    expect(await response.json()).toEqual({ checked: 2, applied: 1, failed: 0, expired: 1, reminded: 0 });
    expect(asked).toEqual(['a', 'b']);
    expect(before()).toBe(new Date(NOW - 3 * 60_000).toISOString());
    expect(expiries).toEqual([[UNPAID_ONLINE_ORDER_MINUTES, expect.stringContaining('Płatność nie została dokończona')]]);
  });

  it('keeps asking about a young attempt the gateway cannot answer, and gives up an old one', async () => {
    const { handler, givenUp } = setup([attempt('young', 30), attempt('old', ABANDONED_ATTEMPT_MINUTES + 1)], async () => {
      throw new Error('PayU unreachable');
    });
    const original = console.warn;
    console.warn = () => undefined;
    const response = await handler(call(SECRET_KEY));
    console.warn = original;
    expect(await response.json()).toMatchObject({ checked: 2, applied: 0, failed: 2 });
    expect(givenUp).toEqual([
      expect.objectContaining({ eventId: 'abandoned:old', orderId: 'order-old', state: 'canceled', amount: 14900, currency: 'PLN' }),
    ]);
  });

  it('reminds a transfer order after a working day and cancels it after three, or at noon the day before its delivery', async () => {
    const transfers: UnpaidTransfer[] = [
      // Placed on Wednesday: Thursday was a whole working day, so a reminder; Thursday, Friday and Monday are its three days.
      { id: 'wednesday', createdAt: '2026-11-25T09:00:00Z', deliveryDate: null },
      // Placed on Monday: its three working days ended with Thursday.
      { id: 'monday', createdAt: '2026-11-23T09:00:00Z', deliveryDate: null },
      // Placed this morning for tomorrow: held only until noon today.
      { id: 'for-tomorrow', createdAt: '2026-11-27T07:00:00Z', deliveryDate: '2026-11-28' },
      // Placed this morning for next week: nothing yet.
      { id: 'today', createdAt: '2026-11-27T07:00:00Z', deliveryDate: '2026-12-04' },
    ];
    const { handler, reminded, cancelled } = setup([], async () => 'unchanged', transfers);
    const response = await handler(call(SECRET_KEY));
    expect(await response.json()).toMatchObject({ expired: 3, reminded: 1 });
    expect(cancelled).toEqual(['monday', 'for-tomorrow']);
    expect(reminded).toEqual([['wednesday', '2026-11-30T23:00:00.000Z']]);
  });
});
