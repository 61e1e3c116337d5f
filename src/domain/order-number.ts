import { currentInstant } from './calendar/warsaw-clock.ts';

/**
 * The shop's order number: 'KT', the last 6 digits of the millisecond
 * timestamp, then a random 3-digit number padded with zeros (docs/spec.md §3).
 */
export function generateOrderNumber(nowMs: number = currentInstant(), random: () => number = Math.random): string {
  const time = String(Math.trunc(nowMs)).slice(-6).padStart(6, '0');
  const suffix = String(Math.floor(random() * 1000) % 1000).padStart(3, '0');
  return `KT${time}${suffix}`;
}

export const ORDER_NUMBER_PATTERN = /^KT\d{9}$/;

/** What a bank transfer's title should say, in the mail and on /checkout/success: the owner matches payments by it. */
export function transferTitle(orderNumber: string): string {
  return `Zamówienie ${orderNumber}`;
}
