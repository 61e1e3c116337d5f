import type { Supabase } from '../../../lib/supabase.ts';
import type { ProductRow } from '../../../domain/product.ts';
import type { ProductPhoto } from '../../../domain/product-photo.ts';
import type { ProductInput } from '../../../domain/product-schema.ts';
import type { SizeRowInput } from '../../../domain/product-size-draft.ts';
import { getSupabase } from '../../../lib/supabase.ts';

/**
 * The owner's catalog, straight from the database (RLS lets is_admin()
 * read inactive rows and write all of them). The storefront sees the changes
 * on its next catalog refresh.
 */

export const PRODUCTS_LOAD_ERROR = 'Nie udało się pobrać produktów';
export const PRODUCT_SAVE_ERROR = 'Nie udało się zapisać produktu. Sprawdź połączenie i spróbuj ponownie.';
export const PRODUCT_DELETE_ERROR = 'Nie udało się usunąć produktu. Spróbuj ponownie.';
export const PRODUCT_DEACTIVATED_MESSAGE = 'Produkt występuje w zamówieniach, więc ukryliśmy go w sklepie zamiast usuwać.';

/**
 * An order_items row still points at the product. order_items.product_id is
 * ON DELETE RESTRICT, which Postgres reports as restrict_violation (23001);
 * a NO ACTION key would say foreign_key_violation (23503).
 */
const STILL_REFERENCED = new Set(['23001', '23503']);

export class ProductsApiError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ProductsApiError';
  }
}

interface PostgrestLikeError {
  message: string;
  code?: string;
}

/** The app's client unless a caller (an integration test) brings its own signed-in one. */
function client(given?: Supabase): Promise<Supabase> {
  return given ? Promise.resolve(given) : getSupabase();
}

function fail(error: PostgrestLikeError): never {
  throw new ProductsApiError(error.message, error.code);
}

/** Every column and the sizes, so the form edits them. */
const ADMIN_PRODUCT_SELECT = '*,sizes:product_sizes(*)';

export async function listAdminProducts(given?: Supabase): Promise<ProductRow[]> {
  const supabase = await client(given);
  const { data, error } = await supabase.from('products').select(ADMIN_PRODUCT_SELECT).order('created_at', { ascending: false });
  if (error) fail(error);
  return data ?? [];
}

/** `id`: chosen on the device when the form opened, so photos queued for the product already name their files after it. */
export async function createProduct(input: ProductInput, given?: Supabase, id?: string): Promise<ProductRow> {
  const supabase = await client(given);
  const { data, error } = await supabase
    .from('products')
    .insert({ ...input, ...(id ? { id } : {}), active: true })
    .select('*')
    .single();
  if (error) fail(error);
  return data;
}

export async function updateProduct(
  id: string,
  changes: Partial<ProductInput> & { active?: boolean; photos?: ProductPhoto[] },
  given?: Supabase,
): Promise<ProductRow> {
  const supabase = await client(given);
  const { data, error } = await supabase.from('products').update(changes).eq('id', id).select('*').single();
  if (error) fail(error);
  return data;
}

/** The sizes the product is sold in, as listed: saved in that order, the ones left out removed. Answers the product with them. */
export async function saveProductSizes(productId: string, rows: readonly SizeRowInput[], given?: Supabase): Promise<ProductRow> {
  const supabase = await client(given);
  if (rows.length > 0) {
    const saved = await supabase.from('product_sizes').upsert(rows.map((row) => ({ ...row, product_id: productId })));
    if (saved.error) fail(saved.error);
  }
  const keep = rows.map((row) => row.id);
  let removal = supabase.from('product_sizes').delete().eq('product_id', productId);
  if (keep.length > 0) removal = removal.not('id', 'in', `(${keep.join(',')})`);
  const removed = await removal;
  if (removed.error) fail(removed.error);
  const { data, error } = await supabase.from('products').select(ADMIN_PRODUCT_SELECT).eq('id', productId).single();
  if (error) fail(error);
  return data;
}

export type DeleteOutcome = 'deleted' | 'deactivated';

/**
 * Deletes the product; one that appears in orders cannot go (their history
 * keeps pointing at it), so it is hidden from the shop instead.
 */
export async function deleteProduct(id: string, given?: Supabase): Promise<DeleteOutcome> {
  const supabase = await client(given);
  const { data, error } = await supabase.from('products').delete().eq('id', id).select('id');
  if (error && STILL_REFERENCED.has(error.code)) {
    await updateProduct(id, { active: false }, supabase);
    return 'deactivated';
  }
  if (error) fail(error);
  // RLS hides a row it will not delete: nothing deleted means it was not allowed.
  if (!data || data.length === 0) throw new ProductsApiError('Nothing deleted');
  return 'deleted';
}
