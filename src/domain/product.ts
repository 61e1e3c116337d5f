import type { Row } from './database.ts';

type ProductColumns = Row<'products'>;

/**
 * A products row as PostgREST returns it (numeric price as PLN number; converted to grosz at the edges), from
 * the generated row. The columns added after the first release are optional, so a copy a device stored before
 * they existed still reads: photos (the owner's, in display order, the main one first; read through
 * productPhotos(); without any, image_url's illustration shows), made_to_order (stock is not counted),
 * withdrawal_rule ('category' when absent), vat_rate (null: the category's, from the settings), the product safety columns (GPSR; null when not given), the
 * promotion (promo_price in force from promo_starts_at inclusive until promo_ends_at exclusive; open sides null)
 * and lowest_price_30d (the Omnibus price of the current promotion, kept by the database); is_addon marks an add-on offered
 * beside a bouquet (src/domain/product-addons.ts).
 */
export type ProductRow = Pick<
  ProductColumns,
  'id' | 'name' | 'description' | 'price' | 'category' | 'image_url' | 'is_featured' | 'stock' | 'active' | 'created_at'
> &
  Partial<
    Pick<
      ProductColumns,
      | 'photos'
      | 'made_to_order'
      | 'withdrawal_rule'
      | 'vat_rate'
      | 'manufacturer_name'
      | 'manufacturer_address'
      | 'manufacturer_contact'
      | 'safety_warnings'
      | 'promo_price'
      | 'promo_starts_at'
      | 'promo_ends_at'
      | 'lowest_price_30d'
      | 'is_addon'
    >
  > & {
    /** The price in force now, by the server's clock (the computed column product_current_price; PRODUCT_SELECT). */
    current_price?: number | null;
    /** Its sizes, each priced and stocked on its own (src/domain/product-sizes.ts); absent or empty: sold as one. */
    sizes?: ProductSize[] | null;
  };

/** A product_sizes row as the catalogue reads it, with its price in force on the server's clock (product_size_current_price). */
export type ProductSize = Pick<
  Row<'product_sizes'>,
  | 'id'
  | 'label'
  | 'position'
  | 'price'
  | 'promo_price'
  | 'promo_starts_at'
  | 'promo_ends_at'
  | 'lowest_price_30d'
  | 'stock'
  | 'made_to_order'
  | 'photo_id'
> & { current_price?: number | null };

/** What the shop selects from products: every column, the price in force on the server's clock, and the sizes with theirs. */
export const PRODUCT_SELECT = '*,current_price:product_current_price,sizes:product_sizes(*,current_price:product_size_current_price)';
