import type { AdminOrder } from './order.ts';
import { searchOrders } from '../admin-search.ts';
import { deliveryDateRange, deliversWithin, sortByDeliveryTime } from './delivery-schedule.ts';
import type { OrdersSearch } from './orders-search.ts';
import { effectiveSort } from './orders-view.ts';

/** The orders the list shows for its search params: status, delivery day (the shop's `today`), search text, then the sort. */
export function ordersShown(orders: readonly AdminOrder[], search: OrdersSearch, today: string): AdminOrder[] {
  let shown = search.status ? orders.filter((order) => order.status === search.status) : [...orders];
  if (search.when) {
    const range = deliveryDateRange(search.when, today);
    shown = shown.filter((order) => deliversWithin(order, range));
  }
  shown = searchOrders(shown, search.q ?? '');
  // The loaded orders are newest first already.
  return effectiveSort(search) === 'delivery' ? sortByDeliveryTime(shown) : shown;
}
