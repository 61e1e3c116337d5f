import { describe, expect, it } from 'vitest';
import { fa3SchemaErrors } from '../../../tests/support/fa3-xsd.ts';
import { invoiceDocumentErrors } from './checks.ts';
import { buildFa3Xml } from './fa3.ts';
import { correctionInvoice, invoiceFromOrder, invoiceLines, type InvoiceOrder, type InvoiceSettings } from './from-order.ts';

const SETTINGS: InvoiceSettings = {
  seller: { nip: '5252344078', name: 'Kwiaciarnia', address: 'ul. Kwiatowa 1, 37-700 Przemyśl', exemptionBasis: null },
  deliveryRate: '23',
  servicesRate: '23',
};

const ORDER: InvoiceOrder = {
  orderNumber: 'KT100200',
  items: [
    { name: 'Bukiet róż', quantity: 2, price: 12_999, rate: '8' },
    { name: 'Znicz', quantity: 1, price: 4_999, rate: '23' },
  ],
  shippingCost: 1_500,
  servicesCost: 2_000,
  services: [
    { name: 'Zapalenie znicza', gross: 0 },
    { name: 'Zdjęcie po dostawie', gross: 500 },
    { name: 'Sprzątanie grobu', gross: 1_500 },
  ],
  discount: 1_000,
  buyer: { nip: '7740001454', company: 'Firma sp. z o.o.', address: 'ul. Leśna 2, 00-001 Warszawa' },
  deliveryDate: '2027-01-16',
  paymentMethod: 'blik',
  paidOn: '2027-01-15',
};

const ISSUE = { number: 'FV/2027/01/1', issueDate: '2027-01-15', createdAt: '2027-01-15T09:00:00Z' };

describe('an invoice from the stored order', () => {
  it('adds delivery and each paid service as lines and spreads the discount so the gross adds up to the order total', () => {
    const lines = invoiceLines(ORDER, SETTINGS);
    // 1 000 grosz over 259.98 / 49.99 / 15.00 / 5.00 / 15.00 zł: 753.6 / 144.9 / 43.5 / 14.5 / 43.5 → largest remainders get the 3 grosz left.
    expect(lines.map((l) => [l.name, l.unit, l.rate, l.gross, l.discount])).toEqual([
      ['Bukiet róż', 'szt.', '8', 25_998 - 754, 754],
      ['Znicz', 'szt.', '23', 4_999 - 145, 145],
      ['Dostawa', 'usł.', '23', 1_500 - 43, 43],
      ['Zdjęcie po dostawie', 'usł.', '23', 500 - 15, 15],
      ['Sprzątanie grobu', 'usł.', '23', 1_500 - 43, 43],
    ]);
    const total = 25_998 + 4_999 + 1_500 + 2_000 - 1_000;
    expect(lines.reduce((sum, l) => sum + l.gross, 0)).toBe(total);
  });

  it("invoices the services as one 'Usługi dodatkowe' line when their stored prices do not add up to what was charged", () => {
    const lines = invoiceLines({ ...ORDER, services: [{ name: 'Zdjęcie po dostawie', gross: 500 }], discount: 0 }, SETTINGS);
    expect(lines.map((l) => [l.name, l.gross])).toEqual([
      ['Bukiet róż', 25_998],
      ['Znicz', 4_999],
      ['Dostawa', 1_500],
      ['Usługi dodatkowe', 2_000],
    ]);
  });

  it('is valid FA(3) and passes the in-code checks', () => {
    const doc = invoiceFromOrder(ORDER, SETTINGS, ISSUE);
    expect(invoiceDocumentErrors(doc)).toEqual([]);
    const xml = buildFa3Xml(doc);
    expect(fa3SchemaErrors(xml)).toBeNull();
    expect(xml).toContain('<FormaPlatnosci>7</FormaPlatnosci>');
    expect(xml).toContain('<P_10>');
  });

  it('sells everything at zw for an exempt seller', () => {
    const exempt = { ...SETTINGS, seller: { ...SETTINGS.seller, exemptionBasis: 'art. 113 ust. 1 ustawy o VAT' } };
    expect(new Set(invoiceLines(ORDER, exempt).map((l) => l.rate))).toEqual(new Set(['zw']));
  });

  it('a correction after a refund takes the amount back from the lines and validates', () => {
    const original = invoiceFromOrder(ORDER, SETTINGS, ISSUE);
    const kor = correctionInvoice({
      number: 'KOR/FV/2027/01/1',
      issueDate: '2027-01-20',
      createdAt: '2027-01-20T09:00:00Z',
      reason: 'Zwrot części zapłaty',
      amount: 5_000,
      original: { number: original.number, issueDate: original.issueDate, ksefNumber: null, lines: original.lines },
      base: original,
    });
    expect(invoiceDocumentErrors(kor)).toEqual([]);
    const taken = original.lines.reduce((s, l) => s + l.gross, 0) - kor.lines.reduce((s, l) => s + l.gross, 0);
    expect(taken).toBe(5_000);
    expect(fa3SchemaErrors(buildFa3Xml(kor))).toBeNull();
  });

  it('the in-code checks name what would break the schema', () => {
    const doc = invoiceFromOrder({ ...ORDER, buyer: { ...ORDER.buyer, nip: '0000000000' } }, SETTINGS, {
      ...ISSUE,
      issueDate: '2027-13-45',
    });
    expect(invoiceDocumentErrors(doc)).toEqual(['Nabywca: NIP', 'data wystawienia']);
  });
});
