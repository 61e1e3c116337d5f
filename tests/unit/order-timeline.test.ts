import { describe, expect, it } from 'vitest';
import { orderTimeline } from '../../src/features/order-page/timeline.ts';

const base = { status: 'pending', paid: false, fulfilmentState: 'to-do', deliveryMethod: 'store' };
const done = (steps: { label: string; done: boolean }[]) => steps.filter((step) => step.done).map((step) => step.label);
const labels = (steps: { label: string }[]) => steps.map((step) => step.label);

describe('order timeline', () => {
  it('is placed → paid → in realisation → completed for a plain order', () => {
    const steps = orderTimeline(base);
    expect(labels(steps)).toEqual(['Złożone', 'Opłacone', 'W realizacji', 'Zrealizowane']);
    expect(done(steps)).toEqual(['Złożone']);
    expect(done(orderTimeline({ ...base, paid: true, status: 'processing' }))).toEqual(['Złożone', 'Opłacone', 'W realizacji']);
  });

  it("adds the delivery states for the florist's own delivery and completes it when delivered", () => {
    const steps = orderTimeline({ ...base, deliveryMethod: 'home', paid: true, fulfilmentState: 'out-for-delivery' });
    expect(labels(steps)).toEqual(['Złożone', 'Opłacone', 'W realizacji', 'Gotowe', 'W drodze', 'Dostarczone', 'Zrealizowane']);
    expect(done(steps)).toEqual(['Złożone', 'Opłacone', 'W realizacji', 'Gotowe', 'W drodze']);
    expect(done(orderTimeline({ ...base, deliveryMethod: 'home', fulfilmentState: 'delivered' }))).toContain('Zrealizowane');
    expect(labels(orderTimeline({ ...base, deliveryMethod: 'home', fulfilmentState: 'failed-attempt' }))).toContain('Nieudana próba');
  });

  it('ends at cancelled for a cancelled order', () => {
    expect(labels(orderTimeline({ ...base, status: 'cancelled' }))).toEqual(['Złożone', 'Anulowane']);
  });
});
