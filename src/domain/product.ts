import type { CategoryId } from './categories.ts';
import type { WithdrawalRule } from './withdrawal-right.ts';

/** A products row as PostgREST returns it (numeric price as PLN number; converted to grosz at the edges). */
export interface ProductRow {
  id: string;
  name: string;
  description: string;
  price: number;
  category: CategoryId;
  image_url: string;
  is_featured: boolean;
  stock: number;
  /** Made for each order (bouquets, wreaths): stock is not counted. Absent on copies stored before it existed. */
  made_to_order?: boolean;
  /** Per-product withdrawal setting (issue 19). Absent on copies stored before it existed: 'category'. */
  withdrawal_rule?: WithdrawalRule;
  /** Product safety (GPSR): null when not given; absent on copies stored before the columns existed. */
  manufacturer_name?: string | null;
  manufacturer_address?: string | null;
  /** Email, phone or web address of the manufacturer. */
  manufacturer_contact?: string | null;
  safety_warnings?: string | null;
  active: boolean;
  created_at: string;
}
