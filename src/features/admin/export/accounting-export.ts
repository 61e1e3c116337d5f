import { warsawWallClock } from '../../../domain/calendar/warsaw-clock.ts';
import { toCsv, type CsvCell, type DateRange } from '../../../domain/csv.ts';
import { DELIVERY_METHOD_LABELS, type DeliveryMethod } from '../../../domain/delivery.ts';
import { formatNip } from '../../../domain/nip.ts';
import { formatPln, grosz, multiplyMoney } from '../../../domain/money.ts';
import { ORDER_PAYMENT_STATE_LABELS } from '../../../domain/payment-ledger.ts';
import { orderStatusLabel } from '../../../domain/order-status.ts';
import { ORDER_SOURCE_LABELS } from '../../../domain/owner-order.ts';
import type { AdminIssuedInvoice, AdminOrder } from '../orders/order.ts';
import { PAYMENT_STATE_LABELS, PROVIDER_LABELS, REFUND_STATE_LABELS, paymentMethodLabel, paymentStateOf } from '../payments/order-money.ts';

/**
 * The accountant's two files, built from the back office's copy of the
 * orders (so they can be made offline too): one row per order placed in the
 * range, and one row per payment or refund dated in it. Dates are the shop's
 * (Warsaw). Prices are gross, as the shop stores them. Pure.
 */

export const ORDERS_HEADER = [
  'Numer',
  'Źródło',
  'Data zamówienia',
  'Godzina',
  'Termin realizacji',
  'Sposób dostawy',
  'Klient',
  'E-mail',
  'Telefon',
  'Firma',
  'NIP',
  'Adres firmy',
  'Numer faktury',
  'Numer KSeF',
  'Pozycje',
  'Produkty (zł)',
  'Dostawa (zł)',
  'Usługi (zł)',
  'Rabat (zł)',
  'Razem brutto (zł)',
  'Metoda płatności',
  'Stan płatności',
  'Zapłacono (zł)',
  'Zwrócono (zł)',
  'Status zamówienia',
] as const;

export const PAYMENTS_HEADER = [
  'Data',
  'Rodzaj',
  'Numer zamówienia',
  'Klient',
  'NIP',
  'Kwota (zł)',
  'Metoda',
  'Operator',
  'Stan',
  'Uwagi',
] as const;

function wallClock(iso: string): { date: string; time: string } {
  const { date, minutes } = warsawWallClock(Date.parse(iso));
  return { date, time: `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}` };
}

function within(date: string, range: DateRange): boolean {
  return date >= range.from && date <= range.to;
}

function deliveryLabel(method: string): string {
  return (DELIVERY_METHOD_LABELS as Record<string, string>)[method as DeliveryMethod] ?? method;
}

/** 'Bukiet róż × 2 po 120,00 zł; Znicz × 1 po 15,00 zł': what was sold, in one cell. */
function linesText(order: AdminOrder): string {
  return order.items.map((item) => `${item.name} × ${item.quantity} po ${formatPln(item.price)}`).join('; ');
}

function itemsTotal(order: AdminOrder) {
  return grosz(order.items.reduce((sum, item) => sum + multiplyMoney(item.price, item.quantity), 0));
}

/** The order's invoices and corrections in one cell, in the order they were issued: 'FV/2027/01/3; KOR/FV/2027/01/1'. */
function invoiceNumbers(order: AdminOrder, pick: (invoice: AdminIssuedInvoice) => string | null): string | null {
  const values = (order.issuedInvoices ?? []).map(pick).filter((value): value is string => value !== null);
  return values.length > 0 ? values.join('; ') : null;
}

/** When the order is to be delivered or picked up: the day, and the window or hour where there is one. */
function dueText(order: AdminOrder): string {
  const { deliveryDate, deliveryWindowLabel, pickupTime } = order.florist;
  if (!deliveryDate) return '';
  const at = deliveryWindowLabel ?? pickupTime;
  return at ? `${deliveryDate} ${at}` : deliveryDate;
}

/** Orders placed (Warsaw date) within the range, oldest first. */
export function ordersCsv(orders: readonly AdminOrder[], range: DateRange): string {
  const rows: CsvCell[][] = orders
    .filter((order) => within(wallClock(order.createdAt).date, range))
    .sort((left, right) => left.createdAt.localeCompare(right.createdAt))
    .map((order) => {
      const placed = wallClock(order.createdAt);
      return [
        order.number,
        ORDER_SOURCE_LABELS[order.source],
        placed.date,
        placed.time,
        dueText(order),
        deliveryLabel(order.deliveryMethod),
        order.customerName,
        order.customerEmail,
        order.customerPhone,
        order.invoice?.company ?? null,
        order.invoice ? formatNip(order.invoice.nip) : null,
        order.invoice?.address ?? null,
        invoiceNumbers(order, (invoice) => invoice.number),
        invoiceNumbers(order, (invoice) => invoice.ksefNumber),
        linesText(order),
        { amount: itemsTotal(order) },
        { amount: order.shippingCost },
        { amount: order.florist.servicesCost },
        { amount: order.discount },
        { amount: order.total },
        paymentMethodLabel(order.paymentMethod),
        ORDER_PAYMENT_STATE_LABELS[paymentStateOf(order)],
        { amount: order.amountPaid },
        { amount: order.amountRefunded },
        orderStatusLabel(order.status),
      ];
    });
  return toCsv(ORDERS_HEADER, rows);
}

interface LedgerLine {
  date: string;
  sortKey: string;
  cells: CsvCell[];
}

/**
 * The ledger's payments and refunds dated within the range, by date: a manual
 * entry on the day the owner gave, a gateway's on the day it completed (or was
 * started, while pending). A refund's amount is negative, so a column sum is
 * what the shop kept.
 */
export function paymentsCsv(orders: readonly AdminOrder[], range: DateRange): string {
  const lines: LedgerLine[] = orders.flatMap((order) => {
    const customer = order.invoice?.company ?? order.customerName;
    const nip = order.invoice ? formatNip(order.invoice.nip) : null;
    return order.payments.flatMap((payment) => {
      const paidAt = payment.completedAt ?? payment.createdAt;
      const paymentLine: LedgerLine = {
        date: payment.receivedOn ?? wallClock(paidAt).date,
        sortKey: paidAt,
        cells: [
          'Wpłata',
          order.number,
          customer,
          nip,
          { amount: payment.amount },
          paymentMethodLabel(payment.method),
          PROVIDER_LABELS[payment.provider],
          PAYMENT_STATE_LABELS[payment.state],
          payment.note,
        ],
      };
      const refundLines = payment.refunds.map((refund): LedgerLine => {
        const refundedAt = refund.completedAt ?? refund.createdAt;
        return {
          date: refund.refundedOn ?? wallClock(refundedAt).date,
          sortKey: refundedAt,
          cells: [
            'Zwrot',
            order.number,
            customer,
            nip,
            { amount: grosz(-refund.amount) },
            refund.manual ? 'Poza sklepem' : paymentMethodLabel(payment.method),
            refund.manual ? PROVIDER_LABELS.manual : PROVIDER_LABELS[payment.provider],
            // The ledger's words are written after 'Zwrot … · ' on screen; a cell starts with a capital.
            REFUND_STATE_LABELS[refund.state].replace(/^./, (first) => first.toUpperCase()),
            refund.reason,
          ],
        };
      });
      return [paymentLine, ...refundLines];
    });
  });
  const rows = lines
    .filter((line) => within(line.date, range))
    .sort((left, right) => left.date.localeCompare(right.date) || left.sortKey.localeCompare(right.sortKey))
    .map((line) => [line.date, ...line.cells]);
  return toCsv(PAYMENTS_HEADER, rows);
}

/** 'zamowienia_2026-10-01_2026-10-31.csv': ASCII, so every system keeps the name. */
export function exportFileName(kind: 'orders' | 'payments', range: DateRange): string {
  return `${kind === 'orders' ? 'zamowienia' : 'platnosci'}_${range.from}_${range.to}.csv`;
}
