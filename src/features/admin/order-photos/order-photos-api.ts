import {
  ORDER_PHOTOS_BUCKET,
  ORDER_PHOTO_SHOWN_WIDTH,
  ORDER_PHOTO_URL_SECONDS,
  isOrderPhotoKind,
  orderPhotoPath,
  orderPhotoVariant,
  type OrderPhotoKind,
} from '../../../domain/order-photo.ts';
import { photoFormat, type ProductPhoto } from '../../../domain/product-photo.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { PhotoAttachError } from '../photos/photos-api.ts';

/**
 * The server side of an order's photos, through the owner's signed-in client:
 * the row that links an uploaded photo to its order (owner-only RLS; the
 * insert queues the customer's mail), the owner's thumbnails through signed
 * URLs (the bucket is private), and the reason when a promised photo is skipped.
 */

export interface OwnerOrderPhoto {
  id: string;
  kind: OrderPhotoKind;
  takenAt: string;
  /** The 400 px file through a signed URL; null when it could not be signed (the file is not up yet). */
  thumbnailUrl: string | null;
}

/** Links an uploaded photo to its order; a retry of one already linked changes nothing. */
export async function attachOrderPhoto(orderId: string, photo: ProductPhoto, kind: string | undefined): Promise<ProductPhoto[]> {
  const supabase = await getSupabase();
  const { error, status } = await supabase.from('order_photos').upsert(
    {
      id: photo.id,
      order_id: orderId,
      path: orderPhotoPath(orderId, photo.id, ORDER_PHOTO_SHOWN_WIDTH, photoFormat(photo)),
      kind: isOrderPhotoKind(kind) ? kind : 'before_dispatch',
      width: photo.width,
      height: photo.height,
    },
    { onConflict: 'id', ignoreDuplicates: true },
  );
  if (!error) return [];
  // postgrest-js answers a failed fetch with status 0.
  if (status === 0 || status >= 500) throw new PhotoAttachError('network', error.message);
  throw new PhotoAttachError('refused', error.message);
}

export async function listOrderPhotos(orderId: string): Promise<OwnerOrderPhoto[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('order_photos').select('id, path, kind, taken_at').eq('order_id', orderId).order('taken_at');
  if (error) throw error;
  return Promise.all(
    data.map(async (row) => {
      const signed = await supabase.storage
        .from(ORDER_PHOTOS_BUCKET)
        .createSignedUrl(orderPhotoVariant(row.path, 400), ORDER_PHOTO_URL_SECONDS);
      return {
        id: row.id,
        kind: isOrderPhotoKind(row.kind) ? row.kind : 'before_dispatch',
        takenAt: row.taken_at,
        thumbnailUrl: signed.data?.signedUrl ?? null,
      };
    }),
  );
}

export async function removeOrderPhotoFiles(paths: string[]): Promise<void> {
  if (paths.length === 0) return;
  const supabase = await getSupabase();
  const { error } = await supabase.storage.from(ORDER_PHOTOS_BUCKET).remove(paths);
  if (error) throw error;
}

/** Records why 'Dostarczone' went without the promised photo (a second skip replaces the reason). */
export async function recordPhotoSkip(orderId: string, reason: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase
    .from('order_photo_skips')
    .upsert({ order_id: orderId, reason: reason.trim(), skipped_at: new Date().toISOString() }, { onConflict: 'order_id' });
  if (error) throw error;
}
