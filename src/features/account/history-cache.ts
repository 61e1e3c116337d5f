import type { HistoryOrder } from './order-history.ts';

/**
 * The last order history this device loaded, per account, so 'Moje konto'
 * stays readable offline. Only the customer's own orders, on their device.
 */
const key = (email: string) => `kwiaciarnia.orderHistory.${email.toLowerCase()}`;

export function saveHistory(email: string, orders: HistoryOrder[]): void {
  try {
    localStorage.setItem(key(email), JSON.stringify({ savedAt: new Date().toISOString(), orders }));
  } catch {
    // Storage full or blocked: the live history still shows.
  }
}

export function loadHistory(email: string): { savedAt: string; orders: HistoryOrder[] } | null {
  try {
    const raw = localStorage.getItem(key(email));
    return raw ? (JSON.parse(raw) as { savedAt: string; orders: HistoryOrder[] }) : null;
  } catch {
    return null;
  }
}

/** On logout: the device forgets this account's order history copy. */
export function clearHistory(email: string): void {
  try {
    localStorage.removeItem(key(email));
  } catch {
    // Storage blocked: nothing was kept either.
  }
}
