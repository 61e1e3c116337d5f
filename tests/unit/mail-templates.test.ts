import { describe, expect, it } from 'vitest';
import { formatMailDate } from '../../functions/_shared/mail/order-blocks.ts';
import { renderOrderMail, type MailContext } from '../../functions/_shared/mail/templates.ts';
import { MAIL_KINDS, type MailKind } from '../../src/domain/mail-kinds.ts';
import { escapeHtml } from '../../functions/_shared/mail/render.ts';
import { grosz } from '../../src/domain/money.ts';
import { ANONYMOUS_ORDER_TEXT, type OrderChoices } from '../../src/domain/order-choices.ts';
import { SAMPLE_BANK, SAMPLE_SHOP } from '../support/mail-shop.ts';
import { SAMPLE_WITHDRAWAL_RECEIPT } from '../support/withdrawal-receipt.ts';

function context(overrides: Partial<MailContext['order']> = {}, siteUrl: string | null = 'https://sklep.example.pl'): MailContext {
  return {
    shop: SAMPLE_SHOP,
    bank: SAMPLE_BANK,
    siteUrl,
    // Read by the withdrawal mails only (a job's own receipt).
    details: SAMPLE_WITHDRAWAL_RECEIPT,
    order: {
      id: '4f1c2b7e-0000-4000-8000-000000000001',
      number: 'KT2611240001',
      customerName: 'Anna Kowalska',
      customerEmail: 'anna@example.pl',
      customerPhone: '+48 600 100 200',
      items: [
        { name: 'Bukiet róż', quantity: 2, price: grosz(12_000) },
        { name: 'Wieniec z szarfą', quantity: 1, price: grosz(25_000) },
      ],
      subtotal: grosz(49_000),
      shipping: grosz(2_500),
      discount: grosz(0),
      services: [],
      total: grosz(51_500),
      deliveryMethod: 'home',
      deliveryAddress: 'Mickiewicza 3/2, 37-700 Przemyśl',
      deliveryDate: '2026-11-28',
      deliveryWindowLabel: '12:00–15:30',
      pickupTime: null,
      recipient: { name: 'Maria Nowak', phone: '+48 600 300 400' },
      paymentMethod: 'transfer',
      createdAt: '2026-11-24T10:00:00Z',
      ...overrides,
    },
  };
}

const customerKinds = MAIL_KINDS.filter((kind) => kind !== 'owner-new-order');

/** A job's own data for the kinds that carry one: the refund's amount, or the withdrawal's receipt. */
const SAMPLE_REFUND = { amount: 12_000, manual: false, refundedOn: null };
const SAMPLE_REMINDER = { payBy: '2026-11-30T23:00:00.000Z' };
const SAMPLE_INVOICE_MAIL = { invoiceId: '5f0c2a52-8a8e-4d3c-9d57-0a4b8f1f2e01', number: 'FV/2026/11/3', ksefNumber: null };
function contextFor(kind: MailKind, overrides: Partial<MailContext['order']> = {}): MailContext {
  if (kind === 'refund-completed') return { ...context(overrides), details: SAMPLE_REFUND };
  if (kind === 'transfer-reminder') return { ...context(overrides), details: SAMPLE_REMINDER };
  if (kind === 'invoice' || kind === 'invoice-correction') return { ...context(overrides), details: SAMPLE_INVOICE_MAIL };
  return context(overrides);
}

describe('the totals of an order the owner entered with a discount', () => {
  it('show the discount as its own line, so the rows add up to the total', () => {
    const plain = renderOrderMail('order-confirmation', context()).text;
    expect(plain).not.toContain('Rabat');
    const mail = renderOrderMail('order-confirmation', context({ discount: grosz(2_000), total: grosz(49_000 + 2_500 - 2_000) }));
    for (const part of [mail.text, mail.html]) {
      expect(part).toMatch(/Rabat[\s\S]{0,80}−20,00\szł/);
      expect(part).toMatch(/Razem do zapłaty[\s\S]{0,80}495,00\szł/);
    }
  });
});

describe('every order mail', () => {
  it.each(MAIL_KINDS)('%s carries the order number and the shop’s name, address, phone and email in both parts', (kind: MailKind) => {
    const mail = renderOrderMail(kind, contextFor(kind));
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('KT2611240001');
      expect(part).toContain('Kwiaciarnia Pod Różą');
      expect(part).toContain('ul. Kwiatowa 1, 37-700 Przemyśl');
      expect(part).toContain('+48 16 000 00 00');
      expect(part).toContain('kontakt@kwiaciarnia.pl');
    }
    expect(mail.subject).toContain('KT2611240001');
  });

  it.each(MAIL_KINDS)('%s is phone-sized HTML without tables, in Polish, with a plain-text part without markup', (kind: MailKind) => {
    const mail = renderOrderMail(kind, contextFor(kind));
    expect(mail.html).toContain('max-width:600px');
    expect(mail.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(mail.html).toContain('<html lang="pl">');
    expect(mail.html).not.toMatch(/<table/i);
    expect(mail.text).not.toMatch(/<[a-z]/i);
  });

  it.each(customerKinds)('%s never lets stored text become markup', (kind: MailKind) => {
    const hostile = '<script>alert(1)</script> & "Ala"';
    const stored = contextFor(kind, { customerName: hostile, recipient: { name: '<img src=x onerror=alert(1)>', phone: '' } });
    // The footer's address is in every mail (the greeting no longer names the customer).
    const mail = renderOrderMail(kind, { ...stored, shop: { ...stored.shop, address: hostile } });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain(escapeHtml(hostile));
    expect(mail.text).toContain(hostile);
  });
});

describe('the greeting', () => {
  it.each(customerKinds.filter((kind) => !kind.startsWith('owner-')))(
    '%s greets with a plain "Dzień dobry," and no name in the nominative',
    (kind: MailKind) => {
      const mail = renderOrderMail(kind, contextFor(kind));
      expect(mail.text).toMatch(/^Dzień dobry,$/m);
      expect(mail.text).not.toContain('Dzień dobry Anna');
    },
  );
});

describe('order confirmation', () => {
  const mail = renderOrderMail('order-confirmation', context());

  it('lists the items with their prices, the delivery, the term, the recipient, the payment and the total', () => {
    expect(mail.text).toContain('Bukiet róż × 2: 240,00\u00a0zł');
    expect(mail.text).toContain('Wieniec z szarfą × 1: 250,00\u00a0zł');
    expect(mail.text).toContain('Dostawa: 25,00\u00a0zł');
    expect(mail.text).toContain('Razem do zapłaty: 515,00\u00a0zł');
    expect(mail.text).toContain('Sposób dostawy: Dostawa do domu');
    expect(mail.text).toContain('Adres dostawy: Mickiewicza 3/2, 37-700 Przemyśl');
    expect(mail.text).toContain('Dzień dostawy: 28.11.2026 (sobota)');
    expect(mail.text).toContain('Godziny dostawy: 12:00–15:30');
    expect(mail.text).toContain('Odbiorca: Maria Nowak, +48 600 300 400');
    expect(mail.text).toContain('Sposób płatności: Przelew tradycyjny');
  });

  it('gives the bank details and the transfer title for a transfer, and none for other methods', () => {
    expect(mail.text).toContain('Numer konta: PL61 1090 1014 0000 0712 1981 2874');
    expect(mail.text).toContain('Tytuł przelewu: Zamówienie KT2611240001');
    expect(mail.text).toContain('Kwota: 515,00\u00a0zł');
    const payu = renderOrderMail('order-confirmation', context({ paymentMethod: 'payu' }));
    expect(payu.text).not.toContain('Numer konta');
    expect(payu.text).not.toContain('Tytuł przelewu');
  });

  it('names the seller and the right of withdrawal with the art. 38 exclusions for live flowers and personalised goods', () => {
    expect(mail.text).toContain('Sprzedawca: Kwiaciarnia Pod Różą');
    expect(mail.text).toContain('14 dni');
    expect(mail.text).toContain('art. 38 ust. 1');
    expect(mail.text).toMatch(/żywych kwiatów.*szybkiemu zepsuciu.*\(pkt 4\)/s);
    expect(mail.text).toMatch(/szarfą z napisem.*\(pkt 3\)/s);
  });

  it('links the order page under SITE_URL, and leaves the link out without it', () => {
    expect(mail.text).toContain('https://sklep.example.pl/zamowienie/KT2611240001');
    expect(mail.html).toContain('href="https://sklep.example.pl/zamowienie/KT2611240001"');
    expect(renderOrderMail('order-confirmation', context({}, null)).text).not.toContain('/zamowienie/');
  });

  it('asks for the payment, once, with the amount and the order page, for an order the owner took with a payment link', () => {
    const link = renderOrderMail('order-confirmation', context({ paymentMethod: 'payu', awaitsPaymentLink: true }));
    expect(link.text).toMatch(/Do zapłaty: 515,00\s+zł\. Zapłacisz online na stronie zamówienia: wybierz „Zapłać teraz”/);
    expect(link.html).toContain('Zapłać za zamówienie');
    expect(link.text.match(/\/zamowienie\/KT2611240001/g)).toHaveLength(1);
    // The shop's own PayU order was paid (or is being paid) in the checkout: no such request.
    const online = renderOrderMail('order-confirmation', context({ paymentMethod: 'payu' }));
    expect(online.text).not.toContain('Do zapłaty');
    expect(online.text).toContain('/zamowienie/KT2611240001');
  });

  it('shows a store pickup’s day and hour, and no address or window', () => {
    const pickup = renderOrderMail(
      'order-confirmation',
      context({ deliveryMethod: 'store', deliveryAddress: null, deliveryWindowLabel: null, pickupTime: '10:30', recipient: null }),
    );
    expect(pickup.text).toContain('Sposób dostawy: Odbiór osobisty w kwiaciarni');
    expect(pickup.text).toContain('Dzień odbioru: 28.11.2026 (sobota)');
    expect(pickup.text).toContain('Godzina odbioru: 10:30');
    expect(pickup.text).not.toContain('Adres dostawy');
    expect(pickup.text).not.toContain('Maria Nowak');
  });
});

describe('order confirmation: what the customer chose', () => {
  const choices: OrderChoices = {
    deliveryNotes: 'Brama od ul. Słowackiego',
    cemetery: { name: 'Cmentarz parafialny', locality: 'Krasiczyn', section: 'B', row: '4', number: '12', description: '' },
    services: [{ label: 'Zapalenie znicza', price: grosz(0) }],
    occasion: 'remembrance',
    venue: null,
    ribbonText: '',
    cardMessage: 'Pamiętamy.\n<b>Zawsze</b> & "blisko"',
    cardSignature: 'Przyjaciele',
    cardAnonymous: true,
    substitution: 'similar',
  };
  const ordered = { deliveryMethod: 'cemetery', services: choices.services, choices } as const;

  it.each(['order-confirmation', 'owner-new-order'] as const)(
    '%s lists the grave, the services, the occasion, the card verbatim and the anonymity',
    (kind) => {
      const mail = renderOrderMail(kind, context(ordered));
      expect(mail.text).toContain('SZCZEGÓŁY ZAMÓWIENIA');
      expect(mail.text).toContain('Uwagi do dostawy: Brama od ul. Słowackiego');
      expect(mail.text).toContain('Cmentarz: Cmentarz parafialny, Krasiczyn');
      expect(mail.text).toContain('Grób: kwatera B, rząd 4, nr 12');
      expect(mail.text).toContain('Usługi przy grobie: Zapalenie znicza (bezpłatnie)');
      expect(mail.text).toContain('Okazja: Wszystkich Świętych / pamięć');
      expect(mail.text).toContain('Treść bileciku: Pamiętamy.\n<b>Zawsze</b> & "blisko"');
      expect(mail.text).toContain('Podpis: Przyjaciele');
      expect(mail.text).toContain(`Zamówienie anonimowe: ${ANONYMOUS_ORDER_TEXT}`);
      expect(mail.text).toContain('Jeśli zabraknie któregoś kwiatu: Florysta dobierze podobne w tej samej lub wyższej wartości');
      // A free service is not charged '0,00 zł' in the totals either.
      expect(mail.text).toContain('Zapalenie znicza: bezpłatnie');
    },
  );

  it('escapes the card’s words in the HTML, keeping its line break', () => {
    const mail = renderOrderMail('order-confirmation', context(ordered));
    expect(mail.html).not.toContain('<b>Zawsze</b>');
    expect(mail.html).toContain('Pamiętamy.<br>&#60;b&#62;Zawsze&#60;/b&#62; &#38; &#34;blisko&#34;');
    expect(mail.html).toContain('Szczegóły zamówienia</h2>');
  });

  it('has no such block for an order without choices', () => {
    const mail = renderOrderMail('order-confirmation', context());
    expect(mail.text).not.toContain('SZCZEGÓŁY ZAMÓWIENIA');
    expect(mail.text).not.toContain('Treść bileciku');
  });
});

describe('order confirmation: invoice and withdrawal (issue 19)', () => {
  const invoice = { nip: '7740001454', company: 'Kwiaty Nowak sp. z o.o.', address: 'ul. Długa 1, 37-740 Bircza' };

  it('shows the invoice data when the customer asked for an invoice, and nothing about one otherwise', () => {
    const mail = renderOrderMail('order-confirmation', context({ invoice }));
    expect(mail.text).toContain('NIP: 774-000-14-54');
    expect(mail.text).toContain('Nazwa firmy: Kwiaty Nowak sp. z o.o.');
    expect(mail.text).toContain('Adres firmy: ul. Długa 1, 37-740 Bircza');
    expect(mail.html).toContain('774-000-14-54');
    expect(renderOrderMail('order-confirmation', context()).text).not.toContain('NIP');
  });

  it('marks each line without a withdrawal right with the reason’s article, and leaves the others plain', () => {
    const mail = renderOrderMail(
      'order-confirmation',
      context({
        items: [
          { name: 'Bukiet róż', quantity: 2, price: grosz(12_000), withdrawalExemption: 'perishable' },
          { name: 'Wieniec z szarfą', quantity: 1, price: grosz(25_000), withdrawalExemption: 'personalised' },
          { name: 'Znicz szklany', quantity: 1, price: grosz(2_500), withdrawalExemption: null },
        ],
      }),
    );
    expect(mail.text).toContain(
      'Bukiet róż × 2. Nie podlega zwrotowi – produkt szybko traci świeżość (art. 38 ust. 1 pkt 4 ustawy o prawach konsumenta): 240,00\u00a0zł',
    );
    expect(mail.text).toContain(
      'Wieniec z szarfą × 1. Nie podlega zwrotowi – produkt wykonany według Twojej specyfikacji (art. 38 ust. 1 pkt 3 ustawy o prawach konsumenta): 250,00\u00a0zł',
    );
    expect(mail.text).toContain('Znicz szklany × 1: 25,00\u00a0zł');
  });

  it('says which goods keep the 14 days and links the withdrawal form', () => {
    const mail = renderOrderMail('order-confirmation', context());
    expect(mail.text).toMatch(/Pozostałe towary \(np\. kwiaty sztuczne, znicze, pamiątki, biżuteria\).*14 dni/s);
    expect(mail.html).toContain('href="https://sklep.example.pl/odstapienie"');
    expect(mail.html).toContain('Odstąp od umowy');
    const offline = renderOrderMail('order-confirmation', context({}, null));
    expect(offline.text).not.toContain('/odstapienie');
    expect(offline.text).toContain('e-mailem na adres kontakt@kwiaciarnia.pl');
  });
});

describe('the other mails', () => {
  it.each([
    ['payment-received', 'Otrzymaliśmy płatność za zamówienie KT2611240001'],
    ['status-processing', 'Zamówienie KT2611240001 jest w realizacji'],
    ['status-cancelled', 'Zamówienie KT2611240001 zostało anulowane'],
    ['fulfilment-out-for-delivery', 'Zamówienie KT2611240001 jest w drodze'],
    ['fulfilment-delivered', 'Zamówienie KT2611240001 zostało dostarczone'],
    ['fulfilment-failed-attempt', 'Nieudana próba doręczenia zamówienia KT2611240001'],
  ] as const)('%s has the subject “%s”', (kind, subject) => {
    expect(renderOrderMail(kind, context()).subject).toBe(subject);
  });

  it('a refund says how much goes back and how: through the gateway, or by hand on the day the owner recorded', () => {
    const gateway = renderOrderMail('refund-completed', { ...context({ paymentMethod: 'blik' }), details: SAMPLE_REFUND });
    expect(gateway.subject).toBe('Zwróciliśmy pieniądze za zamówienie KT2611240001');
    expect(gateway.text).toContain('Kwota zwrotu: 120,00\u00a0zł');
    expect(gateway.text).toContain('zwróciliśmy 120,00\u00a0zł za zamówienie nr KT2611240001 tą samą drogą, którą zapłacono');
    expect(gateway.text).not.toContain('Data zwrotu');
    const byHand = renderOrderMail('refund-completed', {
      ...context(),
      details: { amount: 5_000, manual: true, refundedOn: '2026-11-26' },
    });
    expect(byHand.text).toContain('zwróciliśmy 50,00\u00a0zł za zamówienie nr KT2611240001');
    expect(byHand.text).toContain('Data zwrotu: 26.11.2026 (czwartek)');
    expect(() => renderOrderMail('refund-completed', { ...context(), details: null })).toThrow();
  });

  it('a transfer reminder gives the bank details again and the moment the order is given up', () => {
    const mail = renderOrderMail('transfer-reminder', { ...context(), details: SAMPLE_REMINDER });
    expect(mail.subject).toBe('Przypomnienie o płatności za zamówienie KT2611240001');
    expect(mail.text).toContain('Jeśli wpłata nie dotrze do końca dnia 30.11.2026 (poniedziałek), zamówienie anulujemy');
    expect(mail.text).toContain('Numer konta: PL61 1090 1014 0000 0712 1981 2874');
    const noon = renderOrderMail('transfer-reminder', { ...context(), details: { payBy: '2026-11-27T11:00:00.000Z' } });
    expect(noon.text).toContain('do 27.11.2026 (piątek), godz. 12:00');
    expect(() => renderOrderMail('transfer-reminder', { ...context(), details: {} })).toThrow();
  });

  it('the owner’s notice names the customer and links the order in the admin', () => {
    const mail = renderOrderMail('owner-new-order', context());
    expect(mail.subject).toBe('Nowe zamówienie KT2611240001 – 515,00\u00a0zł');
    expect(mail.text).toContain('Klient: Anna Kowalska');
    expect(mail.text).toContain('E-mail: anna@example.pl');
    expect(mail.text).toContain('https://sklep.example.pl/admin/orders?id=4f1c2b7e-0000-4000-8000-000000000001');
  });

  it('the cancellation carries the owner’s reason when one was given, and no empty line when not', () => {
    const withReason = renderOrderMail('status-cancelled', context({ cancelReason: 'Brak białych lilii do soboty <pilne>' }));
    expect(withReason.text).toContain('Powód: Brak białych lilii do soboty <pilne>');
    expect(withReason.html).toContain('Brak białych lilii do soboty &#60;pilne&#62;');
    const without = renderOrderMail('status-cancelled', context({ cancelReason: null }));
    expect(without.text).not.toContain('Powód');
  });

  it('the owner’s notice carries the buyer’s invoice details when asked for, and none otherwise', () => {
    const invoice = { nip: '7740001454', company: 'Kwiaty Nowak sp. z o.o.', address: 'ul. Długa 1, 37-700 Przemyśl' };
    const withInvoice = renderOrderMail('owner-new-order', context({ invoice }));
    expect(withInvoice.text).toContain('Kwiaty Nowak sp. z o.o.');
    expect(withInvoice.text).toContain('774-000-14-54');
    expect(renderOrderMail('owner-new-order', context({ invoice: null })).text).not.toContain('NIP');
  });

  it('a failed delivery asks the customer to call the shop', () => {
    expect(renderOrderMail('fulfilment-failed-attempt', context()).text).toContain('Zadzwoń do nas pod numer +48 16 000 00 00');
  });
});

describe('formatMailDate', () => {
  it('writes the day, month, year and weekday in Polish', () => {
    expect(formatMailDate('2026-11-30')).toBe('30.11.2026 (poniedziałek)');
    expect(formatMailDate('2026-12-06')).toBe('06.12.2026 (niedziela)');
  });
});
