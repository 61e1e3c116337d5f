import { DELIVERY_METHOD_LABELS, type DeliveryMethod } from '../../../src/domain/delivery.ts';
import type { OrderInvoice } from '../../../src/domain/invoice.ts';
import { formatPln, type Grosz } from '../../../src/domain/money.ts';
import type { OrderChoices } from '../../../src/domain/order-choices.ts';
import type { MailKind } from '../../../src/domain/mail-kinds.ts';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../src/domain/payment-methods.ts';
import type { WithdrawalExemption } from '../../../src/domain/withdrawal-right.ts';
import { renderMail, type MailBlock, type RenderedMail } from './render.ts';
import { refundCompletedMail, transferReminderMail } from './payment-templates.ts';
import { orderPhotoMail } from './photo-template.ts';
import { invoiceMail } from './invoice-template.ts';
import { WITHDRAWAL_TEMPLATES, isWithdrawalMailKind, type WithdrawalMailKind } from './withdrawal-template.ts';
import {
  shopName,
  adminOrderUrl,
  footer,
  itemRows,
  confirmedItemRows,
  invoiceBlocks,
  totalsRows,
  deliveryRows,
  choiceBlocks,
  sellerRows,
  transferBlocks,
  withdrawalBlocks,
  orderLinkBlock,
  payLinkBlocks,
  greeting,
} from './order-blocks.ts';

/*
 * The wording of every mail the shop sends about an order, in one place: the
 * owner edits the Polish text here (subjects, greetings, the withdrawal
 * notice). Layout and escaping live in render.ts; the data comes from the
 * order and the shop's settings (mail-dispatch loads them).
 */

/** The seller, from the settings (company_*): on every mail. */
export interface ShopDetails {
  name: string;
  address: string;
  phone: string;
  email: string;
  website: string;
}

/** The transfer details (bank_*), as the checkout's success page shows them. */
export interface BankDetails {
  accountNumber: string;
  bankName: string;
  holder: string;
  address: string;
  swift: string;
}

export interface OrderMailItem {
  name: string;
  quantity: number;
  /** Unit price. */
  price: Grosz;
  /** Why the line cannot be returned (withdrawal-right.ts); null or absent when it can. */
  withdrawalExemption?: WithdrawalExemption | null;
}

export interface OrderMailData {
  id: string;
  number: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  items: readonly OrderMailItem[];
  subtotal: Grosz;
  shipping: Grosz;
  services: readonly { label: string; price: Grosz }[];
  /** Taken off by the owner on an order she entered (with a reason kept for her); 0 for the shop's own orders. */
  discount: Grosz;
  total: Grosz;
  deliveryMethod: DeliveryMethod;
  /** 'Mickiewicza 3/2, 37-700 Przemyśl'; null for store pickup. */
  deliveryAddress: string | null;
  /** YYYY-MM-DD; home, cemetery and pickup orders. */
  deliveryDate: string | null;
  /** '9:00–12:00' as the customer chose it. */
  deliveryWindowLabel: string | null;
  /** 'H:MM'; store pickup only. */
  pickupTime: string | null;
  /** Present when someone else receives the flowers. */
  recipient: { name: string; phone: string } | null;
  paymentMethod: PaymentMethod;
  /** An order the owner took for the customer to pay online through the mailed link, still unpaid. */
  awaitsPaymentLink?: boolean;
  /** The owner's reason for cancelling, carried by the 'Anulowane' mail. */
  cancelReason?: string | null;
  /** The buyer's company for an invoice; null or absent without one. */
  invoice?: OrderInvoice | null;
  /** The card, the occasion, the grave and the rest the customer chose; absent leaves them out. */
  choices?: OrderChoices;
  createdAt: string;
}

export interface MailContext {
  shop: ShopDetails;
  bank: BankDetails;
  order: OrderMailData;
  /** The shop's public origin (SITE_URL); null leaves the links out. */
  siteUrl: string | null;
  /** The order page's access token, minted for this mail by mail-dispatch (only its hash is stored); absent → a link without it. */
  orderToken?: string | null;
  /** The job's own data (mail_jobs.details): a withdrawal request's receipt (withdrawal-template.ts). */
  details?: unknown;
}

export type Template = (context: MailContext) => { subject: string; preheader: string; blocks: MailBlock[] };

const TEMPLATES: Record<Exclude<MailKind, WithdrawalMailKind>, Template> = {
  'order-confirmation': (context) => {
    const { order, shop } = context;
    return {
      subject: `Potwierdzenie zamówienia ${order.number} – ${shopName(shop)}`,
      preheader: `Dziękujemy! Przyjęliśmy zamówienie nr ${order.number} na kwotę ${formatPln(order.total)}.`,
      blocks: [
        { kind: 'heading', text: 'Dziękujemy za zamówienie!' },
        greeting(),
        { kind: 'paragraph', text: `przyjęliśmy Twoje zamówienie nr ${order.number}. Poniżej jego szczegóły – zachowaj tę wiadomość.` },
        { kind: 'heading', text: 'Zamówione produkty' },
        confirmedItemRows(order),
        totalsRows(order),
        { kind: 'heading', text: 'Dostawa' },
        deliveryRows(order),
        ...choiceBlocks(order),
        { kind: 'heading', text: 'Płatność' },
        { kind: 'rows', rows: [['Sposób płatności', PAYMENT_METHOD_LABELS[order.paymentMethod]]] },
        ...transferBlocks(context),
        ...payLinkBlocks(context),
        ...invoiceBlocks(order),
        // The payment link above is this same order page.
        ...(order.awaitsPaymentLink ? [] : orderLinkBlock(context)),
        { kind: 'heading', text: 'Dane sprzedawcy' },
        sellerRows(shop),
        ...withdrawalBlocks(context),
      ],
    };
  },

  'owner-new-order': (context) => {
    const { order } = context;
    const url = adminOrderUrl(context);
    return {
      subject: `Nowe zamówienie ${order.number} – ${formatPln(order.total)}`,
      preheader: `${order.customerName}, ${DELIVERY_METHOD_LABELS[order.deliveryMethod]}, ${PAYMENT_METHOD_LABELS[order.paymentMethod]}`,
      blocks: [
        { kind: 'heading', text: `Nowe zamówienie ${order.number}` },
        {
          kind: 'rows',
          rows: [
            ['Klient', order.customerName],
            ['E-mail', order.customerEmail],
            ['Telefon', order.customerPhone],
            ['Sposób płatności', PAYMENT_METHOD_LABELS[order.paymentMethod]],
          ],
        },
        { kind: 'heading', text: 'Produkty' },
        itemRows(order),
        totalsRows(order),
        { kind: 'heading', text: 'Dostawa' },
        deliveryRows(order),
        ...choiceBlocks(order),
        // The owner issues the invoice from this (outside the shop).
        ...invoiceBlocks(order),
        ...(url ? [{ kind: 'link', label: 'Otwórz w panelu', url } as const] : []),
      ],
    };
  },

  'payment-received': (context) => {
    const { order } = context;
    return {
      subject: `Otrzymaliśmy płatność za zamówienie ${order.number}`,
      preheader: `Płatność ${formatPln(order.total)} za zamówienie ${order.number} została zaksięgowana.`,
      blocks: [
        greeting(),
        {
          kind: 'paragraph',
          text: `dziękujemy – płatność za zamówienie nr ${order.number} została zaksięgowana. Zamówienie przekazaliśmy do realizacji.`,
        },
        {
          kind: 'rows',
          rows: [
            ['Kwota', formatPln(order.total)],
            ['Sposób płatności', PAYMENT_METHOD_LABELS[order.paymentMethod]],
          ],
        },
        ...orderLinkBlock(context),
      ],
    };
  },

  'refund-completed': refundCompletedMail,
  'transfer-reminder': transferReminderMail,

  'status-processing': (context) => {
    const { order } = context;
    return {
      subject: `Zamówienie ${order.number} jest w realizacji`,
      preheader: 'Florysta zajmuje się Twoim zamówieniem.',
      blocks: [
        greeting(),
        { kind: 'paragraph', text: `Twoje zamówienie nr ${order.number} ma status „W realizacji” – zajmujemy się nim.` },
        deliveryRows(order),
        ...orderLinkBlock(context),
      ],
    };
  },

  'status-cancelled': (context) => {
    const { order, shop } = context;
    return {
      subject: `Zamówienie ${order.number} zostało anulowane`,
      preheader: `Zamówienie nr ${order.number} ma status „Anulowane”.`,
      blocks: [
        greeting(),
        { kind: 'paragraph', text: `Twoje zamówienie nr ${order.number} zostało anulowane.` },
        { kind: 'rows', rows: [['Powód', order.cancelReason]] },
        {
          kind: 'paragraph',
          text:
            'Jeśli było już opłacone, zwrócimy pieniądze tą samą drogą w ciągu 14 dni.' +
            (shop.phone ? ` W razie pytań zadzwoń: ${shop.phone}.` : ''),
        },
        ...orderLinkBlock(context),
      ],
    };
  },

  'fulfilment-out-for-delivery': (context) => {
    const { order } = context;
    return {
      subject: `Zamówienie ${order.number} jest w drodze`,
      preheader: 'Kwiaty są już w drodze.',
      blocks: [
        greeting(),
        { kind: 'paragraph', text: `Zamówienie nr ${order.number} jest w drodze.` },
        deliveryRows(order),
        ...orderLinkBlock(context),
      ],
    };
  },

  'fulfilment-delivered': (context) => {
    const { order } = context;
    return {
      subject: `Zamówienie ${order.number} zostało dostarczone`,
      preheader: 'Kwiaty dotarły na miejsce.',
      blocks: [
        greeting(),
        { kind: 'paragraph', text: `Zamówienie nr ${order.number} zostało dostarczone. Dziękujemy za zakupy!` },
        ...orderLinkBlock(context),
      ],
    };
  },

  'fulfilment-failed-attempt': (context) => {
    const { order, shop } = context;
    return {
      subject: `Nieudana próba doręczenia zamówienia ${order.number}`,
      preheader: 'Nie udało się doręczyć kwiatów – skontaktuj się z nami.',
      blocks: [
        greeting(),
        { kind: 'paragraph', text: `nie udało się doręczyć zamówienia nr ${order.number}.` },
        {
          kind: 'paragraph',
          text: shop.phone
            ? `Zadzwoń do nas pod numer ${shop.phone}, a ustalimy nowy termin.`
            : 'Skontaktuj się z nami, a ustalimy nowy termin.',
        },
        deliveryRows(order),
      ],
    };
  },

  'photo-before-dispatch': (context) => orderPhotoMail(context, 'before_dispatch'),
  'photo-after-delivery': (context) => orderPhotoMail(context, 'after_delivery'),
  invoice: (context) => invoiceMail(context, false),
  'invoice-correction': (context) => invoiceMail(context, true),

  'order-link': (context) => {
    const { order } = context;
    return {
      subject: `Link do zamówienia ${order.number}`,
      preheader: 'Zobacz stan swojego zamówienia bez logowania.',
      blocks: [
        greeting(),
        {
          kind: 'paragraph',
          text: `poproszono o link do zamówienia nr ${order.number}. Otwórz go, aby zobaczyć stan zamówienia, płatność i dostawę. Jeśli to nie Ty, zignoruj tę wiadomość.`,
        },
        ...orderLinkBlock(context),
      ],
    };
  },
};

/** The mail of a kind for an order: subject, HTML and the plain-text part. */
export function renderOrderMail(kind: MailKind, context: MailContext): RenderedMail {
  const { subject, preheader, blocks } = (isWithdrawalMailKind(kind) ? WITHDRAWAL_TEMPLATES[kind] : TEMPLATES[kind])(context);
  return renderMail({ subject, preheader, blocks, footer: footer(context.shop, context.order) });
}
