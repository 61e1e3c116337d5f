import type { CheckoutForm } from '../../domain/checkout-schema.ts';
import { db } from '../../lib/db.ts';
import type { PlacedOrder } from './place-order-client.ts';

/** What the device remembers of an order it placed: enough to show it again and to pay by transfer. */
export interface DeviceOrderSnapshot {
  order: PlacedOrder;
  paymentMethod: CheckoutForm['paymentMethod'];
  deliveryMethod: CheckoutForm['deliveryMethod'];
  customerEmail: string;
}

/**
 * Keeps the placed order in the device's order list (the Dexie outbox, state
 * 'sent'), so the success page can show its amount and 'Moje konto' can list
 * orders placed as a guest.
 */
export async function recordPlacedOrder(order: PlacedOrder, checkout: CheckoutForm): Promise<void> {
  const snapshot: DeviceOrderSnapshot = {
    order,
    paymentMethod: checkout.paymentMethod,
    deliveryMethod: checkout.deliveryMethod,
    customerEmail: checkout.email.toLowerCase(),
  };
  await db.outbox.put({
    clientRequestId: order.clientRequestId,
    status: 'sent',
    payload: snapshot,
    createdAt: order.createdAt,
    attempts: 1,
    orderNumber: order.orderNumber,
  });
}

function isSnapshot(value: unknown): value is DeviceOrderSnapshot {
  if (typeof value !== 'object' || value === null) return false;
  const order = (value as { order?: unknown }).order;
  return typeof order === 'object' && order !== null && typeof (order as { orderNumber?: unknown }).orderNumber === 'string';
}

/** The device's record of an order by its number, if this device placed it. */
export async function findDeviceOrder(orderNumber: string): Promise<DeviceOrderSnapshot | null> {
  const records = await db.outbox.filter((record) => record.orderNumber === orderNumber).toArray();
  const payload = records[0]?.payload;
  return isSnapshot(payload) ? payload : null;
}
