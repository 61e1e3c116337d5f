import { describe, expect, it } from 'vitest';
import { FULFILMENT_STATES } from '../../src/domain/florist-order.ts';
import { ORDER_STATUSES } from '../../src/domain/order-status.ts';
import { orderProgress, type OrderProgress } from '../../src/features/order-page/timeline.ts';

const MARK = { done: '✓', current: '●', upcoming: '○' } as const;
/** '✓ Złożone', '● W realizacji', '○ Dostarczone': each step with its state. */
const shown = (progress: OrderProgress) => progress.steps.map((step) => `${MARK[step.state]} ${step.label}`);

const home = { status: 'pending', paid: false, fulfilmentState: 'to-do', deliveryMethod: 'home', paymentMethod: 'payu' };
const pickup = { ...home, deliveryMethod: 'store', paymentMethod: 'transfer' };
const parcel = { ...home, deliveryMethod: 'dpd' };

describe('order progress', () => {
  it('waits for the payment first: an unpaid online order, an unpaid transfer', () => {
    const online = orderProgress(home);
    expect(online.headline).toBe('Czeka na płatność');
    expect(shown(online)).toEqual(['● Złożone', '○ Opłacone', '○ W realizacji', '○ Gotowe', '○ W drodze', '○ Dostarczone']);
    const transfer = orderProgress(pickup);
    expect(transfer.headline).toBe('Czeka na przelew');
    expect(shown(transfer)).toEqual(['● Złożone', '○ Opłacone', '○ W realizacji', '○ Gotowe do odbioru', '○ Odebrane']);
  });

  it("follows the florist's own delivery step by step once paid", () => {
    const processing = orderProgress({ ...home, paid: true, status: 'processing' });
    expect(processing.headline).toBe('W realizacji');
    expect(shown(processing)).toEqual(['✓ Złożone', '✓ Opłacone', '● W realizacji', '○ Gotowe', '○ W drodze', '○ Dostarczone']);
    const onTheWay = orderProgress({ ...home, paid: true, status: 'processing', fulfilmentState: 'out-for-delivery' });
    expect(onTheWay.headline).toBe('W drodze');
    expect(shown(onTheWay)).toEqual(['✓ Złożone', '✓ Opłacone', '✓ W realizacji', '✓ Gotowe', '● W drodze', '○ Dostarczone']);
  });

  it('says delivered when the delivery is done though the status still says in realisation', () => {
    const delivered = orderProgress({ ...home, paid: true, status: 'processing', fulfilmentState: 'delivered' });
    expect(delivered.headline).toBe('Dostarczone');
    expect(shown(delivered)).toEqual(['✓ Złożone', '✓ Opłacone', '✓ W realizacji', '✓ Gotowe', '✓ W drodze', '● Dostarczone']);
  });

  it('reaches the end of the route for a completed order whose fulfilment was never moved', () => {
    const completed = orderProgress({ ...home, paid: true, status: 'completed' });
    expect(completed.headline).toBe('Dostarczone');
    expect(shown(completed)).toEqual(['✓ Złożone', '✓ Opłacone', '✓ W realizacji', '✓ Gotowe', '✓ W drodze', '● Dostarczone']);
    expect(orderProgress({ ...pickup, paid: true, status: 'completed' }).headline).toBe('Odebrane');
    expect(shown(orderProgress({ ...parcel, paid: true, status: 'completed' }))).toEqual([
      '✓ Złożone',
      '✓ Opłacone',
      '✓ W realizacji',
      '● Zrealizowane',
    ]);
  });

  it('puts a failed delivery attempt where it happened, with the delivery still to come', () => {
    const failed = orderProgress({ ...home, paid: true, status: 'processing', fulfilmentState: 'failed-attempt' });
    expect(failed.headline).toBe('Nieudana próba doręczenia');
    expect(shown(failed)).toEqual([
      '✓ Złożone',
      '✓ Opłacone',
      '✓ W realizacji',
      '✓ Gotowe',
      '✓ W drodze',
      '● Nieudana próba doręczenia',
      '○ Dostarczone',
    ]);
  });

  it('has a pickup ready for pickup and then picked up, never on the way', () => {
    const ready = orderProgress({ ...pickup, paid: true, status: 'processing', fulfilmentState: 'ready' });
    expect(ready.headline).toBe('Gotowe do odbioru');
    expect(shown(ready)).toEqual(['✓ Złożone', '✓ Opłacone', '✓ W realizacji', '● Gotowe do odbioru', '○ Odebrane']);
    expect(orderProgress({ ...pickup, paid: true, fulfilmentState: 'out-for-delivery' }).headline).toBe('Gotowe do odbioru');
    expect(orderProgress({ ...pickup, paid: true, fulfilmentState: 'delivered' }).headline).toBe('Odebrane');
  });

  it('gives a courier parcel no fulfilment steps', () => {
    const steps = orderProgress({ ...parcel, paid: true, status: 'processing', fulfilmentState: 'ready' });
    expect(shown(steps)).toEqual(['✓ Złożone', '✓ Opłacone', '● W realizacji', '○ Zrealizowane']);
  });

  it('keeps an unpaid payment ahead of where the order stands, and cash with the handover', () => {
    const unpaid = orderProgress({ ...pickup, status: 'processing' });
    expect(unpaid.headline).toBe('W realizacji');
    expect(shown(unpaid)).toEqual(['✓ Złożone', '● W realizacji', '○ Opłacone', '○ Gotowe do odbioru', '○ Odebrane']);
    const paidTransfer = orderProgress({ ...pickup, paid: true });
    expect(paidTransfer.headline).toBe('Opłacone');
    expect(shown(paidTransfer)).toEqual(['✓ Złożone', '● Opłacone', '○ W realizacji', '○ Gotowe do odbioru', '○ Odebrane']);

    const cod = { ...parcel, deliveryMethod: 'dpd-cod' };
    expect(orderProgress(cod).headline).toBe('Złożone');
    expect(shown(orderProgress(cod))).toEqual(['● Złożone', '○ W realizacji', '○ Opłacone', '○ Zrealizowane']);
    expect(shown(orderProgress({ ...cod, status: 'completed' }))).toEqual(['✓ Złożone', '✓ W realizacji', '● Zrealizowane', '○ Opłacone']);
  });

  it('shows a cancelled order as placed → cancelled only, whatever was paid or prepared', () => {
    for (const order of [home, { ...home, paid: true, fulfilmentState: 'ready' }, { ...pickup, fulfilmentState: 'delivered' }]) {
      const cancelled = orderProgress({ ...order, status: 'cancelled' });
      expect(cancelled.headline).toBe('Anulowane');
      expect(shown(cancelled)).toEqual(['✓ Złożone', '● Anulowane']);
    }
  });

  it('never contradicts itself over every status, state, route and payment', () => {
    for (const status of [...ORDER_STATUSES, 'unknown'])
      for (const fulfilmentState of FULFILMENT_STATES)
        for (const deliveryMethod of ['home', 'cemetery', 'store', 'dpd', 'inpost', 'dpd-cod'])
          for (const paymentMethod of ['payu', 'transfer', 'cash'])
            for (const paid of [false, true]) {
              const order = { status, fulfilmentState, deliveryMethod, paymentMethod, paid };
              const { headline, steps } = orderProgress(order);
              const current = steps.findIndex((step) => step.state === 'current');
              const states = steps.map((step) => step.state);
              expect(
                states.filter((state) => state === 'current'),
                JSON.stringify(order),
              ).toHaveLength(1);
              expect(
                states.slice(0, current).every((state) => state === 'done'),
                JSON.stringify(order),
              ).toBe(true);
              expect(
                states.slice(current + 1).every((state) => state === 'upcoming'),
                JSON.stringify(order),
              ).toBe(true);
              expect(new Set(steps.map((step) => step.label)).size, JSON.stringify(order)).toBe(steps.length);
              expect([steps[current]!.label, 'Czeka na płatność', 'Czeka na przelew']).toContain(headline);
              // 'Opłacone' is reached exactly when the order is paid (a cancelled order shows no payment).
              const payment = steps.find((step) => step.key === 'paid');
              if (status !== 'cancelled') expect(payment!.state !== 'upcoming', JSON.stringify(order)).toBe(paid);
            }
  });
});
