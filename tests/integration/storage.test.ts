import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, signedInOwner, signedUpCustomer, testBackend, withDatabase } from '../support/test-backend.ts';

/**
 * Product photos in Supabase Storage (issue 20), through supabase-js's storage
 * client as the admin app will call it: the bucket `product-images` and its
 * policies (supabase/migrations/20261125000500_product_images_storage.sql),
 * served by the local Storage API (server/local-backend/storage/service.ts).
 */

const BUCKET = 'product-images';
/** A real 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
/** Bytes that start as a JPEG (SOI + APP0 JFIF) does. */
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(200, 7)]);
/** A WebP header (what the admin form's resizing will produce). */
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(100, 1)]);

let owner: SupabaseClient;
let customer: SupabaseClient;
let anon: SupabaseClient;
/** Every test's objects under a folder of its own run. */
const folder = `test-${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  owner = await signedInOwner();
  customer = (await signedUpCustomer('storage')).client;
  anon = anonClient();
});

function publicUrl(path: string): string {
  return anon.storage.from(BUCKET).getPublicUrl(path).data.publicUrl;
}

async function bearerOf(client: SupabaseClient): Promise<string> {
  const { data } = await client.auth.getSession();
  return data.session!.access_token;
}

function storageFiles(): string[] {
  try {
    return readdirSync(join(testBackend().dataDir, 'storage', BUCKET));
  } catch {
    return [];
  }
}

/** What supabase-js hands back for a refused call: HTTP status, the body's statusCode and message. */
function refusal(error: unknown): { status: unknown; statusCode: unknown; message: unknown } {
  const { status, statusCode, message } = error as { status?: number; statusCode?: string; message?: string };
  return { status, statusCode, message };
}

describe('the product-images bucket and its policies (the migration)', () => {
  it('is public, limited to 10 MB and image types', async () => {
    const rows = await withDatabase(async (db) => {
      const { rows } = await db.query<{ public: boolean; file_size_limit: string; allowed_mime_types: string[] }>(
        'select public, file_size_limit::text, allowed_mime_types from storage.buckets where id = $1',
        [BUCKET],
      );
      return rows;
    });
    expect(rows).toEqual([
      {
        public: true,
        file_size_limit: String(10 * 1024 * 1024),
        allowed_mime_types: ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'],
      },
    ]);
  });

  it('lets only the shop owner (authenticated + is_admin()) list, insert, update and delete; anon has no policy', async () => {
    const policies = await withDatabase(async (db) => {
      const { rows } = await db.query<{ cmd: string; roles: string[]; qual: string | null; with_check: string | null; permissive: string }>(
        `select cmd, roles::text[] as roles, qual, with_check, permissive from pg_catalog.pg_policies
         where schemaname = 'storage' and tablename = 'objects' and policyname not like 'order photos:%' order by cmd`,
      );
      return rows;
    });
    expect(policies.map((policy) => policy.cmd)).toEqual(['DELETE', 'INSERT', 'SELECT', 'UPDATE']);
    for (const policy of policies) {
      expect(policy.roles, policy.cmd).toEqual(['authenticated']);
      expect(policy.permissive).toBe('PERMISSIVE');
      for (const expression of [policy.qual, policy.with_check].filter((value) => value !== null)) {
        expect(expression, policy.cmd).toContain(`bucket_id = '${BUCKET}'::text`);
        expect(expression, policy.cmd).toContain('is_admin()');
      }
    }
    const rls = await withDatabase(async (db) => {
      const { rows } = await db.query<{ rls: boolean }>(
        "select relrowsecurity as rls from pg_class where oid = 'storage.objects'::regclass",
      );
      return rows[0]!.rls;
    });
    expect(rls).toBe(true);
  });
});

describe('the owner', () => {
  it('uploads a photo; its public URL serves the bytes with Content-Type, Cache-Control and an ETag, and 304 on revalidation', async () => {
    const path = `${folder}/bukiet-1600.png`;
    const { data, error } = await owner.storage.from(BUCKET).upload(path, PNG, { contentType: 'image/png', cacheControl: '86400' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ path, fullPath: `${BUCKET}/${path}` });
    expect(data!.id).toMatch(/^[0-9a-f-]{36}$/);

    const url = publicUrl(path);
    expect(url).toBe(`${testBackend().url}/storage/v1/object/public/${BUCKET}/${path}`);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('max-age=86400');
    expect(response.headers.get('content-length')).toBe(String(PNG.length));
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const etag = response.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(Buffer.from(await response.arrayBuffer()).equals(PNG)).toBe(true);

    const revalidated = await fetch(url, { headers: { 'If-None-Match': etag! } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('etag')).toBe(etag);
    expect(await revalidated.text()).toBe('');

    const stale = await fetch(url, { headers: { 'If-None-Match': '"something-else"' } });
    expect(stale.status).toBe(200);

    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(PNG.length));
    expect(head.headers.get('etag')).toBe(etag);
  });

  it('uploads a Blob as the browser does (multipart form data): served as what the bytes are, with the cacheControl option', async () => {
    const path = `${folder}/blob-800.webp`;
    const { error } = await owner.storage
      .from(BUCKET)
      .upload(path, new Blob([WEBP], { type: 'image/webp' }), { cacheControl: '31536000', upsert: false });
    expect(error).toBeNull();
    const response = await fetch(publicUrl(path));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toBe('max-age=31536000');
    expect(Buffer.from(await response.arrayBuffer()).equals(WEBP)).toBe(true);
  });

  it('gets 409 Duplicate for an existing name without upsert; with upsert the new bytes replace the old (new ETag, old file gone)', async () => {
    const path = `${folder}/zamiana.png`;
    expect((await owner.storage.from(BUCKET).upload(path, PNG, { contentType: 'image/png' })).error).toBeNull();
    const before = await fetch(publicUrl(path));
    const firstTag = before.headers.get('etag');
    await before.arrayBuffer();
    const filesBefore = storageFiles();

    const duplicate = await owner.storage.from(BUCKET).upload(path, JPEG, { contentType: 'image/jpeg' });
    expect(refusal(duplicate.error)).toEqual({ status: 400, statusCode: '409', message: 'The resource already exists' });

    const upserted = await owner.storage.from(BUCKET).upload(path, JPEG, { contentType: 'image/jpeg', upsert: true });
    expect(upserted.error).toBeNull();
    const after = await fetch(publicUrl(path));
    expect(after.headers.get('content-type')).toBe('image/jpeg');
    expect(after.headers.get('etag')).not.toBe(firstTag);
    expect(Buffer.from(await after.arrayBuffer()).equals(JPEG)).toBe(true);
    // One file per object: the replaced version's file is removed.
    expect(storageFiles().length).toBe(filesBefore.length);

    const updated = await owner.storage.from(BUCKET).update(path, PNG, { contentType: 'image/png' });
    expect(updated.error).toBeNull();
    const afterUpdate = await fetch(publicUrl(path));
    expect(afterUpdate.headers.get('content-type')).toBe('image/png');
    await afterUpdate.arrayBuffer();
  });

  it('lists a folder level: files with their metadata, subfolders once', async () => {
    const listFolder = `${folder}/lista`;
    for (const name of ['b.png', 'a.png', 'warianty/400.png']) {
      expect((await owner.storage.from(BUCKET).upload(`${listFolder}/${name}`, PNG, { contentType: 'image/png' })).error).toBeNull();
    }
    const { data, error } = await owner.storage.from(BUCKET).list(listFolder);
    expect(error).toBeNull();
    expect(data!.map((entry) => entry.name)).toEqual(['a.png', 'b.png', 'warianty']);
    expect(data![0]!.metadata).toMatchObject({ mimetype: 'image/png', size: PNG.length, cacheControl: 'max-age=3600' });
    expect(data![2]!.id).toBeNull();

    const newestFirst = await owner.storage.from(BUCKET).list(listFolder, { sortBy: { column: 'name', order: 'desc' }, limit: 2 });
    expect(newestFirst.data!.map((entry) => entry.name)).toEqual(['warianty', 'b.png']);
    const searched = await owner.storage.from(BUCKET).list(listFolder, { search: 'a' });
    expect(searched.data!.map((entry) => entry.name)).toEqual(['a.png']);
  });

  it('removes photos: the public URL then answers Object not found, and the file is deleted', async () => {
    const path = `${folder}/do-usuniecia.png`;
    expect((await owner.storage.from(BUCKET).upload(path, PNG, { contentType: 'image/png' })).error).toBeNull();
    const filesBefore = storageFiles();

    const { data, error } = await owner.storage.from(BUCKET).remove([path, `${folder}/nie-ma-takiego.png`]);
    expect(error).toBeNull();
    expect(data!.map((row) => row.name)).toEqual([path]);
    expect(storageFiles().length).toBe(filesBefore.length - 1);

    // The storage service answers a missing object with HTTP 400 and statusCode 404 (its legacy), not cacheable.
    const gone = await fetch(publicUrl(path));
    expect(gone.status).toBe(400);
    expect(gone.headers.get('cache-control')).toBe('no-store');
    expect(await gone.json()).toEqual({ statusCode: '404', error: 'not_found', message: 'Object not found', code: 'NoSuchKey' });
  });
});

describe('anyone else', () => {
  const ownerPath = `${folder}/tylko-wlascicielka.png`;

  beforeAll(async () => {
    const { error } = await owner.storage.from(BUCKET).upload(ownerPath, PNG, { contentType: 'image/png' });
    if (error) throw error;
  });

  it.each(['anon', 'customer'] as const)('%s cannot upload: row-level security refuses it and nothing is stored', async (who) => {
    const client = who === 'anon' ? anon : customer;
    const path = `${folder}/${who}.png`;
    const filesBefore = storageFiles();
    const { data, error } = await client.storage.from(BUCKET).upload(path, PNG, { contentType: 'image/png' });
    expect(data).toBeNull();
    expect(refusal(error)).toEqual({ status: 400, statusCode: '403', message: 'new row violates row-level security policy' });
    expect(storageFiles()).toEqual(filesBefore);
    const response = await fetch(publicUrl(path));
    expect(response.status).toBe(400);
    await response.arrayBuffer();
  });

  it.each(['anon', 'customer'] as const)('%s cannot replace (upsert or update) the owner’s photo', async (who) => {
    const client = who === 'anon' ? anon : customer;
    const upsert = await client.storage.from(BUCKET).upload(ownerPath, JPEG, { contentType: 'image/jpeg', upsert: true });
    expect(refusal(upsert.error)).toMatchObject({ status: 400, statusCode: '403' });
    const update = await client.storage.from(BUCKET).update(ownerPath, JPEG, { contentType: 'image/jpeg' });
    expect(refusal(update.error)).toMatchObject({ status: 400, statusCode: '403' });
    const served = await fetch(publicUrl(ownerPath));
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it.each(['anon', 'customer'] as const)(
    '%s cannot remove the owner’s photo (nothing is deleted, as hosted: an empty list)',
    async (who) => {
      const client = who === 'anon' ? anon : customer;
      const { data, error } = await client.storage.from(BUCKET).remove([ownerPath]);
      expect(error).toBeNull();
      expect(data).toEqual([]);
      const served = await fetch(publicUrl(ownerPath));
      expect(served.status).toBe(200);
      await served.arrayBuffer();
    },
  );

  it.each(['anon', 'customer'] as const)('%s cannot list the bucket (public read is by URL, not by listing)', async (who) => {
    const client = who === 'anon' ? anon : customer;
    const { data, error } = await client.storage.from(BUCKET).list(folder);
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });

  it('still reads the owner’s photo by its public URL without any key', async () => {
    const response = await fetch(publicUrl(ownerPath));
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(PNG)).toBe(true);
  });
});

describe('refused uploads (even from the owner)', () => {
  it('refuses a text file renamed .jpg and declared image/jpeg: the bytes are checked, not the name', async () => {
    const path = `${folder}/udawane.jpg`;
    const { error } = await owner.storage
      .from(BUCKET)
      .upload(path, Buffer.from('To nie jest zdjęcie.\n'.repeat(20)), { contentType: 'image/jpeg' });
    expect(refusal(error)).toEqual({
      status: 400,
      statusCode: '415',
      message: 'The file is not an image: its content is not JPEG, PNG, WebP, AVIF or GIF',
    });
    const response = await fetch(publicUrl(path));
    expect(response.status).toBe(400);
    await response.arrayBuffer();
  });

  it('refuses the same text as a Blob declared image/jpeg (the browser path)', async () => {
    const { error } = await owner.storage
      .from(BUCKET)
      .upload(`${folder}/udawane-blob.jpg`, new Blob(['<svg onload="alert(1)"/>'], { type: 'image/jpeg' }));
    expect(refusal(error)).toMatchObject({ status: 400, statusCode: '415' });
  });

  it('refuses a declared type the bucket does not allow, as the storage service does', async () => {
    const { error } = await owner.storage.from(BUCKET).upload(`${folder}/dokument.png`, PNG);
    expect(refusal(error)).toEqual({ status: 400, statusCode: '415', message: 'mime type text/plain;charset=UTF-8 is not supported' });
  });

  it('refuses an 11 MB image as too large, and stores nothing', async () => {
    const path = `${folder}/za-duze.png`;
    const big = Buffer.concat([PNG.subarray(0, 16), Buffer.alloc(11 * 1024 * 1024 - 16, 0)]);
    const filesBefore = storageFiles();
    const { error } = await owner.storage.from(BUCKET).upload(path, big, { contentType: 'image/png' });
    expect(refusal(error)).toEqual({ status: 400, statusCode: '413', message: 'The object exceeded the maximum allowed size' });
    expect(storageFiles()).toEqual(filesBefore);

    const blob = await owner.storage.from(BUCKET).upload(path, new Blob([big], { type: 'image/png' }));
    expect(refusal(blob.error)).toMatchObject({ status: 400, statusCode: '413' });
  });

  it('refuses names that climb out of the bucket or carry NUL, answered as the Storage API answers an invalid key', async () => {
    const token = await bearerOf(owner);
    const { url, anonKey } = testBackend();
    // (Plain `../` segments never arrive: URL parsing resolves them, in fetch and in the gateway.)
    for (const name of ['..%2F..%2Fsecrets.png', 'a%2F..%2F..%2Fb.png', '/etc/passwd.png', 'photo%00.png', 'a%5C..%5Cb.png']) {
      const response = await fetch(`${url}/storage/v1/object/${BUCKET}/${name}`, {
        method: 'POST',
        headers: { apikey: anonKey, authorization: `Bearer ${token}`, 'content-type': 'image/png' },
        body: PNG,
      });
      expect(response.status, name).toBe(400);
      expect(await response.json(), name).toMatchObject({ statusCode: '400', code: 'InvalidKey' });
    }
  });

  it('refuses an unknown bucket', async () => {
    const { error } = await owner.storage.from('nie-ma-takiego').upload(`${folder}/x.png`, PNG, { contentType: 'image/png' });
    expect(refusal(error)).toEqual({ status: 400, statusCode: '404', message: 'Bucket not found' });
  });
});
