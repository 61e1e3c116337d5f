import { describe, expect, it } from 'vitest';
import { PAYMENT_STATUSES, paymentStatusLabel, paymentStatusOf, toPaymentView } from './payment-status.ts';

describe('payment status (docs/spec.md §4)', () => {
  it('maps completed, cancelled, pending/processing and anything else', () => {
    expect(paymentStatusOf('completed')).toBe('completed');
    expect(paymentStatusOf('cancelled')).toBe('cancelled');
    expect(paymentStatusOf('pending')).toBe('pending');
    expect(paymentStatusOf('processing')).toBe('pending');
    expect(paymentStatusOf('')).toBe('pending');
    expect(paymentStatusOf('refunded')).toBe('pending');
  });

  it('never produces failed from any order status', () => {
    for (const status of ['pending', 'processing', 'completed', 'cancelled', 'failed', 'x']) {
      expect(paymentStatusOf(status)).not.toBe('failed');
    }
  });

  it('labels every payment status in Polish and an unknown one as Nieznany', () => {
    expect(PAYMENT_STATUSES.map(paymentStatusLabel)).toEqual(['Opłacone', 'Nieudane', 'Oczekujące', 'Anulowane']);
    expect(paymentStatusLabel('processing')).toBe('Nieznany');
    expect(paymentStatusLabel('')).toBe('Nieznany');
  });

  it('derives a payment view from an order', () => {
    const view = toPaymentView({
      id: 'o1',
      total: 12_50,
      paymentMethod: 'blik',
      status: 'processing',
      createdAt: '2026-11-20T10:00:00.000Z',
      number: 'KT123456001',
      payuStatus: null,
      customerName: 'Anna Nowak',
      customerEmail: 'anna@example.pl',
    });
    expect(view).toEqual({
      id: 'o1',
      orderId: 'o1',
      amount: 1250,
      paymentMethod: 'blik',
      status: 'pending',
      createdAt: '2026-11-20T10:00:00.000Z',
      payuOrderId: 'KT123456001',
      payuStatus: null,
      customerName: 'Anna Nowak',
      customerEmail: 'anna@example.pl',
    });
  });
});
