import type { Supabase } from '../../../lib/supabase.ts';
import { PRODUCT_IMAGES_BUCKET, photoFormat, photoObjectPaths, storedPhoto, type ProductPhoto } from '../../../domain/product-photo.ts';
import { getBackendConfig } from '../../../lib/backend-config.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import type { UploadAccess } from './upload-photo-file.ts';

/**
 * The server side of the owner's photos: attaching an uploaded photo to its
 * product (the RPC of migration 20261126000100_product_photos.sql) and
 * removing files, through the app's signed-in client.
 */

/** Why attach_product_photo did not attach: the queue retries 'product_missing' and 'network', and stops at the others. */
export type AttachFailure = 'product_missing' | 'too_many' | 'network' | 'refused';

export class PhotoAttachError extends Error {
  constructor(
    readonly kind: AttachFailure,
    message: string,
  ) {
    super(message);
    this.name = 'PhotoAttachError';
  }
}

function client(given?: Supabase): Promise<Supabase> {
  return given ? Promise.resolve(given) : getSupabase();
}

/** The owner's current access for a hand-built upload (supabase-js refreshes an expiring session here). */
export async function uploadAccess(given?: Supabase): Promise<UploadAccess> {
  const supabase = await client(given);
  const { data } = await supabase.auth.getSession();
  const accessToken = data.session?.access_token;
  if (!accessToken) throw new PhotoAttachError('refused', 'Not signed in');
  const { url, anonKey } = getBackendConfig();
  return { backendUrl: url, apiKey: anonKey, accessToken };
}

export async function attachPhoto(
  productId: string,
  photo: ProductPhoto,
  order: string[] | null,
  given?: Supabase,
): Promise<ProductPhoto[]> {
  const supabase = await client(given);
  const { data, error, status } = await supabase.rpc('attach_product_photo', {
    p_product_id: productId,
    p_photo: storedPhoto(photo.id, photo.width, photo.height, photoFormat(photo)),
    ...(order ? { p_order: order } : {}),
  });
  if (!error) return data;
  // postgrest-js answers a failed fetch with status 0.
  if (status === 0 || status >= 500) throw new PhotoAttachError('network', error.message);
  if (error.message === 'product_not_found') throw new PhotoAttachError('product_missing', error.message);
  if (error.message === 'too_many_photos') throw new PhotoAttachError('too_many', error.message);
  throw new PhotoAttachError('refused', error.message);
}

/** Removes files by path; what RLS does not let go stays without an error (as hosted). */
export async function removePhotoFiles(paths: string[], given?: Supabase): Promise<void> {
  if (paths.length === 0) return;
  const supabase = await client(given);
  const { error } = await supabase.storage.from(PRODUCT_IMAGES_BUCKET).remove(paths);
  if (error) throw error;
}

/** Every file of the given photos of a product. */
export function removeProductPhotos(
  productId: string,
  photos: Array<Pick<ProductPhoto, 'id' | 'format'>>,
  given?: Supabase,
): Promise<void> {
  return removePhotoFiles(
    photos.flatMap((photo) => photoObjectPaths(productId, photo.id, photoFormat(photo))),
    given,
  );
}

/** Everything under products/<id>/, for a deleted product (listing also finds files of photos never attached). */
export async function removeAllProductFiles(productId: string, given?: Supabase): Promise<void> {
  const supabase = await client(given);
  const folder = `products/${productId}`;
  // 6 photos make 18 files; the limit leaves room for files of photos removed before they were attached.
  const { data, error } = await supabase.storage.from(PRODUCT_IMAGES_BUCKET).list(folder, { limit: 1000 });
  if (error) throw error;
  await removePhotoFiles(
    (data ?? []).map((entry) => `${folder}/${entry.name}`),
    supabase,
  );
}
