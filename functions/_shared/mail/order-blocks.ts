import { DELIVERY_METHOD_LABELS } from '../../../src/domain/delivery.ts';
import { invoiceRows } from '../../../src/domain/invoice.ts';
import { formatPln, type Grosz } from '../../../src/domain/money.ts';
import { ORDER_CHOICES_HEADING, orderChoiceRows, servicePriceText } from '../../../src/domain/order-choices.ts';
import { transferTitle } from '../../../src/domain/order-number.ts';
import { formatPolishDate } from '../../../src/domain/polish-date.ts';
import { WITHDRAWAL_PERIOD_DAYS, withdrawalExemptionNote } from '../../../src/domain/withdrawal-right.ts';
import { type MailBlock } from './render.ts';
import type { ShopDetails, OrderMailData, MailContext } from './templates.ts';

/*
 * The pieces every order mail is built from: the lines, the totals, the
 * delivery, the customer's choices, the seller, the transfer details, the
 * withdrawal notice, the link to the order page and the footer. Which pieces a
 * mail has, and its own words, are in templates.ts.
 */

/** '2026-11-28' → '28.11.2026 (sobota)'. */
export const formatMailDate = formatPolishDate;

export function shopName(shop: ShopDetails): string {
  return shop.name.trim() || 'Kwiaciarnia';
}

/** The order page, opened without login by the mail's own token (`?t=`). */
export function orderPageUrl(context: MailContext): string | null {
  if (!context.siteUrl) return null;
  const page = `${context.siteUrl.replace(/\/+$/, '')}/zamowienie/${encodeURIComponent(context.order.number)}`;
  return context.orderToken ? `${page}?t=${encodeURIComponent(context.orderToken)}` : page;
}

export function adminOrderUrl(context: MailContext): string | null {
  return context.siteUrl ? `${context.siteUrl.replace(/\/+$/, '')}/admin/orders?id=${encodeURIComponent(context.order.id)}` : null;
}

export function footer(shop: ShopDetails, order: OrderMailData): MailBlock[] {
  return [
    { kind: 'note', text: `Zamówienie nr ${order.number}` },
    {
      kind: 'note',
      text: [shopName(shop), shop.address, shop.phone ? `tel. ${shop.phone}` : '', shop.email, shop.website].filter(Boolean).join('\n'),
    },
  ];
}

export function itemRows(order: OrderMailData): MailBlock {
  return {
    kind: 'rows',
    rows: order.items.map((item) => [`${item.name} × ${item.quantity}`, formatPln((item.price * item.quantity) as Grosz)] as const),
  };
}

/** The confirmation's lines: each one without a withdrawal right says so, and why. */
export function confirmedItemRows(order: OrderMailData): MailBlock {
  return {
    kind: 'rows',
    rows: order.items.map((item) => {
      const mark = item.withdrawalExemption ? `. ${withdrawalExemptionNote(item.withdrawalExemption)}` : '';
      return [`${item.name} × ${item.quantity}${mark}`, formatPln((item.price * item.quantity) as Grosz)] as const;
    }),
  };
}

/** The buyer's company the owner issues the invoice to, outside the shop (docs/invoices-ksef.md). */
export function invoiceBlocks(order: OrderMailData): MailBlock[] {
  if (!order.invoice) return [];
  return [
    { kind: 'heading', text: 'Faktura' },
    { kind: 'rows', rows: invoiceRows(order.invoice) },
    { kind: 'paragraph', text: 'Fakturę wystawimy na powyższe dane firmy.' },
  ];
}

export function totalsRows(order: OrderMailData): MailBlock {
  return {
    kind: 'rows',
    rows: [
      ['Produkty', formatPln(order.subtotal)],
      ['Dostawa', formatPln(order.shipping)],
      ...order.services.map((service) => [service.label, servicePriceText(service.price)] as const),
      ...(order.discount > 0 ? [['Rabat', `−${formatPln(order.discount)}`] as const] : []),
      ['Razem do zapłaty', formatPln(order.total)],
    ],
  };
}

export function deliveryRows(order: OrderMailData): MailBlock {
  return {
    kind: 'rows',
    rows: [
      ['Sposób dostawy', DELIVERY_METHOD_LABELS[order.deliveryMethod]],
      ['Adres dostawy', order.deliveryAddress],
      [
        order.deliveryMethod === 'store' ? 'Dzień odbioru' : 'Dzień dostawy',
        order.deliveryDate ? formatMailDate(order.deliveryDate) : null,
      ],
      ['Godziny dostawy', order.deliveryWindowLabel],
      ['Godzina odbioru', order.pickupTime],
      ['Odbiorca', order.recipient ? [order.recipient.name, order.recipient.phone].filter(Boolean).join(', ') : null],
    ],
  };
}

/** What the customer chose beyond the products (src/domain/order-choices.ts), under its own heading; nothing when none. */
export function choiceBlocks(order: OrderMailData): MailBlock[] {
  const rows = order.choices ? orderChoiceRows(order.choices) : [];
  if (rows.length === 0) return [];
  return [
    { kind: 'heading', text: ORDER_CHOICES_HEADING },
    { kind: 'rows', rows: rows.map((row) => [row.label, row.value] as const) },
  ];
}

export function sellerRows(shop: ShopDetails): MailBlock {
  return {
    kind: 'rows',
    rows: [
      ['Sprzedawca', shopName(shop)],
      ['Adres', shop.address],
      ['Telefon', shop.phone],
      ['E-mail', shop.email],
    ],
  };
}

export function transferBlocks(context: MailContext): MailBlock[] {
  const { bank, order } = context;
  if (order.paymentMethod !== 'transfer') return [];
  if (!bank.accountNumber.trim()) {
    return [
      { kind: 'heading', text: 'Dane do przelewu' },
      { kind: 'paragraph', text: 'Dane do przelewu prześlemy osobno. W razie pytań zadzwoń do nas.' },
    ];
  }
  return [
    { kind: 'heading', text: 'Dane do przelewu' },
    {
      kind: 'rows',
      rows: [
        ['Kwota', formatPln(order.total)],
        ['Numer konta', bank.accountNumber],
        ['Bank', bank.bankName],
        ['Odbiorca', bank.holder],
        ['Adres odbiorcy', bank.address],
        ['SWIFT', bank.swift],
        ['Tytuł przelewu', transferTitle(order.number)],
      ],
    },
    { kind: 'paragraph', text: 'Zamówienie zrealizujemy po zaksięgowaniu wpłaty.' },
  ];
}

/**
 * Art. 27 and 38 ust. 1 ustawy o prawach konsumenta, as they fit a florist
 * (src/domain/withdrawal-right.ts): live flowers and personalised
 * goods cannot be returned, everything else within 14 days, through /odstapienie.
 */
export function withdrawalBlocks(context: MailContext): MailBlock[] {
  const { shop } = context;
  const where = [shop.email ? `e-mailem na adres ${shop.email}` : '', shop.address ? `pocztą na adres ${shop.address}` : '']
    .filter(Boolean)
    .join(' lub ');
  const form = context.siteUrl ? `${context.siteUrl.replace(/\/+$/, '')}/odstapienie` : null;
  return [
    { kind: 'heading', text: 'Prawo odstąpienia od umowy' },
    {
      kind: 'note',
      text:
        'Prawo odstąpienia nie przysługuje (art. 38 ust. 1 ustawy o prawach konsumenta) w przypadku: ' +
        'żywych kwiatów, bukietów i kompozycji z żywych kwiatów, czyli towarów ulegających szybkiemu zepsuciu (pkt 4), ' +
        'oraz towarów wykonanych według Twojej specyfikacji, czyli wieńców i wiązanek z szarfą z napisem oraz innych ' +
        'spersonalizowanych wyrobów (pkt 3). Takie pozycje są oznaczone na liście produktów powyżej.',
    },
    {
      kind: 'note',
      text:
        'Pozostałe towary (np. kwiaty sztuczne, znicze, pamiątki, biżuteria) możesz zwrócić: jako konsument możesz odstąpić ' +
        `od umowy zawartej na odległość w terminie ${WITHDRAWAL_PERIOD_DAYS} dni bez podawania przyczyny (art. 27 ustawy z dnia 30 maja 2014 r. ` +
        'o prawach konsumenta). Termin liczy się od dnia, w którym Ty lub wskazana przez Ciebie osoba (inna niż przewoźnik) ' +
        `otrzymała towar. Wystarczy, że przed jego upływem wyślesz nam oświadczenie${form ? ' przez formularz poniżej' : ''}` +
        `${where ? `${form ? ' albo' : ', np.'} ${where}` : ''}. ` +
        'Zwrócimy wszystkie płatności, w tym koszt najtańszej dostawy, w ciągu 14 dni od otrzymania oświadczenia.',
    },
    ...(form ? [{ kind: 'link', label: 'Odstąp od umowy', url: form } as const] : []),
  ];
}

/** The owner's 'Wyślij link do płatności': the order page is where the customer pays (decision 032). */
export function payLinkBlocks(context: MailContext): MailBlock[] {
  const url = orderPageUrl(context);
  if (!context.order.awaitsPaymentLink || !url) return [];
  return [
    {
      kind: 'paragraph',
      text: `Do zapłaty: ${formatPln(context.order.total)}. Zapłacisz online na stronie zamówienia: wybierz „Zapłać teraz” (BLIK, szybki przelew lub karta przez PayU).`,
    },
    { kind: 'link', label: 'Zapłać za zamówienie', url },
  ];
}

export function orderLinkBlock(context: MailContext): MailBlock[] {
  const url = orderPageUrl(context);
  return url ? [{ kind: 'link', label: 'Zobacz zamówienie', url }] : [];
}

/** 'Dzień dobry,' as a Polish shop writes to a customer: not a full name in the nominative, which reads as a form letter. */
export function greeting(): MailBlock {
  return { kind: 'paragraph', text: 'Dzień dobry,' };
}
