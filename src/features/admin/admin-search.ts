import { normalizeForSearch } from '../../domain/search.ts';

/** The order fields the back office searches: number, customer name, email and phone, and the recipient's name and phone. */
export interface SearchableOrder {
  number: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  florist?: { recipientName: string; recipientPhone: string };
}

const digits = (text: string) => text.replace(/\D/g, '');

/**
 * Every word of the query must occur in the number, name, email or phone of
 * the buyer or the recipient, ignoring case and diacritics ('lukasz' finds
 * 'Łukasz'); a phone matches by its digits too, so '600100200' finds
 * '+48 600 100 200'. Empty matches all.
 */
export function orderMatches(order: SearchableOrder, query: string): boolean {
  const words = normalizeForSearch(query).split(' ').filter(Boolean);
  if (words.length === 0) return true;
  const recipientName = order.florist?.recipientName ?? '';
  const recipientPhone = order.florist?.recipientPhone ?? '';
  const haystack = normalizeForSearch(
    `${order.number} ${order.customerName} ${order.customerEmail} ${order.customerPhone} ${recipientName} ${recipientPhone}`,
  );
  if (words.every((word) => haystack.includes(word))) return true;
  // A phone typed with other spacing than stored.
  const queryDigits = digits(query);
  return (
    queryDigits.length >= 3 &&
    queryDigits.length === query.replace(/[\s+()-]/g, '').length &&
    [order.customerPhone, recipientPhone].some((phone) => digits(phone).includes(queryDigits))
  );
}

export function searchOrders<T extends SearchableOrder>(orders: readonly T[], query: string): T[] {
  return orders.filter((order) => orderMatches(order, query));
}

export interface CustomerHit {
  email: string;
  name: string;
  phone: string;
  orderCount: number;
}

/** Customers (one per email, case-insensitive) whose name, email or phone matches; most orders first. */
export function searchCustomers(orders: readonly SearchableOrder[], query: string): CustomerHit[] {
  if (normalizeForSearch(query) === '') return [];
  const byEmail = new Map<string, CustomerHit>();
  for (const order of orders) {
    if (!orderMatches({ ...order, number: '', florist: undefined }, query)) continue;
    const key = order.customerEmail.trim().toLowerCase();
    const known = byEmail.get(key);
    if (known) known.orderCount += 1;
    else byEmail.set(key, { email: key, name: order.customerName, phone: order.customerPhone, orderCount: 1 });
  }
  return [...byEmail.values()].sort((a, b) => b.orderCount - a.orderCount || a.email.localeCompare(b.email));
}
