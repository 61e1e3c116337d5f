import { describe, expect, it } from 'vitest';
import { invoiceRows, orderInvoiceOf, readOrderInvoice } from './invoice.ts';

describe('the order’s invoice', () => {
  const checkout = {
    wantsInvoice: true,
    invoiceNip: 'PL 774-000-14-54',
    invoiceCompany: 'Kwiaty Nowak',
    invoiceAddress: 'ul. Długa 1, Bircza',
  };

  it('keeps the NIP as 10 digits and the company as typed', () => {
    expect(orderInvoiceOf(checkout)).toEqual({ nip: '7740001454', company: 'Kwiaty Nowak', address: 'ul. Długa 1, Bircza' });
  });

  it('is absent when the customer did not ask for one, whatever the fields hold', () => {
    expect(orderInvoiceOf({ ...checkout, wantsInvoice: false })).toBeNull();
  });

  it('reads a stored invoice and nothing malformed', () => {
    expect(readOrderInvoice({ nip: '7740001454', company: 'A', address: 'B' })).toEqual({ nip: '7740001454', company: 'A', address: 'B' });
    expect(readOrderInvoice(null)).toBeNull();
    expect(readOrderInvoice('7740001454')).toBeNull();
    expect(readOrderInvoice({ nip: 7740001454, company: 'A', address: 'B' })).toBeNull();
  });

  it('is shown as NIP, company name and address, the NIP in its usual groups', () => {
    expect(invoiceRows({ nip: '7740001454', company: 'A', address: 'B' })).toEqual([
      ['NIP', '774-000-14-54'],
      ['Nazwa firmy', 'A'],
      ['Adres firmy', 'B'],
    ]);
  });
});
