/**
 * The orders list's delivery-day filters. Kept apart from the schedule
 * rules: the route's search parser reads these names, and route parsers ship
 * in every visitor's first load.
 */
export const DELIVERY_WHENS = ['today', 'tomorrow', 'week'] as const;
export type DeliveryWhen = (typeof DELIVERY_WHENS)[number];
export const DELIVERY_WHEN_LABELS: Record<DeliveryWhen, string> = { today: 'Dziś', tomorrow: 'Jutro', week: 'Ten tydzień' };
