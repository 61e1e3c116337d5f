/**
 * Stock as the customer sees it and as the server refuses it. Products made
 * to order (bouquets, wreaths) do not count stock; the rest are sold only
 * while pieces are left (place_order reserves them in the database).
 */

/** Few enough pieces left to say how many. */
export const LOW_STOCK_THRESHOLD = 3;

export type Availability = 'made-to-order' | 'in-stock' | 'low-stock' | 'out-of-stock';

export interface StockFacts {
  stock: number;
  /** Absent on catalog copies stored before the flag existed: counted as stocked. */
  made_to_order?: boolean;
}

export function availabilityOf(product: StockFacts): Availability {
  if (product.made_to_order) return 'made-to-order';
  if (product.stock <= 0) return 'out-of-stock';
  if (product.stock <= LOW_STOCK_THRESHOLD) return 'low-stock';
  return 'in-stock';
}

export function availabilityLabel(product: StockFacts): string {
  switch (availabilityOf(product)) {
    case 'made-to-order':
      return 'Na zamówienie';
    case 'out-of-stock':
      return 'Brak w magazynie';
    case 'low-stock':
      return `Ostatnie ${product.stock} szt.`;
    case 'in-stock':
      return 'W magazynie';
  }
}

export function canBeOrdered(product: StockFacts): boolean {
  return availabilityOf(product) !== 'out-of-stock';
}

/** A line the server refused for stock: the product and the pieces left. */
export interface StockShortage {
  productId: string;
  name: string;
  available: number;
}

export function stockShortageMessage({ name, available }: StockShortage): string {
  return available > 0 ? `Dostępne są tylko ${available} szt. produktu „${name}”` : `Produkt „${name}” jest już wyprzedany`;
}
