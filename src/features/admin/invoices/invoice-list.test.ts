import { describe, expect, it } from 'vitest';
import { toInvoiceListEntry, type InvoiceListRow } from './invoice-list.ts';

const ROW: InvoiceListRow = {
  id: 'i1',
  number: 'FV/2026/11/7',
  kind: 'VAT',
  state: 'accepted',
  issue_date: '2026-11-28',
  ksef_number: '5265877635-20261128-0100001AF629-AF',
  rejection_reason: null,
  order_id: 'o1',
  summary: {
    base: { buyer: { name: 'Kwiaty Nowak sp. z o.o.', nip: '7740001454' } },
    lines: [{ gross: 12_000 }, { gross: 1_500 }],
    taken: 0,
  },
  orders: { payu_order_id: 'KT123456780' },
};

describe("a row of the owner's 'Faktury' list", () => {
  it("reads the buyer and the gross total from the invoice's stored summary", () => {
    expect(toInvoiceListEntry(ROW)).toEqual({
      id: 'i1',
      number: 'FV/2026/11/7',
      kind: 'VAT',
      state: 'accepted',
      issueDate: '2026-11-28',
      buyer: 'Kwiaty Nowak sp. z o.o.',
      gross: 13_500,
      ksefNumber: '5265877635-20261128-0100001AF629-AF',
      rejectionReason: null,
      orderId: 'o1',
      orderNumber: 'KT123456780',
    });
  });

  it('gives a correction what it took back, negative, and reads a malformed summary as empty', () => {
    expect(toInvoiceListEntry({ ...ROW, kind: 'KOR', summary: { lines: [{ gross: 9_500 }], taken: 4_000 } }).gross).toBe(-4_000);
    const odd = toInvoiceListEntry({ ...ROW, summary: { lines: [{ gross: '12' }] }, orders: null });
    expect([odd.gross, odd.buyer, odd.orderNumber]).toEqual([0, '', '']);
  });
});
