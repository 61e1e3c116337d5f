/** The shop's five product categories, in the order the storefront lists them. */
export const CATEGORIES = [
  { id: 'live-flowers', label: 'Kwiaty żywe' },
  { id: 'artificial-flowers', label: 'Kwiaty sztuczne' },
  { id: 'candles', label: 'Znicze' },
  { id: 'souvenirs', label: 'Pamiątki' },
  { id: 'seasonal-gifts', label: 'Prezenty okolicznościowe' },
] as const;

export type CategoryId = (typeof CATEGORIES)[number]['id'];

export const CATEGORY_IDS = CATEGORIES.map((category) => category.id) as [CategoryId, ...CategoryId[]];

export const DEFAULT_CATEGORY: CategoryId = 'live-flowers';

export function categoryLabel(id: CategoryId): string {
  return CATEGORIES.find((category) => category.id === id)?.label ?? id;
}
