import { useLiveQuery } from 'dexie-react-hooks';
import type { CheckoutForm } from '../../domain/checkout-schema.ts';
import { fromPln, type Grosz } from '../../domain/money.ts';
import { db } from '../../lib/db.ts';
import type { PlacedOrder } from './place-order-client.ts';

/** What the device remembers of an order it placed: enough to show it again and to pay by transfer. */
export interface DeviceOrderSnapshot {
  order: PlacedOrder;
  paymentMethod: CheckoutForm['paymentMethod'];
  deliveryMethod: CheckoutForm['deliveryMethod'];
  customerEmail: string;
  userPlaced?: boolean;
}

/**
 * Keeps the placed order in the device's order list (the Dexie outbox, state
 * 'sent'), so the success page can show its amount and 'Moje konto' can list
 * orders placed as a guest.
 */
export async function recordPlacedOrder(order: PlacedOrder, checkout: CheckoutForm, userPlaced: boolean): Promise<void> {
  const snapshot: DeviceOrderSnapshot = {
    userPlaced,
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

/** An order this device placed, as lists show it. */
export interface DeviceOrderSummary {
  number: string;
  createdAt: string;
  total: Grosz;
  deliveryMethod: CheckoutForm['deliveryMethod'];
  paymentMethod: CheckoutForm['paymentMethod'];
  /** Placed by someone signed in (it then also appears in their server history). */
  userPlaced: boolean;
}

/** Every order this device placed, newest first, live across tabs. */
export function useDeviceOrders(): DeviceOrderSummary[] {
  return (
    useLiveQuery(async () => {
      const records = await db.outbox.toArray();
      return records
        .map((record) => record.payload)
        .filter(isSnapshot)
        .map((snapshot) => ({
          number: snapshot.order.orderNumber,
          createdAt: snapshot.order.createdAt,
          total: fromPln(snapshot.order.total),
          deliveryMethod: snapshot.deliveryMethod,
          paymentMethod: snapshot.paymentMethod,
          userPlaced: snapshot.userPlaced === true,
        }))
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    }, []) ?? []
  );
}
