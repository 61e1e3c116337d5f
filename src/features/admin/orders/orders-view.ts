import type { DeliveryWhen } from './delivery-when.ts';
import type { OrderSort, OrdersSearch } from './orders-search.ts';

/** The orders page's filter labels and rules, apart from the route's parser (orders-search.ts) so they load with the page. */
export const ORDER_SORT_LABELS: Record<OrderSort, string> = { newest: 'Najnowsze zamówienia', delivery: 'Termin dostawy' };
export const DELIVERY_WHEN_LABELS: Record<DeliveryWhen, string> = { today: 'Dziś', tomorrow: 'Jutro', week: 'Ten tydzień' };

/** The sort in effect: the chosen one, else by delivery time when a delivery day is filtered, else newest first. */
export function effectiveSort(search: OrdersSearch): OrderSort {
  return search.sort ?? (search.when ? 'delivery' : 'newest');
}
