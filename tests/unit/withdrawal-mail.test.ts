import { describe, expect, it } from 'vitest';
import { renderOrderMail, type MailContext } from '../../functions/_shared/mail/templates.ts';
import { WITHDRAWAL_EXEMPTION_REASONS } from '../../src/domain/withdrawal-right.ts';
import { grosz } from '../../src/domain/money.ts';
import { SAMPLE_WITHDRAWAL_RECEIPT } from '../support/withdrawal-receipt.ts';

const context: MailContext = {
  shop: {
    name: 'Kwiaciarnia Pod Różą',
    address: 'ul. Przemyska 12, 37-740 Bircza',
    phone: '+48 16 000 00 00',
    email: 'sklep@example.pl',
    website: '',
  },
  bank: { accountNumber: '', bankName: '', holder: '', address: '', swift: '' },
  siteUrl: 'https://sklep.example.pl',
  orderToken: 'token',
  details: SAMPLE_WITHDRAWAL_RECEIPT,
  order: {
    id: '4f1c2b7e-0000-4000-8000-000000000001',
    number: 'KT2611240001',
    customerName: 'Anna Kowalska',
    customerEmail: 'anna@example.pl',
    customerPhone: '+48 600 100 200',
    items: [],
    subtotal: grosz(0),
    shipping: grosz(0),
    discount: grosz(0),
    services: [],
    total: grosz(0),
    deliveryMethod: 'store',
    deliveryAddress: null,
    deliveryDate: null,
    deliveryWindowLabel: null,
    pickupTime: null,
    recipient: null,
    paymentMethod: 'transfer',
    createdAt: '2026-11-24T10:00:00Z',
  },
};

describe('the withdrawal mails', () => {
  it('confirm to the customer the request number, what was accepted, what was refused and why, and the period', () => {
    const mail = renderOrderMail('withdrawal-received', context);
    expect(mail.subject).toBe('Otrzymaliśmy odstąpienie od umowy ODS-7 – zamówienie KT2611240001');
    expect(mail.text).toContain('Numer zgłoszenia: ODS-7');
    expect(mail.text).toContain('Złożone: 30 listopada 2026 10:15');
    expect(mail.text).toContain('Powód: Kolor nie pasuje');
    expect(mail.text).toContain('Wieniec z szarfą: 1 szt.');
    expect(mail.text).toContain(`Bukiet róż (2 szt.): ${WITHDRAWAL_EXEMPTION_REASONS.perishable}`);
    expect(mail.text).toContain('Termin na odstąpienie od umowy mija 12.12.2026.');
    expect(mail.text).toContain('na adres ul. Przemyska 12, 37-740 Bircza w ciągu 14 dni');
    expect(mail.text).toContain('https://sklep.example.pl/zamowienie/KT2611240001?t=token');
  });

  it('tell the owner who withdrew and link the admin list instead of the order page', () => {
    const mail = renderOrderMail('owner-withdrawal', context);
    expect(mail.subject).toBe('Odstąpienie od umowy ODS-7 – zamówienie KT2611240001');
    expect(mail.text).toContain('Klient: Anna Kowalska');
    expect(mail.text).toContain('E-mail: anna@example.pl');
    expect(mail.text).toContain('https://sklep.example.pl/admin/odstapienia');
    expect(mail.text).not.toContain('/zamowienie/');
  });

  it('fail rather than send a mail without the request it confirms', () => {
    expect(() => renderOrderMail('withdrawal-received', { ...context, details: null })).toThrow(/receipt/);
  });
});
