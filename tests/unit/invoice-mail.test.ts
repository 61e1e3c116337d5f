import { describe, expect, it } from 'vitest';
import { renderOrderMail, type MailContext } from '../../functions/_shared/mail/templates.ts';
import { grosz } from '../../src/domain/money.ts';
import { SAMPLE_BANK, SAMPLE_SHOP } from '../support/mail-shop.ts';

/** The customer's invoice mails: their Polish wording, the invoice they name, and the layout every mail keeps. */

const INVOICE = {
  invoiceId: '5f0c2a52-8a8e-4d3c-9d57-0a4b8f1f2e01',
  number: 'FV/2026/11/3',
  ksefNumber: '5252344078-20261129-0100A1B2C3D4-7F',
};

function context(details: unknown, siteUrl: string | null = 'https://sklep.example.pl'): MailContext {
  return {
    shop: SAMPLE_SHOP,
    bank: SAMPLE_BANK,
    siteUrl,
    orderToken: 'a'.repeat(43),
    details,
    order: {
      id: '4f1c2b7e-0000-4000-8000-000000000001',
      number: 'KT2611240001',
      customerName: 'Anna Kowalska',
      customerEmail: 'anna@example.pl',
      customerPhone: '+48 600 100 200',
      items: [{ name: 'Bukiet róż', quantity: 2, price: grosz(12_000) }],
      subtotal: grosz(24_000),
      shipping: grosz(0),
      discount: grosz(0),
      services: [],
      total: grosz(24_000),
      deliveryMethod: 'store',
      deliveryAddress: null,
      deliveryDate: '2026-11-28',
      deliveryWindowLabel: null,
      pickupTime: '12:00',
      recipient: null,
      paymentMethod: 'payu',
      invoice: { nip: '7740001454', company: 'Zakład Pogrzebowy „Spokój” Sp. z o.o.', address: 'ul. Słowackiego 12/4, 37-700 Przemyśl' },
      createdAt: '2026-11-24T10:00:00Z',
    },
  };
}

describe('the invoice mail', () => {
  it('says the invoice for the order is attached, with its number, KSeF number, the buyer and the order page', () => {
    const mail = renderOrderMail('invoice', context(INVOICE));
    expect(mail.subject).toBe('Faktura do zamówienia KT2611240001');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('w załączniku przesyłamy fakturę nr FV/2026/11/3 do zamówienia nr KT2611240001 (plik PDF).');
      expect(part).toContain('5252344078-20261129-0100A1B2C3D4-7F');
      expect(part).toContain('Krajowym Systemie e-Faktur (KSeF)');
      expect(part).toContain('Fakturę pobierzesz też ze strony zamówienia.');
    }
    expect(mail.text).toContain('Numer faktury: FV/2026/11/3');
    expect(mail.html).toContain('Zakład Pogrzebowy „Spokój” Sp. z o.o.');
    expect(mail.html).toContain(`https://sklep.example.pl/zamowienie/KT2611240001?t=${'a'.repeat(43)}`);
    expect(mail.text).not.toContain('korygując');
  });

  it('words a correction as one, and leaves out the order page line without a site address', () => {
    const mail = renderOrderMail('invoice-correction', context({ ...INVOICE, number: 'KOR/FV/2026/11/1', ksefNumber: null }, null));
    expect(mail.subject).toBe('Faktura korygująca do zamówienia KT2611240001');
    expect(mail.text).toContain('w załączniku przesyłamy fakturę korygującą nr KOR/FV/2026/11/1 do zamówienia nr KT2611240001 (plik PDF).');
    expect(mail.text).toContain('Numer korekty: KOR/FV/2026/11/1');
    expect(mail.text).not.toContain('Numer KSeF');
    expect(mail.text).not.toContain('Fakturę pobierzesz');
    expect(mail.text).toContain('Faktura korygująca została przyjęta w Krajowym Systemie e-Faktur (KSeF).');
  });

  it('is readable on a 390 px phone: a 600 px column at most, the viewport set, no tables', () => {
    const mail = renderOrderMail('invoice', context(INVOICE));
    expect(mail.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(mail.html).toContain('max-width:600px');
    expect(mail.html).not.toMatch(/<table/i);
    // No fixed width beyond the phone's: only the column's max-width is in pixels that large.
    expect(mail.html).not.toMatch(/(?<!max-)width:\s*(39[1-9]|[4-9]\d\d|\d{4,})px/i);
  });

  it('refuses to render without the invoice it is about', () => {
    expect(() => renderOrderMail('invoice', context(null))).toThrow('invoice mail without its invoice');
    expect(() => renderOrderMail('invoice', context({ ...INVOICE, invoiceId: 'x' }))).toThrow();
  });
});
