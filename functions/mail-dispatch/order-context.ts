import { CATEGORY_IDS, type CategoryId } from '../../src/domain/categories.ts';
import { formatDestinationAddress } from '../../src/domain/delivery-address.ts';
import { DELIVERY_METHODS, type DeliveryMethod } from '../../src/domain/delivery.ts';
import { fromPln } from '../../src/domain/money.ts';
import { readOrderChoices, type OrderChoicesRow } from '../../src/domain/order-choices.ts';
import type { Row } from '../../src/domain/database.ts';
import { readOrderInvoice } from '../../src/domain/invoice.ts';
import { PAYMENT_METHODS, type PaymentMethod } from '../../src/domain/payment-methods.ts';
import {
  WITHDRAWAL_RULES,
  lineWithdrawalExemption,
  type WithdrawalExemption,
  type WithdrawalRule,
} from '../../src/domain/withdrawal-right.ts';
import type { BankDetails, MailContext, OrderMailData, ShopDetails } from '../_shared/mail/templates.ts';
import { lineName } from '../../src/domain/product-sizes.ts';
import { addonsLast } from '../../src/domain/product-addons.ts';

/** The columns the templates read (orders with their items). */
export const ORDER_MAIL_COLUMNS =
  'id, payu_order_id, customer_name, customer_email, customer_phone, subtotal, shipping_cost, services, discount, total, delivery_method, delivery_address, delivery_date, delivery_window_label, pickup_time, recipient_kind, recipient_name, recipient_phone, payment_method, source, amount_paid, cancel_reason, created_at, invoice, ribbon_text, delivery_notes, cemetery, occasion, venue, card_message, card_signature, card_anonymous, substitution, order_items(product_name, size_label, is_addon, quantity, price, products(category, withdrawal_rule))';

type OrderMailItem = Pick<Row<'order_items'>, 'product_name' | 'quantity' | 'price'> &
  Partial<Pick<Row<'order_items'>, 'size_label' | 'is_addon'>> & {
    products?: Pick<Row<'products'>, 'category' | 'withdrawal_rule'> | null;
  };

/**
 * An order row as the mails read it (ORDER_MAIL_COLUMNS), from the generated row; the florist columns
 * (OrderChoicesRow), the cancel reason and the invoice are absent on rows read before them.
 */
export type OrderMailRow = Pick<
  Row<'orders'>,
  | 'id'
  | 'payu_order_id'
  | 'customer_name'
  | 'customer_email'
  | 'customer_phone'
  | 'subtotal'
  | 'shipping_cost'
  | 'services'
  | 'total'
  | 'delivery_method'
  | 'delivery_address'
  | 'delivery_date'
  | 'delivery_window_label'
  | 'pickup_time'
  | 'recipient_kind'
  | 'recipient_name'
  | 'recipient_phone'
  | 'payment_method'
  | 'created_at'
> &
  Partial<Pick<Row<'orders'>, 'cancel_reason' | 'invoice' | 'discount' | 'source' | 'amount_paid'>> &
  OrderChoicesRow & { order_items: OrderMailItem[] };

/** The settings every mail carries (company_*) and the transfer details (bank_*). */
export const MAIL_SETTING_KEYS = [
  'company_name',
  'company_address',
  'company_phone',
  'company_email',
  'company_website',
  'bank_account_number',
  'bank_name',
  'bank_account_holder',
  'bank_address',
  'bank_swift',
] as const;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

const isCategory = (value: string): value is CategoryId => (CATEGORY_IDS as readonly string[]).includes(value);
const isRule = (value: string | null): value is WithdrawalRule => (WITHDRAWAL_RULES as readonly string[]).includes(value ?? '');

/** Why a line cannot be returned, from its product's category and setting; null when it can, or when the product is unknown. */
function lineExemption(item: OrderMailItem, ribbonText: string | null | undefined): WithdrawalExemption | null {
  const product = item.products;
  if (!product || !isCategory(product.category)) return null;
  const rule = isRule(product.withdrawal_rule) ? product.withdrawal_rule : undefined;
  return lineWithdrawalExemption({ name: item.product_name, category: product.category, withdrawal_rule: rule }, { ribbonText });
}

export function orderMailData(row: OrderMailRow): OrderMailData {
  const address = row.delivery_address;
  const choices = readOrderChoices(row);
  return {
    id: row.id,
    number: row.payu_order_id,
    customerName: row.customer_name,
    customerEmail: row.customer_email,
    customerPhone: row.customer_phone,
    // The flowers first, then what goes with them, as the florist's lists read the order.
    items: addonsLast(
      row.order_items.map((item) => ({
        isAddon: item.is_addon ?? false,
        name: lineName(item.product_name, item.size_label),
        quantity: item.quantity,
        price: fromPln(item.price),
        withdrawalExemption: lineExemption(item, row.ribbon_text),
      })),
    ).map(({ isAddon: _isAddon, ...line }) => line),
    subtotal: fromPln(row.subtotal),
    shipping: fromPln(row.shipping_cost),
    services: choices.services,
    discount: fromPln(row.discount ?? 0),
    total: fromPln(row.total),
    deliveryMethod: (DELIVERY_METHODS as readonly string[]).includes(row.delivery_method)
      ? (row.delivery_method as DeliveryMethod)
      : 'home',
    deliveryAddress: address
      ? formatDestinationAddress({
          street: text(address.street),
          houseNumber: text(address.houseNumber),
          apartment: text(address.apartment),
          city: text(address.city),
          postalCode: text(address.postalCode),
        })
      : null,
    deliveryDate: row.delivery_date,
    deliveryWindowLabel: row.delivery_window_label,
    pickupTime: row.pickup_time,
    recipient: row.recipient_kind === 'other' ? { name: row.recipient_name ?? '', phone: row.recipient_phone ?? '' } : null,
    paymentMethod: (PAYMENT_METHODS as readonly string[]).includes(row.payment_method) ? (row.payment_method as PaymentMethod) : 'transfer',
    // The owner's 'Wyślij link do płatności' (decision 032): her order, to be paid online, not paid yet.
    awaitsPaymentLink:
      (row.source ?? 'online') !== 'online' && row.payment_method === 'payu' && (row.amount_paid ?? 0) < fromPln(row.total),
    cancelReason: row.cancel_reason?.trim() || null,
    invoice: readOrderInvoice(row.invoice),
    choices,
    createdAt: row.created_at,
  };
}

export function mailContext(row: OrderMailRow, settings: Record<string, string>, siteUrl: string | null): MailContext {
  const get = (key: (typeof MAIL_SETTING_KEYS)[number]) => settings[key] ?? '';
  const shop: ShopDetails = {
    name: get('company_name'),
    address: get('company_address'),
    phone: get('company_phone'),
    email: get('company_email'),
    // The owner's own website if they gave one; otherwise the shop itself, at the address it runs on.
    website: get('company_website').trim() || (siteUrl ?? ''),
  };
  const bank: BankDetails = {
    accountNumber: get('bank_account_number'),
    bankName: get('bank_name'),
    holder: get('bank_account_holder'),
    address: get('bank_address'),
    swift: get('bank_swift'),
  };
  return { shop, bank, order: orderMailData(row), siteUrl };
}
