import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_CACHE_CONTROL_SECONDS, PRODUCT_IMAGES_BUCKET, photoObjectPath, photoObjectPaths } from '../../src/domain/product-photo.ts';
import { EMPTY_PRODUCT_FORM, productFormSchema, toProductInput, type ProductInput } from '../../src/domain/product-schema.ts';
import { PhotoAttachError, attachPhoto, removeAllProductFiles } from '../../src/features/admin/photos/photos-api.ts';
import { createProduct, deleteProduct } from '../../src/features/admin/products/products-api.ts';
import type * as UploadModule from '../../src/features/admin/photos/upload-photo-file.ts';
import { chromiumPerFile } from '../support/browser.ts';
import { anonClient, signedInOwner, signedUpCustomer, testBackend } from '../support/test-backend.ts';

/**
 * The admin app's photo upload against the real local backend (issue 20):
 * the XHR uploader (src/features/admin/photos/upload-photo-file.ts) runs in
 * Chromium, since only a browser reports upload progress; attaching and
 * removing go through supabase-js as the app calls them.
 */

const chromium = chromiumPerFile();

/** WebP bytes (what the form's processing makes) of about 2 MB, so the browser reports progress along the way. */
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(2 * 1024 * 1024, 7)]);

let owner: SupabaseClient;
let customer: SupabaseClient;
let uploaderScript: string;

beforeAll(async () => {
  owner = await signedInOwner();
  customer = (await signedUpCustomer('photo-upload')).client;
  const bundle = await build({
    entryPoints: ['src/features/admin/photos/upload-photo-file.ts'],
    bundle: true,
    format: 'iife',
    globalName: 'photoUpload',
    platform: 'browser',
    write: false,
  });
  uploaderScript = bundle.outputFiles[0]!.text;
});

async function tokenOf(client: SupabaseClient): Promise<string> {
  const { data } = await client.auth.getSession();
  return data.session!.access_token;
}

/** Storage's answer on the public path of a missing object: HTTP 400 with statusCode '404', as hosted. */
async function publicStatus(path: string): Promise<string> {
  const response = await fetch(anonClient().storage.from(PRODUCT_IMAGES_BUCKET).getPublicUrl(path).data.publicUrl);
  if (response.ok) return String(response.status);
  return ((await response.json()) as { statusCode: string }).statusCode;
}

interface InPageResult {
  outcome?: string;
  error?: { name: string; kind?: string; status?: number; message: string };
  progress: { loaded: number; total: number }[];
}

/** A page of the backend's own origin with the uploader loaded. */
async function uploaderPage(): Promise<Page> {
  const page = await chromium.browser.newPage();
  await page.goto(`${testBackend().url}/storage/v1/object/public/${PRODUCT_IMAGES_BUCKET}/none`);
  await page.addScriptTag({ content: uploaderScript });
  return page;
}

function uploadInPage(page: Page, accessToken: string, path: string): Promise<InPageResult> {
  return page.evaluate(
    async ({ access, path, bytes }) => {
      const progress: { loaded: number; total: number }[] = [];
      const { uploadPhotoFile } = (window as unknown as { photoUpload: typeof UploadModule }).photoUpload;
      const file = new Blob([Uint8Array.from(atob(bytes), (c) => c.charCodeAt(0))], { type: 'image/webp' });
      try {
        const outcome = await uploadPhotoFile(access, path, file, { onProgress: (loaded, total) => progress.push({ loaded, total }) });
        return { outcome, progress };
      } catch (error) {
        const { name, message, kind, status } = error as Error & { kind?: string; status?: number };
        return { error: { name, message, kind, status }, progress };
      }
    },
    {
      access: { backendUrl: testBackend().url, apiKey: testBackend().anonKey, accessToken },
      path,
      bytes: WEBP.toString('base64'),
    },
  );
}

describe('the photo uploader in a browser, as the owner', () => {
  it('uploads with progress events; the file is public with a year of cache; a second upload of the name counts as done', async () => {
    const page = await uploaderPage();
    const path = photoObjectPath(randomUUID(), randomUUID(), 1600);
    const first = await uploadInPage(page, await tokenOf(owner), path);
    expect(first.error).toBeUndefined();
    expect(first.outcome).toBe('created');
    expect(first.progress.length).toBeGreaterThan(0);
    const loaded = first.progress.map((event) => event.loaded);
    expect(loaded).toEqual([...loaded].sort((a, b) => a - b));
    expect(first.progress.every((event) => event.total === WEBP.length)).toBe(true);
    expect(first.progress.at(-1)).toEqual({ loaded: WEBP.length, total: WEBP.length });

    const response = await fetch(anonClient().storage.from(PRODUCT_IMAGES_BUCKET).getPublicUrl(path).data.publicUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toBe(`max-age=${PHOTO_CACHE_CONTROL_SECONDS}`);
    expect(Buffer.from(await response.arrayBuffer()).equals(WEBP)).toBe(true);

    // A retry after a lost answer: Storage says 409 Duplicate, the uploader says it is there.
    const again = await uploadInPage(page, await tokenOf(owner), path);
    expect(again).toMatchObject({ outcome: 'exists' });
    await page.close();
  });

  it('is refused for a customer, for good (no retry)', async () => {
    const page = await uploaderPage();
    const path = photoObjectPath(randomUUID(), randomUUID(), 400);
    const result = await uploadInPage(page, await tokenOf(customer), path);
    expect(result.outcome).toBeUndefined();
    expect(result.error).toMatchObject({ name: 'PhotoUploadError', kind: 'refused', status: 403 });
    expect(await publicStatus(path)).toBe('404');
    await page.close();
  });
});

/** A product as the admin form saves it (the form's own schema). */
function productInput(name: string): ProductInput {
  return toProductInput(
    v.parse(productFormSchema, {
      ...EMPTY_PRODUCT_FORM,
      name,
      description: 'Bukiet do testu zdjęć.',
      price: '99',
      stock: '3',
      imageUrl: '/products/roza.svg',
    }),
  );
}

describe('attaching and removing photos through supabase-js', () => {
  it('the owner inserts a product with the id the form chose, attaches photos in the chosen order; a product not saved yet waits', async () => {
    const productId = randomUUID();
    const [a, b] = [randomUUID(), randomUUID()];
    await expect(attachPhoto(productId, { id: a, width: 1600, height: 1200 }, null, owner)).rejects.toMatchObject({
      kind: 'product_missing',
    });

    const created = await createProduct(productInput('Zdjęcia: nowy produkt'), owner, productId);
    expect(created.id).toBe(productId);
    expect(await attachPhoto(productId, { id: a, width: 1600, height: 1200 }, [b, a], owner)).toEqual([
      { id: a, width: 1600, height: 1200 },
    ]);
    expect(await attachPhoto(productId, { id: b, width: 800, height: 800 }, [b, a], owner)).toEqual([
      { id: b, width: 800, height: 800 },
      { id: a, width: 1600, height: 1200 },
    ]);
    // A retried attach changes nothing.
    expect(await attachPhoto(productId, { id: b, width: 800, height: 800 }, [b, a], owner)).toHaveLength(2);
  });

  it('refuses a seventh photo and a customer, each with its own kind', async () => {
    const product = await createProduct(productInput('Zdjęcia: pełny'), owner);
    for (let index = 0; index < 6; index += 1) await attachPhoto(product.id, { id: randomUUID(), width: 10, height: 10 }, null, owner);
    const seventh = attachPhoto(product.id, { id: randomUUID(), width: 10, height: 10 }, null, owner);
    await expect(seventh).rejects.toBeInstanceOf(PhotoAttachError);
    await expect(seventh).rejects.toMatchObject({ kind: 'too_many' });
    await expect(attachPhoto(product.id, { id: randomUUID(), width: 10, height: 10 }, null, customer)).rejects.toMatchObject({
      kind: 'refused',
    });
  });

  it("a deleted product's folder goes: every file under products/<id>/ is removed", async () => {
    const product = await createProduct(productInput('Zdjęcia: do usunięcia'), owner);
    const photoId = randomUUID();
    for (const path of photoObjectPaths(product.id, photoId)) {
      const { error } = await owner.storage
        .from(PRODUCT_IMAGES_BUCKET)
        .upload(path, new Blob([WEBP.subarray(0, 200)], { type: 'image/webp' }), { upsert: false });
      expect(error).toBeNull();
    }
    expect(await deleteProduct(product.id, owner)).toBe('deleted');
    await removeAllProductFiles(product.id, owner);
    const { data } = await owner.storage.from(PRODUCT_IMAGES_BUCKET).list(`products/${product.id}`);
    expect(data).toEqual([]);
    expect(await publicStatus(photoObjectPaths(product.id, photoId)[0]!)).toBe('404');
  });
});
