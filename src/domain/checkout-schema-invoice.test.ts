import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { PICKUP_CHECKOUT, checkoutMessages } from '../../tests/support/checkout-form.ts';
import { checkoutFormSchema, type CheckoutFormValues } from './checkout-schema.ts';

const company = { invoiceCompany: 'Kwiaty Nowak sp. z o.o.', invoiceAddress: 'ul. Długa 1, 37-740 Bircza' };

const messagesOf = (values: Partial<CheckoutFormValues>) => checkoutMessages({ ...PICKUP_CHECKOUT, ...values });

describe('the invoice part of the checkout schema', () => {
  it('asks nothing without an invoice, whatever the invoice fields hold', () => {
    expect(messagesOf({})).toEqual({});
    expect(messagesOf({ wantsInvoice: false, invoiceNip: '123' })).toEqual({});
  });

  it('asks for the NIP, the company name and its address once the invoice is wanted', () => {
    expect(messagesOf({ wantsInvoice: true })).toEqual({
      invoiceNip: ['NIP jest wymagany'],
      invoiceCompany: ['Nazwa firmy jest wymagana'],
      invoiceAddress: ['Adres firmy jest wymagany'],
    });
  });

  it("refuses a NIP with a wrong check digit with exactly 'Nieprawidłowy NIP'", () => {
    expect(messagesOf({ wantsInvoice: true, ...company, invoiceNip: '7740001455' })).toEqual({ invoiceNip: ['Nieprawidłowy NIP'] });
    expect(messagesOf({ wantsInvoice: true, ...company, invoiceNip: '774000145' })).toEqual({ invoiceNip: ['Nieprawidłowy NIP'] });
  });

  it("accepts a valid NIP as typed, with dashes, spaces or the 'PL' prefix", () => {
    for (const invoiceNip of ['7740001454', '774-000-14-54', 'PL 774 000 14 54', 'pl7740001454']) {
      expect(messagesOf({ wantsInvoice: true, ...company, invoiceNip })).toEqual({});
    }
  });

  it('reports the invoice beside the other fields’ messages, all at once', () => {
    expect(messagesOf({ firstName: '', wantsInvoice: true, ...company, invoiceNip: '1234567890' })).toEqual({
      firstName: ['Imię jest wymagane'],
      invoiceNip: ['Nieprawidłowy NIP'],
    });
  });

  it('reads an order kept by an older version (no invoice fields) as one without an invoice', () => {
    const { wantsInvoice: _w, invoiceNip: _n, invoiceCompany: _c, invoiceAddress: _a, ...older } = PICKUP_CHECKOUT;
    const result = v.safeParse(checkoutFormSchema, older);
    expect(result.success && result.output.wantsInvoice).toBe(false);
  });
});
