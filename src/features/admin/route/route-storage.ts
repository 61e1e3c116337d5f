/**
 * The owner's order of a day's stops, kept on this device (decision 033):
 * the route is worked from one phone, and a reorder must hold offline, where
 * nothing can be written to the server. Only order ids, no personal data.
 */
const key = (date: string) => `kwiaciarnia.admin.route.${date}`;

export function loadRouteOrder(date: string): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(key(date)) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

export function saveRouteOrder(date: string, ids: readonly string[]): void {
  try {
    localStorage.setItem(key(date), JSON.stringify(ids));
  } catch {
    // Storage full or blocked: the order holds until the page is left.
  }
}
