import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { InvoiceDocument } from '../../functions/_shared/invoice-pdf/invoice-document.ts';
import { renderInvoicePdf } from '../../functions/_shared/invoice-pdf/invoice-pdf.ts';
import { grosz } from '../../src/domain/money.ts';

/**
 * The invoice's PDF read back as a person's tools read it: poppler's
 * pdftotext for the words (every Polish letter from the embedded font) and
 * zbar for the verification QR code, from the page rendered by pdftoppm.
 */

const VERIFICATION_URL = 'https://qr-test.ksef.mf.gov.pl/invoice/7740001454/29-11-2026/UtQp9uA1f2dK5bQm3m9yZfRk0Ww8nL4tV6xY7zA1B2c';

const PAYER: InvoiceDocument = {
  kind: 'VAT',
  number: 'FV/2026/11/3',
  issueDate: '2026-11-29',
  saleDate: '2026-11-28',
  place: 'Przemyśl',
  seller: { name: 'Kwiaciarnia Pod Różą Anna Kwiatkowska', nip: '7740001454', address: ['ul. Kwiatowa 1', '37-700 Przemyśl'] },
  buyer: { name: 'Zakład Pogrzebowy „Spokój” Sp. z o.o.', nip: '5260250274', address: ['ul. Słowackiego 12/4', '37-700 Przemyśl'] },
  lines: [
    {
      name: 'Wiązanka z róż i goździków',
      quantity: 2,
      unit: 'szt.',
      unitGross: grosz(16_200),
      rate: '8',
      net: grosz(30_000),
      vat: grosz(2_400),
      gross: grosz(32_400),
    },
    {
      name: 'Znicz szklany',
      quantity: 1,
      unit: 'szt.',
      unitGross: grosz(2_460),
      rate: '23',
      net: grosz(2_000),
      vat: grosz(460),
      gross: grosz(2_460),
    },
    {
      name: 'Dostawa na cmentarz',
      quantity: 1,
      unit: 'usł.',
      unitGross: grosz(2_000),
      rate: '23',
      net: grosz(1_626),
      vat: grosz(374),
      gross: grosz(2_000),
    },
  ],
  totals: [
    { rate: '8', net: grosz(30_000), vat: grosz(2_400), gross: grosz(32_400) },
    { rate: '23', net: grosz(3_626), vat: grosz(834), gross: grosz(4_460) },
  ],
  total: grosz(36_860),
  payment: { method: 'PayU – szybkie płatności', paidOn: '2026-11-28', dueDate: null, bankAccount: null },
  exemption: null,
  orderNumber: 'KT235539572',
  corrects: null,
  ksef: { number: '7740001454-20261129-0100A1B2C3D4-7F', verificationUrl: VERIFICATION_URL },
};

const dir = mkdtempSync(join(tmpdir(), 'invoice-pdf-'));

async function rendered(document: InvoiceDocument, name: string): Promise<{ file: string; text: string }> {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, await renderInvoicePdf(document));
  // -raw keeps the drawing order; spaces between words are the ones drawn.
  const text = execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\u00a0/g, ' ');
  return { file, text };
}

describe('the invoice PDF', () => {
  it('prints a VAT payer’s invoice: title, dates, both parties, each line, the totals per rate, the payment and the KSeF number', async () => {
    const { text } = await rendered(PAYER, 'payer');
    for (const expected of [
      'Faktura VAT nr FV/2026/11/3',
      'Data wystawienia: 29.11.2026, Przemyśl',
      'Data sprzedaży: 28.11.2026',
      'Numer KSeF: 7740001454-20261129-0100A1B2C3D4-7F',
      'Kwiaciarnia Pod Różą Anna Kwiatkowska',
      'NIP: 774-000-14-54',
      'Zakład Pogrzebowy „Spokój” Sp. z o.o.',
      'NIP: 526-025-02-74',
      'Wiązanka z róż i goździków',
      '162,00 zł 300,00 zł 8% 24,00 zł 324,00 zł',
      '36,26 zł 23% 8,34 zł 44,60 zł',
      'Razem brutto: 368,60 zł',
      'Zapłacono: 368,60 zł, 28.11.2026',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Podgląd faktury');
  });

  it('carries a QR code that reads back as KSeF’s verification link', async () => {
    const { file } = await rendered(PAYER, 'qr');
    execFileSync('pdftoppm', ['-r', '200', '-png', '-singlefile', file, join(dir, 'qr-page')]);
    const decoded = execFileSync('zbarimg', ['--quiet', '--raw', '-Sqrcode.enable', join(dir, 'qr-page.png')], { encoding: 'utf8' });
    expect(decoded.trim()).toBe(VERIFICATION_URL);
  });

  it('prints an exempt seller’s invoice as “Faktura” with the legal basis, and a correction with what it corrects', async () => {
    const exempt = await rendered(
      { ...PAYER, exemption: 'art. 113 ust. 1 ustawy z dnia 11 marca 2004 r. o podatku od towarów i usług', ksef: null },
      'exempt',
    );
    expect(exempt.text).toContain('Faktura nr FV/2026/11/3');
    expect(exempt.text).not.toContain('Faktura VAT');
    expect(exempt.text).toContain('Podstawa zwolnienia z VAT: art. 113 ust. 1 ustawy z dnia 11 marca 2004 r. o podatku');
    expect(exempt.text).toContain('Podgląd faktury: nie została jeszcze przyjęta');

    const correction = await rendered(
      {
        ...PAYER,
        kind: 'KOR',
        number: 'FK/2026/11/1',
        corrects: { number: 'FV/2026/11/3', ksefNumber: '7740001454-20261129-0100A1B2C3D4-7F', reason: 'anulowanie zamówienia' },
      },
      'correction',
    );
    expect(correction.text).toContain('Faktura korygująca nr FK/2026/11/1');
    expect(correction.text).toContain('Korygowana faktura: FV/2026/11/3, numer KSeF 7740001454-20261129-0100A1B2C3D4-7F.');
    expect(correction.text).toContain('Przyczyna korekty: anulowanie zamówienia');
  });

  it('renders the same invoice to the same bytes, and a long list onto more pages', async () => {
    const [first, second] = await Promise.all([renderInvoicePdf(PAYER), renderInvoicePdf(PAYER)]);
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
    const many = { ...PAYER, lines: Array.from({ length: 60 }, (_, index) => ({ ...PAYER.lines[0]!, name: `Bukiet nr ${index + 1}` })) };
    const { file, text } = await rendered(many, 'many');
    expect(text).toContain('Bukiet nr 60');
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/Pages:\s+2/);
  });
});
