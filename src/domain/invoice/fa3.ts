/**
 * The FA(3) structured invoice (schema FA (3) 1-0E, src/domain/invoice/schema)
 * from an InvoiceDocument. Pure: the Edge Function and the tests share it.
 * Lines carry gross prices (P_9B, P_11A); the VAT of each rate comes from the
 * rate's gross sum (docs/decisions/036-vat-rates.md). A correction lists
 * every line before (StanPrzed) and after, and its totals are the difference.
 */

import type { InvoiceDocument, InvoiceLine, InvoiceParty } from './model.ts';
import { totalsByRate, VAT_RATES, type RateTotals, type VatRate } from './vat.ts';
import { amount, el, escapeXml, wrap } from './xml.ts';

export const FA3_NAMESPACE = 'http://crd.gov.pl/wzor/2025/06/25/13775/';
export const FA3_SYSTEM_INFO = 'Kwiaciarnia';

/** FA(3) P_12 for each of the shop's rates: '0' is the domestic 0 % ('0 KR'). */
const P12: Record<VatRate, string> = { '23': '23', '8': '8', '5': '5', '0': '0 KR', zw: 'zw' };

/** The P_13/P_14 fields of each rate, in the schema's order. */
const TOTAL_FIELDS: readonly { rate: VatRate; net: string; vat: string | null }[] = [
  { rate: '23', net: 'P_13_1', vat: 'P_14_1' },
  { rate: '8', net: 'P_13_2', vat: 'P_14_2' },
  { rate: '5', net: 'P_13_3', vat: 'P_14_3' },
  { rate: '0', net: 'P_13_6_1', vat: null },
  { rate: 'zw', net: 'P_13_7', vat: null },
];

function header(createdAt: string): string {
  return wrap(
    'Naglowek',
    '<KodFormularza kodSystemowy="FA (3)" wersjaSchemy="1-0E">FA</KodFormularza>',
    el('WariantFormularza', 3),
    el('DataWytworzeniaFa', createdAt),
    el('SystemInfo', FA3_SYSTEM_INFO),
  );
}

function address(party: InvoiceParty): string {
  return wrap('Adres', el('KodKraju', 'PL'), el('AdresL1', party.address.trim().slice(0, 512)));
}

function parties(doc: InvoiceDocument): string {
  const seller = wrap(
    'Podmiot1',
    wrap('DaneIdentyfikacyjne', el('NIP', doc.seller.nip), el('Nazwa', doc.seller.name)),
    address(doc.seller),
  );
  // JST and GV: the buyer is neither a local government unit nor a VAT group member.
  const buyer = wrap(
    'Podmiot2',
    wrap('DaneIdentyfikacyjne', el('NIP', doc.buyer.nip), el('Nazwa', doc.buyer.name)),
    address(doc.buyer),
    el('JST', 2),
    el('GV', 2),
  );
  return seller + buyer;
}

/** Totals per rate: the invoice's own, or for a correction after minus before. */
export function invoiceTotals(doc: InvoiceDocument): RateTotals[] {
  const after = totalsByRate(doc.lines);
  if (!doc.correction) return after;
  const before = totalsByRate(doc.correction.original.lines);
  const rates = VAT_RATES.filter((rate) => [...after, ...before].some((t) => t.rate === rate));
  return rates.map((rate) => {
    const a = after.find((t) => t.rate === rate);
    const b = before.find((t) => t.rate === rate);
    return {
      rate,
      gross: (a?.gross ?? 0) - (b?.gross ?? 0),
      net: (a?.net ?? 0) - (b?.net ?? 0),
      vat: (a?.vat ?? 0) - (b?.vat ?? 0),
    };
  });
}

function totals(doc: InvoiceDocument): string {
  const byRate = invoiceTotals(doc);
  const fields = TOTAL_FIELDS.map(({ rate, net, vat }) => {
    const total = byRate.find((t) => t.rate === rate);
    if (!total) return '';
    return el(net, amount(total.net)) + (vat ? el(vat, amount(total.vat)) : '');
  }).join('');
  return fields + el('P_15', amount(byRate.reduce((sum, t) => sum + t.gross, 0)));
}

/** The annotations every FA(3) carries; P_19 with the legal basis for an exempt seller. */
function annotations(doc: InvoiceDocument): string {
  const exemption = doc.seller.exemptionBasis
    ? wrap('Zwolnienie', el('P_19', 1), el('P_19A', doc.seller.exemptionBasis))
    : wrap('Zwolnienie', el('P_19N', 1));
  return wrap(
    'Adnotacje',
    el('P_16', 2),
    el('P_17', 2),
    el('P_18', 2),
    el('P_18A', 2),
    exemption,
    wrap('NoweSrodkiTransportu', el('P_22N', 1)),
    el('P_23', 2),
    wrap('PMarzy', el('P_PMarzyN', 1)),
  );
}

function correctionData(doc: InvoiceDocument): string {
  if (!doc.correction) return '';
  const { reason, original } = doc.correction;
  const ksef = original.ksefNumber ? el('NrKSeF', 1) + el('NrKSeFFaKorygowanej', original.ksefNumber) : el('NrKSeFN', 1);
  // TypKorekty 2: the correction counts on its own issue date (a cancellation or a refund).
  return (
    el('PrzyczynaKorekty', reason) +
    el('TypKorekty', 2) +
    wrap('DaneFaKorygowanej', el('DataWystFaKorygowanej', original.issueDate), el('NrFaKorygowanej', original.number), ksef)
  );
}

function line(number: number, item: InvoiceLine, before: boolean): string {
  return wrap(
    'FaWiersz',
    el('NrWierszaFa', number),
    el('P_7', item.name.trim().slice(0, 512)),
    el('P_8A', item.unit),
    el('P_8B', item.quantity),
    el('P_9B', amount(item.unitGross)),
    item.discount !== 0 ? el('P_10', amount(item.discount)) : '',
    el('P_11A', amount(item.gross)),
    el('P_12', P12[item.rate]),
    before ? el('StanPrzed', 1) : '',
  );
}

function lines(doc: InvoiceDocument): string {
  if (!doc.correction) return doc.lines.map((item, index) => line(index + 1, item, false)).join('');
  const rows: string[] = [];
  doc.correction.original.lines.forEach((item) => rows.push(line(rows.length + 1, item, true)));
  doc.lines.forEach((item) => rows.push(line(rows.length + 1, item, false)));
  return rows.join('');
}

function payment(doc: InvoiceDocument): string {
  const { paidOn, form } = doc.payment;
  if (!paidOn && !form) return '';
  return wrap('Platnosc', paidOn ? el('Zaplacono', 1) + el('DataZaplaty', paidOn) : '', el('FormaPlatnosci', form));
}

export function buildFa3Xml(doc: InvoiceDocument): string {
  const fa = wrap(
    'Fa',
    el('KodWaluty', 'PLN'),
    el('P_1', doc.issueDate),
    el('P_2', doc.number),
    doc.saleDate && doc.saleDate !== doc.issueDate ? el('P_6', doc.saleDate) : '',
    totals(doc),
    annotations(doc),
    el('RodzajFaktury', doc.kind),
    correctionData(doc),
    wrap('DodatkowyOpis', el('Klucz', 'Numer zamówienia'), el('Wartosc', doc.orderNumber)),
    lines(doc),
    payment(doc),
  );
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<Faktura xmlns="${escapeXml(FA3_NAMESPACE)}">` +
    header(doc.createdAt) +
    parties(doc) +
    fa +
    '</Faktura>\n'
  );
}
