import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPhotos, type ProductPhoto } from '../../src/domain/product-photo.ts';
import { anonClient, serviceClient, signedInOwner, signedUpCustomer, withDatabase } from '../support/test-backend.ts';

/**
 * products.photos and attach_product_photo (issue 20,
 * supabase/migrations/20261126000100_product_photos.sql), through supabase-js
 * as the admin app's upload queue calls them.
 */

let owner: SupabaseClient;
let customer: SupabaseClient;
const created: string[] = [];

beforeAll(async () => {
  owner = await signedInOwner();
  customer = (await signedUpCustomer('photos')).client;
});

afterAll(async () => {
  await withDatabase((db) => db.query('delete from products where id = any($1::uuid[])', [created]));
});

async function newProduct(active = true): Promise<string> {
  const { data, error } = await serviceClient()
    .from('products')
    .insert({ name: `Zdjęcia ${randomUUID().slice(0, 6)}`, price: 10, category: 'souvenirs', active })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  const id = (data as { id: string }).id;
  created.push(id);
  return id;
}

function photo(width = 1600, height = 1200): ProductPhoto {
  return { id: randomUUID(), width, height };
}

function attach(client: SupabaseClient, productId: string, value: unknown, order?: string[]) {
  return client.rpc('attach_product_photo', { p_product_id: productId, p_photo: value, ...(order ? { p_order: order } : {}) });
}

async function storedPhotos(productId: string): Promise<unknown> {
  return withDatabase(async (db) => (await db.query('select photos from products where id = $1', [productId])).rows[0]!.photos);
}

describe('products.photos', () => {
  it('is an empty array for a product saved without photos (the seed keeps its illustrations)', async () => {
    const id = await newProduct();
    expect(await storedPhotos(id)).toEqual([]);
    // The seed's products keep their illustrations: it never names the column (the backend is shared with
    // other test files, which may attach photos to seeded rows, so the rows themselves prove nothing here).
    const seed = readFileSync(resolve(import.meta.dirname, '../../supabase/seed.sql'), 'utf8');
    const productColumns = /insert into public\.products \(([^)]*)\)/.exec(seed)?.[1];
    expect(productColumns).toContain('image_url');
    expect(productColumns).not.toContain('photos');
  });

  it('is read with the rest of the product by anyone who sees the product', async () => {
    const id = await newProduct();
    const first = photo();
    await withDatabase((db) => db.query('update products set photos = $2 where id = $1', [id, JSON.stringify([first])]));
    const { data, error } = await anonClient().from('products').select('*').eq('id', id).single();
    expect(error).toBeNull();
    expect(productPhotos(data as { photos?: unknown })).toEqual([first]);
  });

  it.each([
    ['not an array', { id: randomUUID(), width: 10, height: 10 }],
    ['seven photos', Array.from({ length: 7 }, () => photo())],
    ['an id that is not a UUID', [{ id: 'zdjecie-1', width: 10, height: 10 }]],
    ['a zero width', [{ id: randomUUID(), width: 0, height: 10 }]],
    ['a fractional height', [{ id: randomUUID(), width: 10, height: 10.5 }]],
    ['a width as text', [{ id: randomUUID(), width: '10', height: 10 }]],
    ['a missing height', [{ id: randomUUID(), width: 10 }]],
    ['an unknown key', [{ id: randomUUID(), width: 10, height: 10, url: 'https://example.test/a.webp' }]],
    ['an element that is not an object', ['x']],
    ['a format other than jpeg', [{ id: randomUUID(), width: 10, height: 10, format: 'png' }]],
    ['webp spelled out (absent means WebP)', [{ id: randomUUID(), width: 10, height: 10, format: 'webp' }]],
    [
      'the same id twice',
      (() => {
        const twice = photo();
        return [twice, { ...twice, id: twice.id.toUpperCase() }];
      })(),
    ],
  ])('refuses %s (the check constraint), even for the owner', async (_label, value) => {
    const id = await newProduct();
    const { error } = await owner.from('products').update({ photos: value }).eq('id', id).select('id');
    expect(error?.code).toBe('23514');
    expect(error?.message).toContain('products_photos_valid');
    expect(await storedPhotos(id)).toEqual([]);
  });

  it('accepts six valid photos written by the owner directly (the form removes a photo this way)', async () => {
    const id = await newProduct();
    const six = Array.from({ length: 6 }, () => photo(800, 1067));
    const { error } = await owner.from('products').update({ photos: six }).eq('id', id).select('id');
    expect(error).toBeNull();
    expect(await storedPhotos(id)).toEqual(six);
  });
});

describe('attach_product_photo', () => {
  it('appends a photo and answers with the new list; a retry with the same photo changes nothing', async () => {
    const id = await newProduct();
    const first = photo();
    const second = photo(1200, 1600);
    expect((await attach(owner, id, first)).data).toEqual([first]);
    expect((await attach(owner, id, second)).data).toEqual([first, second]);
    const retried = await attach(owner, id, second);
    expect(retried.error).toBeNull();
    expect(retried.data).toEqual([first, second]);
    expect(await storedPhotos(id)).toEqual([first, second]);
  });

  it('orders the list by p_order; photos it does not name keep their order at the end, unknown ids are ignored', async () => {
    const id = await newProduct();
    const [a, b, c, d] = [photo(), photo(), photo(), photo()];
    for (const each of [a, b, c]) await attach(owner, id, each);
    const { data, error } = await attach(owner, id, d, [d.id, randomUUID(), b.id]);
    expect(error).toBeNull();
    expect(data).toEqual([d, b, a, c]);
    expect(await storedPhotos(id)).toEqual([d, b, a, c]);
    // A retry may only reorder (the photo is already there).
    expect((await attach(owner, id, d, [a.id, b.id, c.id, d.id])).data).toEqual([a, b, c, d]);
  });

  it('refuses a seventh photo with too_many_photos, but still accepts a retry of one already attached', async () => {
    const id = await newProduct();
    const six = Array.from({ length: 6 }, () => photo());
    for (const each of six) expect((await attach(owner, id, each)).error).toBeNull();
    const { error } = await attach(owner, id, photo());
    expect(error).toMatchObject({ code: 'P0001', message: 'too_many_photos', details: '6' });
    expect((await attach(owner, id, six[5])).data).toEqual(six);
  });

  it('answers product_not_found for a product that does not exist yet (a queued upload retries later)', async () => {
    const missing = randomUUID();
    const { error } = await attach(owner, missing, photo());
    expect(error).toMatchObject({ code: 'P0001', message: 'product_not_found', details: missing });
  });

  it('attaches a JPEG photo (prepared where the browser has no WebP encoder) with its format', async () => {
    const id = await newProduct();
    const jpeg = { ...photo(), format: 'jpeg' };
    expect((await attach(owner, id, jpeg)).data).toEqual([jpeg]);
    expect(await storedPhotos(id)).toEqual([jpeg]);
  });

  it('attaches to a deactivated product too (the owner sees it)', async () => {
    const id = await newProduct(false);
    const first = photo();
    expect((await attach(owner, id, first)).data).toEqual([first]);
  });

  it.each([
    ['a photo without an id', { width: 10, height: 10 }],
    ['a negative height', { id: randomUUID(), width: 10, height: -1 }],
    ['a list instead of one photo', [photo()]],
  ])('refuses %s with invalid_photo', async (_label, value) => {
    const id = await newProduct();
    const { error } = await attach(owner, id, value);
    expect(error).toMatchObject({ code: '22023', message: 'invalid_photo' });
    expect(await storedPhotos(id)).toEqual([]);
  });

  it('refuses a customer with not_owner and anon without running it at all', async () => {
    const id = await newProduct();
    const byCustomer = await attach(customer, id, photo());
    expect(byCustomer.error).toMatchObject({ code: '42501', message: 'not_owner' });
    const byAnon = await attach(anonClient(), id, photo());
    expect(byAnon.error?.code).toBe('42501');
    expect(byAnon.error?.message).toContain('permission denied');
    expect(await storedPhotos(id)).toEqual([]);
  });
});
