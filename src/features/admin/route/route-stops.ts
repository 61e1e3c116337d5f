import { LOCAL_DELIVERY_METHODS } from '../../../domain/delivery.ts';
import { locate, type Coordinates } from '../../../domain/przemysl-gazetteer.ts';
import { guessDayRoute, withSavedOrder } from '../../../domain/route-order.ts';
import type { AdminOrder } from '../orders/order.ts';
import type { DayPlan } from '../orders/delivery-schedule.ts';
import { dueOf } from '../payments/order-money.ts';
import { printTicket } from '../fulfilment/print-ticket.ts';
import { formatPln } from '../../../domain/money.ts';

/**
 * The driver's stops of a day: the home and cemetery deliveries of each
 * window, in the owner's saved order, else by the first guess (nearest place
 * from the shop, decision 033). What each stop says comes from the printed
 * driver's slip (print-ticket.ts), so an anonymous order shows no buyer's name here either.
 */

export interface RouteStop {
  id: string;
  number: string;
  address: string;
  /** Opens the phone's map app on a search for the address. */
  mapUrl: string | null;
  /** False: the place is not in the gazetteer; the stop was put last and is flagged. */
  located: boolean;
  recipient: string;
  phone: string | null;
  /** 'Do pobrania: 120,00 zł'; null when nothing is due. */
  collect: string | null;
  notes: string | null;
  cemetery: string | null;
  grave: string | null;
  services: string[];
  cemeteryOrder: boolean;
}

export interface RouteWindow {
  id: string;
  label: string;
  stops: RouteStop[];
}

const isLocalDelivery = (order: AdminOrder) => (LOCAL_DELIVERY_METHODS as readonly string[]).includes(order.deliveryMethod);

/** The place to look up: the delivery address's town, or the cemetery's locality. */
function placeOf(order: AdminOrder): { city: string; postalCode: string } {
  const address = order.deliveryAddress;
  if (address?.city.trim()) return { city: address.city, postalCode: address.postalCode };
  return { city: order.florist.cemetery?.locality ?? '', postalCode: '' };
}

/** Google's documented cross-platform Maps URL: on a phone it opens the maps app, elsewhere the web map. */
export function mapSearchUrl(query: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/** 'tel:+48601222333': what a tap on the phone number dials. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, '')}`;
}

function toStop(order: AdminOrder, point: Coordinates | null): RouteStop {
  const driver = printTicket(order).driver;
  // A cemetery's name first: the driver and the map look for the cemetery, the address only finds it.
  const cemeteryName = order.deliveryMethod === 'cemetery' ? order.florist.cemetery?.name.trim() : null;
  const address = order.deliveryAddress ? [cemeteryName, driver.address].filter(Boolean).join(', ') : (driver.cemetery ?? '');
  const due = dueOf(order);
  return {
    id: order.id,
    number: order.number,
    address: address || 'brak adresu',
    mapUrl: address ? mapSearchUrl(address) : null,
    located: point !== null,
    recipient: driver.recipient,
    phone: driver.phone,
    collect: due > 0 ? `Do pobrania: ${formatPln(due)}` : null,
    notes: driver.notes,
    cemetery: driver.cemetery,
    grave: driver.grave,
    services: driver.services,
    cemeteryOrder: order.deliveryMethod === 'cemetery',
  };
}

/** The route of a planned day; `saved` is the owner's order of ids for that day (may be empty). */
export function routeOf(plan: DayPlan, shop: Coordinates | null, saved: readonly string[]): RouteWindow[] {
  const windows = plan.windows
    .map((group) => ({ group, orders: group.orders.filter(isLocalDelivery) }))
    .filter(({ orders }) => orders.length > 0);
  const placed = windows.map(({ orders }) => orders.map((order) => ({ order, point: locate(placeOf(order)) })));
  const guesses = guessDayRoute(
    placed.map((stops) => stops.map(({ order, point }) => ({ id: order.id, point }))),
    shop,
  );
  return windows.map(({ group }, index) => {
    const byId = new Map((placed[index] ?? []).map(({ order, point }) => [order.id, toStop(order, point)]));
    const ids = withSavedOrder(guesses[index] ?? [], saved);
    return { id: group.id, label: group.label, stops: ids.flatMap((id) => byId.get(id) ?? []) };
  });
}
