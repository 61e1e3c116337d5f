import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORDER_PHOTOS_BUCKET, orderPhotoPath } from '../../src/domain/order-photo.ts';
import { waitForMailTo, type ReceivedMail } from '../support/maildev.ts';
import {
  anonClient,
  placedGuestOrder,
  signedInOwner,
  signedUpCustomer,
  testBackend,
  uniqueEmail,
  withDatabase,
} from '../support/test-backend.ts';

/**
 * The photo the customer paid for: the private bucket `order-photos` through
 * supabase-js and the local Storage API's signed URLs (sign, expiry, refusal
 * after it, as supabase/storage answers), the order page's signed URL for a
 * valid link only, and the mail 'Zdjęcie Twojego zamówienia' without the
 * buyer's name.
 */

/** A WebP header (the admin pipeline's output); the local Storage API looks at the bytes. */
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(100, 1)]);
/** A buyer whose name must never reach the recipient (an anonymous card). */
const BUYER = { firstName: 'Bożydar', lastName: 'Tajemniczy' };

let owner: SupabaseClient;
let customer: SupabaseClient;
let anon: SupabaseClient;

beforeAll(async () => {
  owner = await signedInOwner();
  customer = (await signedUpCustomer('order-photos')).client;
  anon = anonClient();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function refusal(error: unknown): { status: unknown; statusCode: unknown; message: unknown } {
  const { status, statusCode, message } = error as { status?: number; statusCode?: string; message?: string };
  return { status, statusCode, message };
}

/** An object name of the bucket's shape for an order that need not exist (Storage does not check orders). */
function somePath(): string {
  return orderPhotoPath(randomUUID(), randomUUID(), 1600);
}

async function ownerUpload(path: string): Promise<void> {
  const { error } = await owner.storage.from(ORDER_PHOTOS_BUCKET).upload(path, WEBP, { contentType: 'image/webp' });
  expect(error).toBeNull();
}

/** A cemetery order with 'Zdjęcie po dostawie' and an anonymous card, placed by a guest. */
function placeCemeteryOrder(email: string): Promise<{ id: string; number: string; accessKey: string }> {
  return placedGuestOrder({
    ...BUYER,
    email,
    deliveryMethod: 'cemetery',
    services: ['photo-after-delivery'],
    cardMessage: 'Pamiętamy',
    anonymous: true,
  });
}

function linkToken(mail: ReceivedMail, number: string): string {
  const match = new RegExp(`/zamowienie/${number}\\?t=([A-Za-z0-9_-]+)`).exec(mail.text ?? '');
  expect(match, 'the mail links the order page with a token').not.toBeNull();
  return match![1]!;
}

async function orderPage(body: unknown): Promise<{ status: number; text: string; json: Record<string, unknown> }> {
  const response = await fetch(`${testBackend().url}/functions/v1/order-page`, {
    method: 'POST',
    headers: { apikey: testBackend().publishableKey, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, text, json: JSON.parse(text) as Record<string, unknown> };
}

/** The owner's photo of an order as the admin queue stores it: the file first, then the row. */
async function addOrderPhoto(orderId: string, kind: 'before_dispatch' | 'after_delivery'): Promise<string> {
  const photoId = randomUUID();
  const path = orderPhotoPath(orderId, photoId, 1600);
  await ownerUpload(path);
  const { error } = await owner.from('order_photos').insert({ id: photoId, order_id: orderId, path, kind, width: 1600, height: 1200 });
  expect(error).toBeNull();
  return path;
}

describe('the order-photos bucket', () => {
  it('is private, takes only the pipeline’s JPEG and WebP up to 10 MB', async () => {
    const rows = await withDatabase(async (db) => {
      const result = await db.query('select public, file_size_limit::text, allowed_mime_types from storage.buckets where id = $1', [
        ORDER_PHOTOS_BUCKET,
      ]);
      return result.rows;
    });
    expect(rows).toEqual([{ public: false, file_size_limit: String(10 * 1024 * 1024), allowed_mime_types: ['image/jpeg', 'image/webp'] }]);
  });

  it('has four owner-only policies on storage.objects and nothing for anon', async () => {
    const policies = await withDatabase(async (db) => {
      const result = await db.query<{ cmd: string; roles: string[]; expression: string }>(
        `select cmd, roles::text[] as roles, concat_ws(' ', qual, with_check) as expression from pg_catalog.pg_policies
          where schemaname = 'storage' and tablename = 'objects' and concat_ws(' ', qual, with_check) like '%order-photos%' order by cmd`,
      );
      return result.rows;
    });
    expect(policies.map((policy) => policy.cmd)).toEqual(['DELETE', 'INSERT', 'SELECT', 'UPDATE']);
    for (const policy of policies) {
      expect(policy.roles).toEqual(['authenticated']);
      expect(policy.expression).toContain('is_admin()');
    }
  });

  it('refuses anon and a customer to upload, list or sign; the owner may', async () => {
    const path = somePath();
    for (const client of [anon, customer]) {
      const upload = await client.storage.from(ORDER_PHOTOS_BUCKET).upload(path, WEBP, { contentType: 'image/webp' });
      expect(refusal(upload.error)).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
    }
    await ownerUpload(path);
    const folder = path.slice(0, path.lastIndexOf('/'));
    for (const client of [anon, customer]) {
      const listed = await client.storage.from(ORDER_PHOTOS_BUCKET).list(folder);
      expect(listed.data ?? []).toEqual([]);
      // Signing looks the object up as the caller: without a policy there is nothing to sign.
      const signed = await client.storage.from(ORDER_PHOTOS_BUCKET).createSignedUrl(path, 60);
      expect(signed.data).toBeNull();
      expect(refusal(signed.error)).toMatchObject({ status: 400, statusCode: '404', message: 'Object not found' });
      const removed = await client.storage.from(ORDER_PHOTOS_BUCKET).remove([path]);
      expect(removed.data ?? []).toEqual([]);
    }
    const listed = await owner.storage.from(ORDER_PHOTOS_BUCKET).list(folder);
    expect(listed.data?.map((file) => file.name)).toEqual([path.slice(path.lastIndexOf('/') + 1)]);
  });

  it('is not readable by its public path', async () => {
    const path = somePath();
    await ownerUpload(path);
    const response = await fetch(anon.storage.from(ORDER_PHOTOS_BUCKET).getPublicUrl(path).data.publicUrl);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: '404', error: 'Bucket not found' });
  });
});

describe('signed URLs (createSignedUrl)', () => {
  it('open the file without any key until they expire, then are refused as Supabase Storage refuses them', async () => {
    const path = somePath();
    await ownerUpload(path);
    const { data, error } = await owner.storage.from(ORDER_PHOTOS_BUCKET).createSignedUrl(path, 2);
    expect(error).toBeNull();
    const url = new URL(data!.signedUrl);
    expect(url.pathname).toBe(`/storage/v1/object/sign/${ORDER_PHOTOS_BUCKET}/${path}`);
    const [, payload] = url.searchParams.get('token')!.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
    expect(claims).toMatchObject({ url: `${ORDER_PHOTOS_BUCKET}/${path}`, scope: 'download' });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(2);

    // No apikey, no Authorization: what an <img> sends.
    const fresh = await fetch(data!.signedUrl);
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await fresh.arrayBuffer())).toEqual(WEBP);

    // The token is for this name only.
    const other = new URL(data!.signedUrl);
    other.pathname = `/storage/v1/object/sign/${ORDER_PHOTOS_BUCKET}/${somePath()}`;
    const moved = await fetch(other);
    expect(moved.status).toBe(400);
    expect(await moved.json()).toMatchObject({ statusCode: '400', error: 'InvalidSignature', message: 'Invalid signature' });

    await sleep(3_100);
    const expired = await fetch(data!.signedUrl);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toEqual({
      statusCode: '400',
      error: 'InvalidJWT',
      code: 'InvalidJWT',
      message: '"exp" claim timestamp check failed',
    });
  });

  it('refuses a token that is not a signed URL’s (the owner’s own session) and a missing one', async () => {
    const path = somePath();
    await ownerUpload(path);
    const base = `${testBackend().url}/storage/v1/object/sign/${ORDER_PHOTOS_BUCKET}/${path}`;
    const session = (await owner.auth.getSession()).data.session!.access_token;
    const withSession = await fetch(`${base}?token=${session}`);
    expect(withSession.status).toBe(400);
    expect(((await withSession.json()) as { error: string }).error).toMatch(/^Invalid(JWT|Signature)$/);
    expect((await fetch(base)).status).toBe(400);
  });
});

describe('the order page and the photo mail', () => {
  it('gives the photo only to a valid link, and mails the buyer once per photo kind without the buyer’s name', async () => {
    const email = uniqueEmail('order-photo');
    const order = await placeCemeteryOrder(email);
    const [confirmation] = await waitForMailTo(testBackend().mailUrl, email, 1);
    const token = linkToken(confirmation!, order.number);

    const path = await addOrderPhoto(order.id, 'after_delivery');
    expect(path).not.toMatch(/Bożydar|Tajemniczy|Bozydar/i);
    // A second shot of the same delivery: one mail is enough, the page shows both.
    await addOrderPhoto(order.id, 'after_delivery');
    const jobs = await withDatabase(async (db) => {
      const result = await db.query<{ kind: string; recipient: string }>(
        "select kind, recipient from mail_jobs where order_id = $1 and kind like 'photo-%'",
        [order.id],
      );
      return result.rows;
    });
    expect(jobs).toEqual([{ kind: 'photo-after-delivery', recipient: email }]);

    const page = await orderPage({ number: order.number, token });
    expect(page.status).toBe(200);
    const photos = page.json.photos as { url: string; kind: string; alt: string; width: number; height: number }[];
    expect(photos).toHaveLength(2);
    expect(photos[0]).toMatchObject({
      kind: 'after_delivery',
      width: 1600,
      height: 1200,
      alt: `Zdjęcie zamówienia ${order.number} po dostawie`,
    });
    const signed = new URL(photos[0]!.url);
    expect(signed.pathname).toBe(`/storage/v1/object/sign/${ORDER_PHOTOS_BUCKET}/${path}`);
    const claims = JSON.parse(Buffer.from(signed.searchParams.get('token')!.split('.')[1]!, 'base64url').toString('utf8')) as {
      exp: number;
      iat: number;
    };
    expect(claims.exp - claims.iat).toBe(600);
    const image = await fetch(photos[0]!.url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(JSON.stringify(photos)).not.toMatch(/Bożydar|Tajemniczy/);

    for (const body of [
      { number: order.number },
      { number: order.number, token: 'x'.repeat(43) },
      { number: order.number, token: `${token}x` },
    ]) {
      const refused = await orderPage(body);
      expect(refused.status).toBe(404);
      expect(refused.text).not.toContain(ORDER_PHOTOS_BUCKET);
    }

    const mails = await waitForMailTo(testBackend().mailUrl, email, 2, 30_000);
    const mail = mails.find((received) => received.subject.startsWith('Zdjęcie Twojego zamówienia'));
    expect(mail?.subject).toBe(`Zdjęcie Twojego zamówienia ${order.number}`);
    expect(mail!.text).toContain(`zamówienie nr ${order.number} dotarło na miejsce. Zrobiliśmy zdjęcie po dostawie.`);
    expect(mail!.text).toMatch(new RegExp(`/zamowienie/${order.number}\\?t=[A-Za-z0-9_-]{43}`));
    // Linked, not attached or embedded: no Storage address in the mail.
    expect(`${mail!.html}${mail!.text}`).not.toContain('/storage/v1/');
    expect(`${mail!.html}${mail!.text}`).not.toMatch(/Bożydar|Tajemniczy/);
    // The mail's own link opens the page with the photos.
    const fromMail = await orderPage({ number: order.number, token: linkToken(mail!, order.number) });
    expect((fromMail.json.photos as unknown[]).length).toBe(2);
  });

  it('refuses a row whose file lies in another order’s folder', async () => {
    const email = uniqueEmail('order-photo-folder');
    const order = await placeCemeteryOrder(email);
    const id = randomUUID();
    const { error } = await owner
      .from('order_photos')
      .insert({ id, order_id: order.id, path: orderPhotoPath(randomUUID(), id, 1600), kind: 'after_delivery', width: 1600, height: 1200 });
    expect(error?.code).toBe('23514');
  });

  it('queues no photo mail for a cancelled order, and keeps a skip reason only when it says something', async () => {
    const email = uniqueEmail('order-photo-cancelled');
    const order = await placeCemeteryOrder(email);
    const short = await owner.from('order_photo_skips').insert({ order_id: order.id, reason: ' a ' });
    expect(short.error?.code).toBe('23514');
    const skip = await owner.from('order_photo_skips').insert({ order_id: order.id, reason: 'Klientka prosiła bez zdjęcia' });
    expect(skip.error).toBeNull();

    await withDatabase((db) => db.query("update orders set status = 'cancelled' where id = $1", [order.id]));
    await addOrderPhoto(order.id, 'before_dispatch');
    const jobs = await withDatabase(async (db) => {
      const result = await db.query("select kind from mail_jobs where order_id = $1 and kind like 'photo-%'", [order.id]);
      return result.rows;
    });
    expect(jobs).toEqual([]);
  });
});
