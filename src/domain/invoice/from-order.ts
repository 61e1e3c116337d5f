/**
 * An InvoiceDocument from the stored order and the owner's settings: the
 * order's gross lines, delivery and services as lines at their own rates,
 * the order's discount spread over the lines in proportion to their gross
 * value (docs/decisions/036-vat-rates.md), and a correction that takes back
 * a cancelled order or a refund from the original invoice's lines.
 */

import type { OrderInvoice } from '../invoice.ts';
import type { CorrectedInvoice, InvoiceDocument, InvoiceLine, PaymentForm, SellerParty } from './model.ts';
import { allocateProportionally, type VatRate } from './vat.ts';

export interface InvoiceOrderItem {
  name: string;
  quantity: number;
  /** Gross unit price in grosz. */
  price: number;
  rate: VatRate;
}

export interface InvoiceOrderService {
  name: string;
  gross: number;
}

export interface InvoiceOrder {
  orderNumber: string;
  items: readonly InvoiceOrderItem[];
  shippingCost: number;
  servicesCost: number;
  /** The services as ordered ('Zapalenie znicza', 'Zdjęcie po dostawie'), gross in grosz; free ones cost 0. */
  services: readonly InvoiceOrderService[];
  discount: number;
  buyer: OrderInvoice;
  deliveryDate: string | null;
  paymentMethod: string;
  /** The Warsaw date the order became paid in full, or null. */
  paidOn: string | null;
}

export interface InvoiceSettings {
  seller: SellerParty;
  deliveryRate: VatRate;
  servicesRate: VatRate;
}

export const DELIVERY_LINE_NAME = 'Dostawa';
export const SERVICES_LINE_NAME = 'Usługi dodatkowe';
const UNIT_PIECE = 'szt.';
const UNIT_SERVICE = 'usł.';

/** FA(3) FormaPlatnosci of the shop's payment methods: online gateways count as transfers, BLIK as mobile. */
const PAYMENT_FORMS: Record<string, PaymentForm> = {
  payu: '6',
  transfer: '6',
  stripe: '2',
  card: '2',
  terminal: '2',
  blik: '7',
  cash: '1',
  cod: '1',
};

export function paymentForm(method: string): PaymentForm | null {
  return PAYMENT_FORMS[method] ?? null;
}

/** An exempt seller (art. 113) sells everything at 'zw'. */
function rateFor(settings: InvoiceSettings, rate: VatRate): VatRate {
  return settings.seller.exemptionBasis ? 'zw' : rate;
}

/**
 * Each paid service as a line of its own; one 'Usługi dodatkowe' line for
 * what was charged when the stored list does not add up to it (an order
 * stored before services kept their prices).
 */
function serviceLines(order: InvoiceOrder): { name: string; unitGross: number }[] {
  if (order.servicesCost <= 0) return [];
  const paid = order.services.filter((service) => service.gross > 0);
  const listed = paid.reduce((sum, service) => sum + service.gross, 0);
  if (listed !== order.servicesCost) return [{ name: SERVICES_LINE_NAME, unitGross: order.servicesCost }];
  return paid.map((service) => ({ name: service.name, unitGross: service.gross }));
}

export function invoiceLines(order: InvoiceOrder, settings: InvoiceSettings): InvoiceLine[] {
  const raw: Omit<InvoiceLine, 'discount' | 'gross'>[] = order.items.map((item) => ({
    name: item.name,
    unit: UNIT_PIECE,
    quantity: item.quantity,
    unitGross: item.price,
    rate: rateFor(settings, item.rate),
  }));
  if (order.shippingCost > 0) {
    raw.push({
      name: DELIVERY_LINE_NAME,
      unit: UNIT_SERVICE,
      quantity: 1,
      unitGross: order.shippingCost,
      rate: rateFor(settings, settings.deliveryRate),
    });
  }
  for (const service of serviceLines(order)) {
    raw.push({ ...service, unit: UNIT_SERVICE, quantity: 1, rate: rateFor(settings, settings.servicesRate) });
  }
  const values = raw.map((line) => line.quantity * line.unitGross);
  const discounts = allocateProportionally(order.discount, values);
  return raw.map((line, index) => {
    const discount = discounts[index] ?? 0;
    return { ...line, discount, gross: (values[index] ?? 0) - discount };
  });
}

export interface IssueContext {
  number: string;
  issueDate: string;
  createdAt: string;
}

export function invoiceFromOrder(order: InvoiceOrder, settings: InvoiceSettings, issue: IssueContext): InvoiceDocument {
  return {
    kind: 'VAT',
    number: issue.number,
    issueDate: issue.issueDate,
    saleDate: order.deliveryDate,
    createdAt: issue.createdAt,
    seller: settings.seller,
    buyer: { nip: order.buyer.nip, name: order.buyer.company, address: order.buyer.address },
    lines: invoiceLines(order, settings),
    payment: { paidOn: order.paidOn, form: paymentForm(order.paymentMethod) },
    orderNumber: order.orderNumber,
    correction: null,
  };
}

/**
 * The lines after taking back `amount` grosz of the original's gross (all of
 * it for a cancellation), spread over the lines like the discount. A line
 * taken back in full keeps no quantity.
 */
export function correctedLines(original: readonly InvoiceLine[], amount: number): InvoiceLine[] {
  const taken = allocateProportionally(
    amount,
    original.map((line) => line.gross),
  );
  return original.map((line, index) => {
    const gross = line.gross - (taken[index] ?? 0);
    return { ...line, gross, quantity: gross === 0 ? 0 : line.quantity, discount: gross === 0 ? 0 : line.discount + (taken[index] ?? 0) };
  });
}

export interface CorrectionContext extends IssueContext {
  reason: string;
  /** Gross grosz taken back. */
  amount: number;
  original: CorrectedInvoice;
  /** The original invoice's parties and order number, as issued. */
  base: Pick<InvoiceDocument, 'seller' | 'buyer' | 'orderNumber' | 'saleDate'>;
}

export function correctionInvoice(context: CorrectionContext): InvoiceDocument {
  return {
    kind: 'KOR',
    number: context.number,
    issueDate: context.issueDate,
    saleDate: context.base.saleDate,
    createdAt: context.createdAt,
    seller: context.base.seller,
    buyer: context.base.buyer,
    lines: correctedLines(context.original.lines, context.amount),
    payment: { paidOn: null, form: null },
    orderNumber: context.base.orderNumber,
    correction: { reason: context.reason, original: context.original },
  };
}
