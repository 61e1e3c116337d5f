/** Few enough pieces left to tell the customer (product page). */
export const LOW_STOCK_THRESHOLD = 3;

export type Availability = 'in-stock' | 'low-stock' | 'out-of-stock';

export function availabilityOf(stock: number): Availability {
  if (stock <= 0) return 'out-of-stock';
  if (stock <= LOW_STOCK_THRESHOLD) return 'low-stock';
  return 'in-stock';
}

export const AVAILABILITY_LABEL: Record<Availability, string> = {
  'in-stock': 'W magazynie',
  'low-stock': 'Ostatnie sztuki',
  'out-of-stock': 'Brak w magazynie',
};
