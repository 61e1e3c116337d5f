import type { CategoryId } from './categories.ts';
import type { ProductPhoto } from './product-photo.ts';
import type { WithdrawalRule } from './withdrawal-right.ts';

/** A products row as PostgREST returns it (numeric price as PLN number; converted to grosz at the edges). */
export interface ProductRow {
  id: string;
  name: string;
  description: string;
  price: number;
  category: CategoryId;
  /** The illustration, shown when the product has no photos. */
  image_url: string;
  /** The owner's photos in display order, the main one first. Absent on copies stored before photos existed; read through productPhotos(). */
  photos?: ProductPhoto[];
  is_featured: boolean;
  stock: number;
  /** Made for each order (bouquets, wreaths): stock is not counted. Absent on copies stored before it existed. */
  made_to_order?: boolean;
  /** Per-product withdrawal setting. Absent on copies stored before it existed: 'category'. */
  withdrawal_rule?: WithdrawalRule;
  /** Product safety (GPSR): null when not given; absent on copies stored before the columns existed. */
  manufacturer_name?: string | null;
  manufacturer_address?: string | null;
  /** Email, phone or web address of the manufacturer. */
  manufacturer_contact?: string | null;
  safety_warnings?: string | null;
  /** A promotion: its price, in force from promo_starts_at (inclusive) until promo_ends_at (exclusive); open sides are null. */
  promo_price?: number | null;
  promo_starts_at?: string | null;
  promo_ends_at?: string | null;
  /** The price in force now, by the server's clock (the computed column product_current_price; PRODUCT_SELECT). */
  current_price?: number | null;
  /** The Omnibus price of the current promotion, kept by the database (migration 20261125000400); null without one. */
  lowest_price_30d?: number | null;
  active: boolean;
  created_at: string;
}

/** What the shop selects from products: every column and the price in force on the server's clock. */
export const PRODUCT_SELECT = '*,current_price:product_current_price';
