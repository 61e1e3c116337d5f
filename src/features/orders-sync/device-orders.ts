import { useLiveQuery } from 'dexie-react-hooks';
import { EMPTY_CHECKOUT_FORM, type CheckoutForm, type CheckoutFormValues } from '../../domain/checkout-schema.ts';
import { formatDestinationAddress } from '../../domain/delivery-address.ts';
import { needsAddress } from '../../domain/delivery.ts';
import { orderInvoiceOf, type OrderInvoice } from '../../domain/invoice.ts';
import { fromPln, type Grosz } from '../../domain/money.ts';
import { checkoutChoices, orderChoiceRows } from '../../domain/order-choices.ts';
import type { PlacedOrder, PlacedOrderSummary, QueuedOrderProgress } from '../../domain/place-order-contract.ts';
import type { OutboxStatus } from '../../lib/outbox/outbox.ts';
import { findOutboxEntryByLocalNumber, findOutboxEntryByNumber, readOutbox, type OutboxEntry, type SlotRefusal } from './outbox.ts';

/** An order this device placed, as lists show it. */
export interface DeviceOrderSummary {
  clientRequestId: string;
  /** The shop's KT number once sent, else the local L- number. */
  number: string;
  /** The server's order id once sent (to start a payment). */
  orderId: string | null;
  status: OutboxStatus;
  createdAt: string;
  total: Grosz;
  deliveryMethod: CheckoutForm['deliveryMethod'];
  paymentMethod: CheckoutForm['paymentMethod'];
  userPlaced: boolean;
  lastError: string | null;
  /** Refused for its term only (status 'failed'): the server's reason; another term may be booked. */
  slotRefusal: SlotRefusal | null;
  /** The server's order once sent, and the checkout it came from (to start its payment). */
  placed: PlacedOrder | null;
  checkout: CheckoutFormValues;
  /** Sent from the outbox with an online method: its payment still has to be started. */
  awaitsPayment: boolean;
}

/** Every order this device placed, newest first, live across tabs; undefined while reading. */
export function useDeviceOrders(): DeviceOrderSummary[] | undefined {
  return useLiveQuery(async () => {
    const entries = await readOutbox();
    return entries
      .map((entry): DeviceOrderSummary => ({
        clientRequestId: entry.clientRequestId,
        number: entry.order?.orderNumber ?? entry.localNumber,
        orderId: entry.order?.id ?? null,
        status: entry.status,
        createdAt: entry.createdAt,
        total: fromPln(entry.order?.total ?? entry.estimatedTotal),
        deliveryMethod: entry.deliveryMethod,
        paymentMethod: entry.paymentMethod,
        userPlaced: entry.userPlaced,
        lastError: entry.lastError ?? null,
        slotRefusal: entry.status === 'failed' ? (entry.slotRefusal ?? null) : null,
        placed: entry.order ?? null,
        checkout: entry.request.checkout,
        awaitsPayment: entry.status === 'sent' && entry.queuedOffline && entry.paymentMethod !== 'transfer',
      }))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }, []);
}

/** Where an order queued on this device is now, live across tabs and the background sender; undefined while reading, null once the device no longer holds it. */
export function useQueuedOrder(localNumber: string): QueuedOrderProgress | null | undefined {
  return useLiveQuery(async () => {
    const entry = await findOutboxEntryByLocalNumber(localNumber);
    return entry ? { status: entry.status, orderNumber: entry.order?.orderNumber ?? null } : null;
  }, [localNumber]);
}

/** What the confirmation page shows of an order this device placed: the server's total once known, the invoice asked for, and the order's summary. */
export interface DeviceOrderFacts {
  total: Grosz | null;
  invoice: OrderInvoice | null;
  summary: PlacedOrderSummary;
}

export async function findDeviceOrder(orderNumber: string): Promise<DeviceOrderFacts | null> {
  const entry = await findOutboxEntryByNumber(orderNumber);
  if (!entry) return null;
  return {
    total: entry.order ? fromPln(entry.order.total) : null,
    invoice: orderInvoiceOf({ ...EMPTY_INVOICE, ...entry.request.checkout }),
    summary: placedOrderSummary(entry),
  };
}

/** The order's lines, delivery and the customer's choices, from the request the device kept and the server's answer. */
function placedOrderSummary(entry: OutboxEntry): PlacedOrderSummary {
  const checkout = { ...EMPTY_CHECKOUT_FORM, ...entry.request.checkout };
  const lines = entry.shown?.lines ?? [];
  const address = needsAddress(checkout.deliveryMethod)
    ? formatDestinationAddress({
        street: checkout.street,
        houseNumber: checkout.houseNumber,
        apartment: checkout.apartment,
        city: checkout.city,
        postalCode: checkout.postalCode,
      })
    : null;
  return {
    items: lines,
    services: entry.shown?.services ?? [],
    shipping: entry.order ? fromPln(entry.order.shippingCost) : null,
    deliveryMethod: checkout.deliveryMethod,
    deliveryAddress: address || null,
    deliveryDate: entry.order?.deliveryDate ?? (checkout.deliveryDate || null),
    deliveryWindowLabel: entry.order?.deliveryWindowLabel ?? null,
    pickupTime: entry.order?.pickupTime ?? (checkout.pickupTime || null),
    choices: orderChoiceRows(
      checkoutChoices(
        checkout,
        entry.shown?.services ?? [],
        lines.map((line) => line.name),
      ),
    ),
  };
}

/** The key place-order gave this device for an order it placed (it opens the order's page); null when the device has none. */
export async function deviceOrderAccessKey(orderNumber: string): Promise<string | null> {
  const entry = await findOutboxEntryByNumber(orderNumber);
  return entry?.order?.accessKey ?? null;
}

/** An outbox entry from an older version has no invoice fields. */
const EMPTY_INVOICE = { wantsInvoice: false, invoiceNip: '', invoiceCompany: '', invoiceAddress: '' };
