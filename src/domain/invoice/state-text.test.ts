import { describe, expect, it } from 'vitest';
import { INVOICE_STATES } from './model.ts';
import { INVOICE_STATE_FILTERS, invoiceStateText, isInvoiceStateFilter } from './state-text.ts';

const none = { ksefNumber: null, rejectionReason: null };

describe("an invoice's KSeF state in the owner's words", () => {
  it('says where each state stands, with the KSeF number or the refusal when there is one', () => {
    expect(invoiceStateText({ state: 'issued', ...none })).toBe('Czeka na wysłanie');
    expect(invoiceStateText({ state: 'queued', ...none })).toBe('Czeka na wysłanie');
    expect(invoiceStateText({ state: 'sent', ...none })).toBe('Wysłana');
    expect(invoiceStateText({ state: 'accepted', ...none, ksefNumber: '5265877635-20261128-0100001AF629-AF' })).toBe(
      'Przyjęta: nr KSeF 5265877635-20261128-0100001AF629-AF',
    );
    expect(invoiceStateText({ state: 'accepted', ...none })).toBe('Przyjęta');
    expect(invoiceStateText({ state: 'rejected', ...none, rejectionReason: 'Duplikat faktury (kod 440)' })).toBe(
      'Odrzucona: Duplikat faktury (kod 440)',
    );
    expect(invoiceStateText({ state: 'rejected', ...none })).toBe('Odrzucona');
  });

  it("files every state under exactly one of the list's filters", () => {
    const filed = Object.values(INVOICE_STATE_FILTERS).flatMap((filter) => [...filter.states]);
    expect([...filed].sort()).toEqual([...INVOICE_STATES].sort());
    expect(isInvoiceStateFilter('rejected')).toBe(true);
    expect(isInvoiceStateFilter('toString')).toBe(false);
    expect(isInvoiceStateFilter('')).toBe(false);
  });
});
