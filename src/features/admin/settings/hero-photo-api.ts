import { HERO_PHOTO_SETTING, HERO_PHOTO_SUBJECT, heroPhotoPaths, heroPhotoValue, parseHeroPhoto } from '../../../domain/hero-photo.ts';
import { photoObjectPath, storedPhoto, type ProductPhoto } from '../../../domain/product-photo.ts';
import { getSupabase, type Supabase } from '../../../lib/supabase.ts';
import { removePhotoFiles, uploadAccess } from '../photos/photos-api.ts';
import type { ProcessedPhoto } from '../photos/process-photo.ts';
import { uploadPhotoFile } from '../photos/upload-photo-file.ts';

/**
 * The home page's own photo in the settings: its files go up as a product
 * photo's do, then the setting names it (docs/decisions/042-hero-photo-setting.md).
 */

function client(given?: Supabase): Promise<Supabase> {
  return given ? Promise.resolve(given) : getSupabase();
}

export async function loadHeroPhoto(given?: Supabase): Promise<ProductPhoto | null> {
  const supabase = await client(given);
  const { data, error } = await supabase.from('app_settings').select('value').eq('key', HERO_PHOTO_SETTING).maybeSingle();
  if (error) throw new Error(error.message);
  return parseHeroPhoto(data?.value);
}

/** Sends the prepared photo's three files under a new id; `onProgress` gets 0..1 of its bytes. Answers the photo to save. */
export async function uploadHeroPhoto(processed: ProcessedPhoto, onProgress: (share: number) => void): Promise<ProductPhoto> {
  const id = crypto.randomUUID();
  const access = await uploadAccess();
  const total = processed.variants.reduce((sum, variant) => sum + variant.blob.size, 0) || 1;
  let done = 0;
  for (const variant of processed.variants) {
    const path = photoObjectPath(HERO_PHOTO_SUBJECT, id, variant.target, processed.format);
    await uploadPhotoFile(access, path, variant.blob, { onProgress: (loaded) => onProgress((done + loaded) / total) });
    done += variant.blob.size;
  }
  onProgress(1);
  return storedPhoto(id, processed.width, processed.height, processed.format);
}

/**
 * Names the photo the hero shows (null: none, the featured product's photo
 * again). The previous photo's files go once the setting no longer names them;
 * if that fails they only take space.
 */
export async function saveHeroPhoto(photo: ProductPhoto | null, previous: ProductPhoto | null, given?: Supabase): Promise<void> {
  const supabase = await client(given);
  const { error } = await supabase
    .from('app_settings')
    .upsert([{ key: HERO_PHOTO_SETTING, value: heroPhotoValue(photo) }], { onConflict: 'key' });
  if (error) throw new Error(error.message);
  if (previous && previous.id !== photo?.id) await removePhotoFiles(heroPhotoPaths(previous), supabase).catch(() => undefined);
}
