import { isOrderStatus, type OrderStatus } from '../../../domain/status-names.ts';
import { DELIVERY_WHENS, type DeliveryWhen } from './delivery-when.ts';

export const ORDER_SORTS = ['newest', 'delivery'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

/**
 * /admin/orders?id=&status=&q=&when=&sort= : the detail to open, the status
 * filter, the search text, the delivery-day filter ('Dziś', 'Jutro', 'Ten
 * tydzień') and the order (newest first, or by delivery time — the default
 * once a delivery day is chosen). The route passes the URL's text params
 * (src/routes/admin/orders.tsx) and its page parses them with this; labels
 * and rules are in orders-view.ts.
 */
export interface OrdersSearch {
  id?: string;
  status?: OrderStatus;
  q?: string;
  when?: DeliveryWhen;
  sort?: OrderSort;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
const oneOf = <T extends string>(list: readonly T[], value: unknown): T | undefined =>
  typeof value === 'string' && (list as readonly string[]).includes(value) ? (value as T) : undefined;

export function parseOrdersSearch(search: Record<string, unknown>): OrdersSearch {
  return {
    id: text(search.id),
    status: isOrderStatus(search.status) ? search.status : undefined,
    q: text(search.q),
    when: oneOf(DELIVERY_WHENS, search.when),
    sort: oneOf(ORDER_SORTS, search.sort),
  };
}
