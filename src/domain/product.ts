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
  active: boolean;
  created_at: string;
}
