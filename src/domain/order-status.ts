/** An order's status: its names, their Polish labels (docs/spec.md §4) and the guard for a value read from a URL or a row. */
export const ORDER_STATUSES = ['pending', 'processing', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Oczekujące',
  processing: 'W realizacji',
  completed: 'Zrealizowane',
  cancelled: 'Anulowane',
};

/** The Polish label of an order status; a status this version does not know shows as stored. */
export function orderStatusLabel(status: string): string {
  return isOrderStatus(status) ? ORDER_STATUS_LABELS[status] : status;
}
