/**
 * The orders list's delivery-day filters. Kept apart from the schedule
 * rules and the labels (orders/orders-view.ts): the route's search parser
 * reads these names, and route parsers ship in every visitor's first load.
 */
export const DELIVERY_WHENS = ['today', 'tomorrow', 'week'] as const;
export type DeliveryWhen = (typeof DELIVERY_WHENS)[number];
