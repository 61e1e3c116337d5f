import { describe, expect, it } from 'vitest';
import { invoicedByTheOwner, ownerMayIssueInvoice } from './issuing.ts';

describe("the owner's 'Wystaw fakturę'", () => {
  it('issues a transfer, cash or cash-on-delivery order whenever she decides', () => {
    for (const method of ['transfer', 'cash', 'cod']) {
      expect(invoicedByTheOwner(method)).toBe(true);
      expect(ownerMayIssueInvoice(method, false)).toBe(true);
    }
  });

  it('waits for an online payment, which issues the invoice itself, but may issue one paid in full (its automatic issuing failed)', () => {
    for (const method of ['payu', 'blik', 'stripe', 'card']) {
      expect(invoicedByTheOwner(method)).toBe(false);
      expect(ownerMayIssueInvoice(method, false)).toBe(false);
      expect(ownerMayIssueInvoice(method, true)).toBe(true);
    }
  });
});
