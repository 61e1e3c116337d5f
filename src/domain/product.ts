import type { CategoryId } from './categories.ts';

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
  active: boolean;
  created_at: string;
}
