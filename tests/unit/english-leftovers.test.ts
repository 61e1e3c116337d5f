import { describe, expect, it } from 'vitest';
import { renderOrderMail, type MailContext } from '../../functions/_shared/mail/templates.ts';
import { DELIVERY_METHODS } from '../../src/domain/delivery.ts';
import { MAIL_KINDS, type MailKind } from '../../src/domain/mail-kinds.ts';
import { grosz } from '../../src/domain/money.ts';
import { CHECKOUT_PAYMENT_METHODS } from '../../src/domain/payment-methods.ts';
import { ENGLISH_LEFTOVERS, englishLeftovers, htmlText } from '../support/english-leftovers.ts';
import { SAMPLE_BANK, SAMPLE_SHOP } from '../support/mail-shop.ts';
import { SAMPLE_WITHDRAWAL_RECEIPT } from '../support/withdrawal-receipt.ts';

/** An order with everything a mail may print: lines without the right of withdrawal, a service, a recipient, an invoice, a cancel reason. */
function fullContext(kind: MailKind, order: Partial<MailContext['order']>): MailContext {
  const details =
    kind === 'refund-completed'
      ? { amount: 12_000, manual: false, refundedOn: null }
      : kind === 'transfer-reminder'
        ? { payBy: '2026-11-30T23:00:00.000Z' }
        : kind === 'invoice' || kind === 'invoice-correction'
          ? { invoiceId: '5f0c2a52-8a8e-4d3c-9d57-0a4b8f1f2e01', number: 'FV/2026/11/3', ksefNumber: '5252344078-20261129-0100A1B2C3D4-7F' }
          : SAMPLE_WITHDRAWAL_RECEIPT;
  return {
    shop: SAMPLE_SHOP,
    bank: SAMPLE_BANK,
    siteUrl: 'https://sklep.example.pl',
    orderToken: 'token_abc',
    details,
    order: {
      id: '4f1c2b7e-0000-4000-8000-000000000001',
      number: 'KT2611240001',
      customerName: 'Anna Kowalska',
      customerEmail: 'anna@example.pl',
      customerPhone: '+48 600 100 200',
      items: [
        { name: 'Bukiet róż', quantity: 2, price: grosz(12_000), withdrawalExemption: 'perishable' },
        { name: 'Wieniec z szarfą', quantity: 1, price: grosz(25_000), withdrawalExemption: 'personalised' },
        { name: 'Znicz szklany', quantity: 1, price: grosz(2_500), withdrawalExemption: null },
      ],
      subtotal: grosz(51_500),
      shipping: grosz(2_500),
      discount: grosz(0),
      services: [{ label: 'Szarfa z napisem', price: grosz(3_000) }],
      total: grosz(57_000),
      deliveryMethod: 'home',
      deliveryAddress: 'Mickiewicza 3/2, 37-700 Przemyśl',
      deliveryDate: '2026-11-28',
      deliveryWindowLabel: '12:00–15:30',
      pickupTime: '10:00',
      recipient: { name: 'Maria Nowak', phone: '+48 600 300 400' },
      paymentMethod: 'transfer',
      cancelReason: 'Brak kwiatów w hurtowni',
      invoice: { nip: '1234567890', company: 'Firma Kwiat sp. z o.o.', address: 'ul. Długa 5, 00-001 Warszawa' },
      createdAt: '2026-11-24T10:00:00Z',
      ...order,
    },
  };
}

const variants: Array<Partial<MailContext['order']>> = [
  ...CHECKOUT_PAYMENT_METHODS.map((paymentMethod) => ({ paymentMethod })),
  ...DELIVERY_METHODS.map((deliveryMethod) => ({ deliveryMethod, ...(deliveryMethod === 'store' ? { deliveryAddress: null } : {}) })),
  { recipient: null, invoice: null, cancelReason: null, services: [] },
];

describe('the English-leftovers checker', () => {
  it('finds the listed words as whole words only, and not inside addresses', () => {
    expect(englishLeftovers('Status bramki: COMPLETED, Email: anna@example.pl')).toEqual([
      'Email: …Status bramki: COMPLETED, Email: …',
      'COMPLETED: …Status bramki: COMPLETED, Email: …',
    ]);
    expect(
      englishLeftovers('E-mail: anna.order@example.pl · adres e-mail · https://sklep.pl/order/1 · Zamówienia · Status: W realizacji'),
    ).toEqual([]);
    expect(englishLeftovers('Kwota: NaN zł, odbiorca: undefined')).toHaveLength(2);
    expect(ENGLISH_LEFTOVERS).toContain('Dashboard');
  });
});

describe('every mail the shop sends is written in Polish', () => {
  it.each(MAIL_KINDS)('%s: no English leftover in the subject, the text or the HTML, for every payment and delivery method', (kind) => {
    for (const variant of variants) {
      const mail = renderOrderMail(kind, fullContext(kind, variant));
      for (const part of [mail.subject, mail.text, htmlText(mail.html)]) expect(englishLeftovers(part)).toEqual([]);
    }
  });
});
