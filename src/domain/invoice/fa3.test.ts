import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fa3SchemaErrors } from '../../../tests/support/fa3-xsd.ts';
import { buildFa3Xml, invoiceTotals } from './fa3.ts';
import type { InvoiceDocument, InvoiceLine } from './model.ts';

const SELLER = { nip: '5252344078', name: 'Kwiaciarnia Róża & Syn', address: 'ul. Kwiatowa 1, 37-700 Przemyśl', exemptionBasis: null };
const BUYER = { nip: '7740001454', name: 'Firma "Las" sp. z o.o.', address: 'ul. Leśna 2/3, 00-001 Warszawa' };

function item(name: string, quantity: number, unitGross: number, rate: InvoiceLine['rate'], discount = 0): InvoiceLine {
  return { name, unit: 'szt.', quantity, unitGross, discount, gross: quantity * unitGross - discount, rate };
}

const PAYER_LINES = [item('Bukiet róż', 2, 12_999, '8'), item('Wazon szklany', 1, 4_999, '23'), item('Dostawa', 1, 1_500, '23')];

function doc(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  return {
    kind: 'VAT',
    number: 'FV/2027/01/1',
    issueDate: '2027-01-15',
    saleDate: '2027-01-16',
    createdAt: '2027-01-15T10:00:00Z',
    seller: SELLER,
    buyer: BUYER,
    lines: PAYER_LINES,
    payment: { paidOn: '2027-01-15', form: '6' },
    orderNumber: 'KT123456',
    correction: null,
    ...overrides,
  };
}

describe('FA(3) invoice XML', () => {
  it("validates one of the ministry's own example invoices, so the schema setup is proven", () => {
    const example = readFileSync(path.join(import.meta.dirname, 'schema/ministry-example-fa3.xml'), 'utf8');
    expect(fa3SchemaErrors(example)).toBeNull();
    // And a broken copy of it fails: the check can fail.
    expect(fa3SchemaErrors(example.replace('<P_2>', '<P_2X>').replace('</P_2>', '</P_2X>'))).toMatch(/P_2X/);
  });

  it('builds a VAT payer invoice with 8 % and 23 % lines plus delivery that the XSD accepts', () => {
    const xml = buildFa3Xml(doc());
    expect(fa3SchemaErrors(xml)).toBeNull();
    // 8 %: 259.98 gross → VAT 19.26; 23 %: 64.99 gross → VAT 12.15.
    expect(xml).toContain('<P_13_1>52.84</P_13_1><P_14_1>12.15</P_14_1>');
    expect(xml).toContain('<P_13_2>240.72</P_13_2><P_14_2>19.26</P_14_2>');
    expect(xml).toContain('<P_15>324.97</P_15>');
    expect(xml).toContain('<P_19N>1</P_19N>');
    expect(xml).toContain('<P_7>Dostawa</P_7>');
    expect(xml).toContain('<Zaplacono>1</Zaplacono><DataZaplaty>2027-01-15</DataZaplaty><FormaPlatnosci>6</FormaPlatnosci>');
    expect(xml).toContain('<Nazwa>Firma &quot;Las&quot; sp. z o.o.</Nazwa>');
  });

  it('builds an exempt seller invoice with the legal basis in P_19A', () => {
    const basis = 'art. 113 ust. 1 ustawy z dnia 11 marca 2004 r. o podatku od towarów i usług';
    const lines = PAYER_LINES.map((line) => ({ ...line, rate: 'zw' as const }));
    const xml = buildFa3Xml(doc({ seller: { ...SELLER, exemptionBasis: basis }, lines }));
    expect(fa3SchemaErrors(xml)).toBeNull();
    expect(xml).toContain(`<P_19>1</P_19><P_19A>${basis}</P_19A>`);
    expect(xml).toContain('<P_13_7>324.97</P_13_7><P_15>324.97</P_15>');
    expect(xml).not.toContain('P_14_');
  });

  it('builds a correcting invoice: lines before and after, totals as the difference', () => {
    const after = PAYER_LINES.map((line) => ({ ...line, quantity: 0, gross: 0, discount: 0 }));
    const xml = buildFa3Xml(
      doc({
        kind: 'KOR',
        number: 'KOR/FV/2027/01/1',
        issueDate: '2027-01-20',
        lines: after,
        payment: { paidOn: null, form: null },
        correction: {
          reason: 'Anulowanie zamówienia',
          original: { number: 'FV/2027/01/1', issueDate: '2027-01-15', ksefNumber: null, lines: PAYER_LINES },
        },
      }),
    );
    expect(fa3SchemaErrors(xml)).toBeNull();
    expect(xml).toContain('<RodzajFaktury>KOR</RodzajFaktury><PrzyczynaKorekty>Anulowanie zamówienia</PrzyczynaKorekty>');
    expect(xml).toContain('<NrFaKorygowanej>FV/2027/01/1</NrFaKorygowanej><NrKSeFN>1</NrKSeFN>');
    expect(xml).toContain('<P_15>-324.97</P_15>');
    expect(xml.match(/<StanPrzed>1<\/StanPrzed>/g)).toHaveLength(3);
  });

  it('names the corrected invoice by its KSeF number once KSeF has one', () => {
    const ksef = '5252344078-20270115-0100A0B1C2D3-4F';
    const xml = buildFa3Xml(
      doc({
        kind: 'KOR',
        number: 'KOR/FV/2027/01/1',
        lines: [],
        correction: {
          reason: 'Zwrot',
          original: { number: 'FV/2027/01/1', issueDate: '2027-01-15', ksefNumber: ksef, lines: PAYER_LINES },
        },
      }),
    );
    expect(fa3SchemaErrors(xml)).toBeNull();
    expect(xml).toContain(`<NrKSeF>1</NrKSeF><NrKSeFFaKorygowanej>${ksef}</NrKSeFFaKorygowanej>`);
  });

  it('refuses a buyer NIP the schema does not allow (the XSD check is real)', () => {
    expect(fa3SchemaErrors(buildFa3Xml(doc({ buyer: { ...BUYER, nip: '123' } })))).toMatch(/NIP/);
  });

  it('a correction totals after minus before per rate', () => {
    const after = [item('Bukiet róż', 1, 12_999, '8'), ...PAYER_LINES.slice(1)];
    const totals = invoiceTotals(
      doc({
        kind: 'KOR',
        lines: after,
        correction: { reason: 'Zwrot', original: { number: 'X', issueDate: '2027-01-15', ksefNumber: null, lines: PAYER_LINES } },
      }),
    );
    expect(totals).toEqual([
      { rate: '23', gross: 0, net: 0, vat: 0 },
      { rate: '8', gross: -12_999, net: -12_036, vat: -963 },
    ]);
  });
});
