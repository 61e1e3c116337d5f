import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HERO_PHOTO_SETTING, heroPhotoOfRows, heroPhotoPaths } from '../../src/domain/hero-photo.ts';
import { photoPublicUrl, type ProductPhoto } from '../../src/domain/product-photo.ts';
import { loadHeroPhoto, saveHeroPhoto } from '../../src/features/admin/settings/hero-photo-api.ts';
import { anonClient, signedInOwner, signedUpCustomer, testBackend, withDatabase } from '../support/test-backend.ts';

/**
 * The hero photo setting (migration 20261202000400_hero_photo_and_size_withdrawals.sql, decision 042): the owner's files in
 * product-images under products/hero/, named by the public setting hero_photo, which only she writes and only
 * as a photo the storefront can draw.
 */

/** A WebP header, as the admin form's resizing produces (the local Storage checks the bytes). */
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(100, 1)]);

let owner: SupabaseClient;
let customer: SupabaseClient;

beforeAll(async () => {
  owner = await signedInOwner();
  customer = (await signedUpCustomer('hero')).client;
});

afterAll(async () => {
  // Other files on this backend expect the home page without an own photo.
  await withDatabase((db) => db.query('delete from app_settings where key = $1', [HERO_PHOTO_SETTING]));
});

async function uploadedPhoto(): Promise<ProductPhoto> {
  const photo = { id: randomUUID(), width: 1600, height: 1067 };
  for (const path of heroPhotoPaths(photo)) {
    const { error } = await owner.storage.from('product-images').upload(path, new Blob([WEBP], { type: 'image/webp' }), { upsert: false });
    expect(error).toBeNull();
  }
  return photo;
}

/** 200 for a file there; a missing one is answered as Storage does, HTTP 400 with its 404 in the body. */
async function fileStatus(path: string): Promise<number> {
  const response = await fetch(photoPublicUrl(testBackend().url, path));
  if (response.ok) return response.status;
  const body = (await response.json()) as { statusCode?: string };
  return Number(body.statusCode);
}

async function publicHeroPhoto(): Promise<ProductPhoto | null> {
  const { data, error } = await anonClient().from('public_settings').select('key, value').eq('key', HERO_PHOTO_SETTING);
  expect(error).toBeNull();
  return heroPhotoOfRows(data);
}

describe('the hero photo setting', () => {
  it('is saved by the owner, read by anyone through public_settings, its files public; a new photo removes the old one’s files', async () => {
    const first = await uploadedPhoto();
    await saveHeroPhoto(first, await loadHeroPhoto(owner), owner);
    expect(await publicHeroPhoto()).toEqual(first);
    expect(await loadHeroPhoto(owner)).toEqual(first);
    const file800 = heroPhotoPaths(first)[1]!;
    expect(file800).toBe(`products/hero/${first.id}-800.webp`);
    expect(await fileStatus(file800)).toBe(200);

    const second = await uploadedPhoto();
    await saveHeroPhoto(second, first, owner);
    expect(await publicHeroPhoto()).toEqual(second);
    for (const path of heroPhotoPaths(first)) expect(await fileStatus(path)).toBe(404);
    expect(await fileStatus(heroPhotoPaths(second)[1]!)).toBe(200);

    await saveHeroPhoto(null, second, owner);
    expect(await publicHeroPhoto()).toBeNull();
    expect(await fileStatus(heroPhotoPaths(second)[1]!)).toBe(404);
  });

  it('cannot be written by a customer or anonymously, nor its files uploaded', async () => {
    const value = JSON.stringify({ id: randomUUID(), width: 10, height: 10 });
    for (const client of [customer, anonClient()]) {
      const { error } = await client.from('app_settings').upsert([{ key: HERO_PHOTO_SETTING, value }], { onConflict: 'key' });
      // A customer meets the policy; anonymous callers have no grant to write settings at all.
      expect(error?.message).toMatch(/row-level security|permission denied for table app_settings/);
      const upload = await client.storage
        .from('product-images')
        .upload(`products/hero/${randomUUID()}-800.webp`, new Blob([WEBP], { type: 'image/webp' }));
      expect(upload.error?.message).toMatch(/row-level security/);
    }
    expect(await publicHeroPhoto()).toBeNull();
  });

  it.each([
    ['not JSON', 'zdjęcie.webp'],
    ['a list of photos', JSON.stringify([{ id: randomUUID(), width: 10, height: 10 }])],
    ['an id that is not a UUID', JSON.stringify({ id: 'hero', width: 10, height: 10 })],
    ['a zero width', JSON.stringify({ id: randomUUID(), width: 0, height: 10 })],
    ['an unknown format', JSON.stringify({ id: randomUUID(), width: 10, height: 10, format: 'png' })],
  ])('refuses %s even from the owner', async (_case, value) => {
    const { error } = await owner.from('app_settings').upsert([{ key: HERO_PHOTO_SETTING, value }], { onConflict: 'key' });
    expect(error?.message).toMatch(/app_settings_hero_photo_valid/);
  });

  it('takes a JPEG photo from an iPhone and the empty value', async () => {
    for (const value of [JSON.stringify({ id: randomUUID(), width: 1200, height: 1600, format: 'jpeg' }), '']) {
      const { error } = await owner.from('app_settings').upsert([{ key: HERO_PHOTO_SETTING, value }], { onConflict: 'key' });
      expect(error).toBeNull();
    }
  });
});
