import { isOrderStatus, type OrderStatus } from '../../../domain/order-status.ts';

/** /admin/orders?id=&status=&q= : the detail to open, the status filter and the search text. */
export interface OrdersSearch {
  id?: string;
  status?: OrderStatus;
  q?: string;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

export function parseOrdersSearch(search: Record<string, unknown>): OrdersSearch {
  return {
    id: text(search.id),
    status: isOrderStatus(search.status) ? search.status : undefined,
    q: text(search.q),
  };
}
