/**
 * Product safety information (GPSR, Regulation (EU) 2023/988, since
 * 13 December 2024): an online offer of a non-food product names its
 * manufacturer, how to reach them, and the warnings to read before use.
 * The admin form, the product page and the seed share this module; the
 * limits match the products table's checks (migration 20261125000300).
 */

import type { CategoryId } from './categories.ts';

export const PRODUCT_SAFETY_FIELDS = ['manufacturer_name', 'manufacturer_address', 'manufacturer_contact', 'safety_warnings'] as const;
export type ProductSafetyField = (typeof PRODUCT_SAFETY_FIELDS)[number];

export const PRODUCT_SAFETY_LIMITS: Record<ProductSafetyField, number> = {
  manufacturer_name: 200,
  manufacturer_address: 500,
  manufacturer_contact: 300,
  safety_warnings: 2000,
};

/** The same words label a field in the admin form and its line on the product page. */
export const PRODUCT_SAFETY_LABELS: Record<ProductSafetyField, string> = {
  manufacturer_name: 'Producent',
  manufacturer_address: 'Adres producenta',
  manufacturer_contact: 'Kontakt do producenta',
  safety_warnings: 'Ostrzeżenia i informacje o bezpieczeństwie',
};

export const PRODUCT_SAFETY_HEADING = 'Informacje o bezpieczeństwie produktu';

export type ProductSafetyValues = Partial<Record<ProductSafetyField, string | null>>;

/** Live flowers need no GPSR details; every other category does. */
export function needsSafetyInfo(product: { category: CategoryId }): boolean {
  return product.category !== 'live-flowers';
}

/**
 * The details the product page shows, in form order: the filled fields of a
 * product that needs them. An empty list means there is nothing to show.
 */
export function productSafetyInfo(
  product: { category: CategoryId } & ProductSafetyValues,
): Array<{ field: ProductSafetyField; label: string; value: string }> {
  if (!needsSafetyInfo(product)) return [];
  return PRODUCT_SAFETY_FIELDS.flatMap((field) => {
    const value = product[field]?.trim();
    return value ? [{ field, label: PRODUCT_SAFETY_LABELS[field], value }] : [];
  });
}
