/**
 * How long an order page link (/zamowienie/<number>?t=<token>) opens the
 * order: the owner's 'order_link_days' setting, counted from the mail that
 * carried the token (docs/order-links.md). Read by order-page and by the
 * payment functions, which accept a link token as proof for 'Zapłać teraz'.
 */

export const ORDER_LINK_DAYS_SETTING = 'order_link_days';
export const DEFAULT_ORDER_LINK_DAYS = 90;
export const MAX_ORDER_LINK_DAYS = 3650;

/** The setting's days: a whole number from 1 to MAX_ORDER_LINK_DAYS; anything else (blank included) reads as the default. */
export function orderLinkDays(value: string | null | undefined): number {
  const days = Number(value?.trim() || Number.NaN);
  return Number.isInteger(days) && days >= 1 && days <= MAX_ORDER_LINK_DAYS ? days : DEFAULT_ORDER_LINK_DAYS;
}

/** The oldest moment a link token may have been minted and still open the order (ISO, for a query's filter). */
export function oldestValidLinkMinted(days: number, now: number): string {
  return new Date(now - days * 24 * 60 * 60_000).toISOString();
}
