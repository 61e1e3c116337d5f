import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { checkoutFormSchema } from '../../src/domain/checkout-schema.ts';
import { fixedShippingCost, localDeliveryCost, missingForFreeShipping } from '../../src/domain/delivery.ts';
import { formatPln, fromPln, grosz } from '../../src/domain/money.ts';
import { generateOrderNumber, ORDER_NUMBER_PATTERN } from '../../src/domain/order-number.ts';
import { paymentStatusOf } from '../../src/domain/payment-status.ts';
import { joinIssueMessages } from '../../src/domain/validation-issues.ts';

describe('money', () => {
  it('converts PLN to whole grosz without float drift', () => {
    expect(fromPln(0.1 + 0.2)).toBe(30);
    expect(fromPln('16,99')).toBe(1699);
    expect(fromPln(24.99) * 3).toBe(7497);
  });

  it('formats prices the Polish way', () => {
    expect(formatPln(grosz(1234_50)).replace(/\s/g, ' ')).toBe('1234,50 zł');
    expect(formatPln(grosz(12_345_67)).replace(/\s/g, ' ')).toBe('12 345,67 zł');
    expect(formatPln(grosz(999))).toMatch(/^9,99\szł$/);
  });

  it('prints exactly what Intl prints for Polish złoty, for any amount', () => {
    const intl = new Intl.NumberFormat('pl-PL', { style: 'currency', currency: 'PLN', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), (amount) => {
        expect(formatPln(grosz(amount))).toBe(intl.format(amount / 100));
      }),
      { numRuns: 2000 },
    );
    for (const amount of [0, 1, 99, 100, 999_99, 1000_00, 9999_99, 10000_00, 100000_00, 1234567_89, -5, -12345_00]) {
      expect(formatPln(grosz(amount))).toBe(intl.format(amount / 100));
    }
  });
});

describe('shipping', () => {
  it('charges couriers below 300 zł and nothing from 300 zł, except cash on delivery', () => {
    expect(fixedShippingCost('dpd', fromPln(299.99))).toBe(1699);
    expect(fixedShippingCost('dpd', fromPln(300))).toBe(0);
    expect(fixedShippingCost('dpd-cod', fromPln(500))).toBe(2600);
    expect(fixedShippingCost('store', fromPln(10))).toBe(0);
  });

  it('prices local delivery per km both ways', () => {
    expect(localDeliveryCost(10)).toBe(3600);
    expect(localDeliveryCost(12.3)).toBe(Math.round(12.3 * 2 * 180));
    expect(() => localDeliveryCost(-1)).toThrow(RangeError);
  });

  it('says how much is missing for free shipping, never below zero', () => {
    expect(missingForFreeShipping(fromPln(250))).toBe(5000);
    expect(missingForFreeShipping(fromPln(350))).toBe(0);
  });
});

describe('order number', () => {
  it('is KT, the last 6 digits of the ms timestamp and a zero-padded 3-digit random', () => {
    expect(generateOrderNumber(1_700_000_987_654, () => 0.007)).toBe('KT987654007');
    expect(generateOrderNumber(1_700_000_000_001, () => 0.9999)).toBe('KT000001999');
    expect(generateOrderNumber()).toMatch(ORDER_NUMBER_PATTERN);
  });
});

describe('payment status', () => {
  it('derives from the order status and never yields failed', () => {
    expect(paymentStatusOf('completed')).toBe('completed');
    expect(paymentStatusOf('cancelled')).toBe('cancelled');
    expect(paymentStatusOf('processing')).toBe('pending');
    expect(paymentStatusOf('anything')).toBe('pending');
  });
});

describe('checkout form schema', () => {
  const valid = {
    firstName: 'Anna',
    lastName: 'Nowak',
    email: 'anna@example.pl',
    phone: '+48 600-100-200',
    street: '',
    houseNumber: '',
    city: '',
    postalCode: '',
    deliveryMethod: 'store',
    paymentMethod: 'payu',
    deliveryDate: '2026-12-01',
    pickupTime: '10:30',
  };

  it('accepts store pickup without an address', () => {
    expect(v.safeParse(checkoutFormSchema, valid).success).toBe(true);
  });

  it('reports every problem at once, joined with commas', () => {
    const result = v.safeParse(checkoutFormSchema, { ...valid, firstName: 'A', lastName: '', phone: '12-34', deliveryMethod: 'cemetery' });
    expect(result.success).toBe(false);
    expect(joinIssueMessages(result.issues!)).toBe(
      'Imię musi mieć co najmniej 2 znaki, Nazwisko jest wymagane, Nieprawidłowy format telefonu (użyj formatu: +48 123 456 789), ' +
        'Miejscowość cmentarza jest wymagana, Kod pocztowy jest wymagany, ' +
        'Wybierz godziny dostawy, Nazwa cmentarza jest wymagana, ' +
        'Podaj kwaterę, rząd i numer grobu albo opisz, gdzie jest grób',
    );
  });

  it('checks the postal code format only when something is shipped', () => {
    const shipped = v.safeParse(checkoutFormSchema, {
      ...valid,
      deliveryMethod: 'gls',
      street: 'Długa',
      houseNumber: '1',
      city: 'Bircza',
      postalCode: '37740',
    });
    const pickedUp = v.safeParse(checkoutFormSchema, { ...valid, postalCode: '37740' });
    expect(shipped.issues?.map((issue) => issue.message)).toEqual(['Kod pocztowy powinien być w formacie XX-XXX']);
    expect(pickedUp.success).toBe(true);
  });

  it('rejects an email with spaces and a payment method the checkout does not offer', () => {
    const result = v.safeParse(checkoutFormSchema, { ...valid, email: 'anna @example.pl', paymentMethod: 'cash' });
    expect(result.issues?.map((issue) => issue.message)[0]).toBe('Nieprawidłowy format adresu e-mail');
    expect(result.issues).toHaveLength(2);
  });
});
