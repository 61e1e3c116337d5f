import type { Row } from '../../../domain/database.ts';
import type { DeliveryAddress } from '../../../domain/delivery-address.ts';
import {
  FULFILMENT_STATES,
  INITIAL_FULFILMENT_STATE,
  DEFAULT_SUBSTITUTION,
  type FulfilmentState,
  type Occasion,
  type RecipientKind,
  type SubstitutionChoice,
} from '../../../domain/florist-order.ts';
import { readOrderInvoice, type OrderInvoice } from '../../../domain/invoice.ts';
import { fromPln, type Grosz } from '../../../domain/money.ts';
import { CUSTOM_LINE_PRODUCT_ID, ORDER_SOURCES, type OrderSource } from '../../../domain/owner-order.ts';
import {
  readGrave,
  readOccasion,
  readServices,
  readSubstitution,
  readVenue,
  type OrderGrave,
  type OrderService,
  type OrderVenue,
} from '../../../domain/order-choices.ts';
import { isMailKind, isMailState, type MailKind, type MailState } from '../../../domain/mail-kinds.ts';
import {
  LEDGER_EMBEDS,
  moneyColumn,
  toAdminPayments,
  toAdminWithdrawals,
  type AdminOrderWithdrawal,
  type AdminPayment,
  type PaymentRow,
  type WithdrawalRow,
} from '../payments/ledger-rows.ts';
import { lineName } from '../../../domain/product-sizes.ts';
import { addonsLast } from '../../../domain/product-addons.ts';

/** The owner's orders select: items, mails, and the ledger's payments, refunds and withdrawals. */
export const ADMIN_ORDER_SELECT =
  `*, order_items(*, products(name)), mail_jobs(kind, recipient, state, attempts, last_error, sent_at, created_at), invoices(number, kind, ksef_number, issued_at), ${LEDGER_EMBEDS}` as const;

/** One order as the back office shows it; money in grosz. Pure: no fetching here. */
export interface AdminOrderItem {
  id: string;
  productId: string;
  /** The size ordered, as it was named then; null for a product sold as one. */
  sizeLabel: string | null;
  /** The product's name with its size: every list, print and the export show it so. */
  name: string;
  quantity: number;
  price: Grosz;
  /** Sold as an add-on to the flowers (snapshot of the order): listed after them, marked '+'. */
  isAddon: boolean;
}

export interface AdminOrder {
  id: string;
  number: string;
  createdAt: string;
  status: string;
  subtotal: Grosz;
  shippingCost: Grosz;
  total: Grosz;
  deliveryMethod: string;
  deliveryAddress: DeliveryAddress | null;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  paymentMethod: string;
  payuStatus: string | null;
  /** The owner's words to the customer when cancelling; null when none were given. */
  cancelReason: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  items: AdminOrderItem[];
  florist: FloristDetails;
  /** The mails about this order and where each stands, oldest first. */
  mails: AdminMail[];
  /** The buyer's company for an invoice; null when none was asked for. */
  invoice: OrderInvoice | null;
  /** Completed payments, as the ledger derives them (orders.amount_paid). */
  amountPaid: Grosz;
  /** Completed refunds (orders.amount_refunded). */
  amountRefunded: Grosz;
  /** Taken off by the owner on an order she entered, and why; 0 and null otherwise. */
  discount: Grosz;
  discountReason: string | null;
  /** Where the order came from: the shop online, or the owner by phone or at the counter. */
  source: OrderSource;
  /** The ledger's payments with their refunds, oldest first. */
  payments: AdminPayment[];
  /** The customer's withdrawal requests for this order. */
  withdrawals: AdminOrderWithdrawal[];
  /** The shop's invoices of the order, oldest first (absent in a copy saved before invoices existed). */
  issuedInvoices?: AdminIssuedInvoice[];
}

export interface AdminIssuedInvoice {
  number: string;
  kind: 'VAT' | 'KOR';
  ksefNumber: string | null;
}

type InvoiceRow = Pick<Row<'invoices'>, 'number' | 'kind' | 'ksef_number' | 'issued_at'>;

function toIssuedInvoices(rows: InvoiceRow[] | null | undefined): AdminIssuedInvoice[] {
  return [...(rows ?? [])]
    .sort((left, right) => left.issued_at.localeCompare(right.issued_at))
    .map((row) => ({ number: row.number, kind: row.kind, ksefNumber: row.ksef_number }));
}

export interface AdminMail {
  kind: MailKind;
  recipient: string;
  state: MailState;
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
  createdAt: string;
}

type MailJobRow = Pick<Row<'mail_jobs'>, 'kind' | 'recipient' | 'state' | 'attempts' | 'last_error' | 'sent_at' | 'created_at'>;

/** Mail rows as the data API embeds them; a kind or state this version does not know is left out, never guessed. */
function toAdminMails(rows: readonly MailJobRow[] | null | undefined): AdminMail[] {
  return (rows ?? [])
    .flatMap((row) => {
      const { kind, state } = row;
      if (!isMailKind(kind) || !isMailState(state)) return [];
      return [
        {
          kind,
          state,
          recipient: row.recipient,
          attempts: row.attempts,
          lastError: row.last_error,
          sentAt: row.sent_at,
          createdAt: row.created_at,
        },
      ];
    })
    .sort((left, right) => left.createdAt.localeCompare(right.createdAt));
}

export type AdminVenue = OrderVenue;
export type AdminGrave = OrderGrave;
export type AdminService = OrderService & { id: string };

/** The florist's part of an order; every field empty for an order placed before it. */
export interface FloristDetails {
  recipientKind: RecipientKind;
  recipientName: string;
  recipientPhone: string;
  deliveryNotes: string;
  /** 'YYYY-MM-DD' (home, cemetery, store pickup); null for couriers. */
  deliveryDate: string | null;
  /** Window id ('09:00-12:00', 'all-day'); home and cemetery. */
  deliveryWindow: string | null;
  deliveryWindowLabel: string | null;
  /** 'H:MM'; store pickup. */
  pickupTime: string | null;
  occasion: Occasion | null;
  venue: AdminVenue | null;
  ribbonText: string;
  cemetery: AdminGrave | null;
  cardMessage: string;
  cardSignature: string;
  cardAnonymous: boolean;
  substitution: SubstitutionChoice;
  services: AdminService[];
  servicesCost: Grosz;
  fulfilmentState: FulfilmentState;
}

export type OrderItemRow = Pick<Row<'order_items'>, 'id' | 'product_id' | 'quantity' | 'price' | 'product_name'> &
  Partial<Pick<Row<'order_items'>, 'size_label' | 'is_addon'>> & {
    products: Pick<Row<'products'>, 'name'> | null;
  };

type OrderColumns = Row<'orders'>;

/**
 * An orders row as ADMIN_ORDER_SELECT reads it, from the generated row. The florist, ledger and embedded
 * columns are optional, so a row without them (one from before their migrations, a test's) still reads.
 */
export type OrderRow = Pick<
  OrderColumns,
  | 'id'
  | 'payu_order_id'
  | 'created_at'
  | 'status'
  | 'total'
  | 'delivery_method'
  | 'delivery_address'
  | 'customer_name'
  | 'customer_email'
  | 'customer_phone'
  | 'payment_method'
  | 'payu_status'
  | 'tracking_number'
  | 'tracking_url'
> &
  Partial<
    Pick<
      OrderColumns,
      | 'subtotal'
      | 'shipping_cost'
      | 'cancel_reason'
      | 'recipient_kind'
      | 'recipient_name'
      | 'recipient_phone'
      | 'delivery_notes'
      | 'delivery_date'
      | 'delivery_window'
      | 'delivery_window_label'
      | 'pickup_time'
      | 'occasion'
      | 'venue'
      | 'ribbon_text'
      | 'cemetery'
      | 'card_message'
      | 'card_signature'
      | 'card_anonymous'
      | 'substitution'
      | 'services'
      | 'services_cost'
      | 'fulfilment_state'
      | 'invoice'
      | 'amount_paid'
      | 'amount_refunded'
      | 'discount'
      | 'discount_reason'
      | 'source'
    >
  > & {
    mail_jobs?: MailJobRow[] | null;
    invoices?: InvoiceRow[] | null;
    order_items?: OrderItemRow[] | null;
    payments?: PaymentRow[] | null;
    withdrawal_requests?: WithdrawalRow[] | null;
  };

function toAddress(value: Partial<DeliveryAddress> | null): DeliveryAddress | null {
  if (!value || typeof value !== 'object') return null;
  return {
    street: value.street ?? '',
    houseNumber: value.houseNumber ?? '',
    apartment: value.apartment ?? '',
    city: value.city ?? '',
    postalCode: value.postalCode ?? '',
  };
}

const oneOf = <T extends string>(list: readonly T[], value: unknown): T | null =>
  typeof value === 'string' && (list as readonly string[]).includes(value) ? (value as T) : null;

export function toFloristDetails(row: Partial<OrderRow>): FloristDetails {
  return {
    recipientKind: row.recipient_kind === 'other' ? 'other' : 'self',
    recipientName: row.recipient_name ?? '',
    recipientPhone: row.recipient_phone ?? '',
    deliveryNotes: row.delivery_notes ?? '',
    deliveryDate: row.delivery_date || null,
    deliveryWindow: row.delivery_window || null,
    deliveryWindowLabel: row.delivery_window_label || null,
    pickupTime: row.pickup_time || null,
    occasion: readOccasion(row.occasion),
    venue: readVenue(row.venue),
    ribbonText: row.ribbon_text ?? '',
    cemetery: readGrave(row.cemetery),
    cardMessage: row.card_message ?? '',
    cardSignature: row.card_signature ?? '',
    cardAnonymous: row.card_anonymous === true,
    substitution: readSubstitution(row.substitution) ?? DEFAULT_SUBSTITUTION,
    services: readServices(row.services),
    servicesCost: row.services_cost == null ? (0 as Grosz) : fromPln(row.services_cost),
    fulfilmentState: oneOf(FULFILMENT_STATES, row.fulfilment_state) ?? INITIAL_FULFILMENT_STATE,
  };
}

export function toAdminOrder(row: OrderRow): AdminOrder {
  const total = fromPln(row.total);
  const shippingCost = row.shipping_cost == null ? (0 as Grosz) : fromPln(row.shipping_cost);
  return {
    id: row.id,
    number: row.payu_order_id,
    createdAt: row.created_at,
    status: row.status,
    subtotal: row.subtotal == null ? ((total - shippingCost) as Grosz) : fromPln(row.subtotal),
    shippingCost,
    total,
    deliveryMethod: row.delivery_method,
    deliveryAddress: toAddress(row.delivery_address),
    customerName: row.customer_name,
    customerEmail: row.customer_email,
    customerPhone: row.customer_phone,
    paymentMethod: row.payment_method,
    payuStatus: row.payu_status,
    cancelReason: row.cancel_reason ?? null,
    trackingNumber: row.tracking_number,
    trackingUrl: row.tracking_url,
    // The florist reads the flowers first and the add-ons that go with them after (decision 039).
    items: addonsLast(
      (row.order_items ?? []).map((item) => ({
        id: item.id,
        productId: item.product_id,
        // The owner's own bouquet is one hidden product; its line's name is her description.
        sizeLabel: item.size_label ?? null,
        name: lineName(
          (item.product_id === CUSTOM_LINE_PRODUCT_ID ? null : item.products?.name) ?? item.product_name ?? '',
          item.size_label,
        ),
        quantity: item.quantity,
        price: fromPln(item.price),
        isAddon: item.is_addon === true,
      })),
    ),
    florist: toFloristDetails(row),
    mails: toAdminMails(row.mail_jobs),
    invoice: readOrderInvoice(row.invoice),
    amountPaid: moneyColumn(row.amount_paid),
    amountRefunded: moneyColumn(row.amount_refunded),
    discount: row.discount == null ? (0 as Grosz) : fromPln(row.discount),
    discountReason: row.discount_reason ?? null,
    source: (ORDER_SOURCES as readonly string[]).includes(row.source ?? '') ? (row.source as OrderSource) : 'online',
    payments: toAdminPayments(row.payments),
    withdrawals: toAdminWithdrawals(row.withdrawal_requests),
    issuedInvoices: toIssuedInvoices(row.invoices),
  };
}
