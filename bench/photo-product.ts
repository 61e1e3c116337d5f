/**
 * A product with a real photo for the bench: the files bench/photos.ts
 * made from its 4000×3000 camera photo are uploaded as the owner, through
 * supabase-js and the local Storage API as the admin app does, and attached;
 * then the product page's LCP image is measured on a phone.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import type { Browser } from 'playwright-core';
import { PHOTO_CACHE_CONTROL_SECONDS, PHOTO_VARIANT_WIDTHS, PRODUCT_IMAGES_BUCKET, photoObjectPath } from '../src/domain/product-photo.ts';
import type { RunningBackend } from '../server/local-backend/backend.ts';

/** Uploads photo-{400,800,1600}.webp from `filesDir` to a featured product other than `avoidId` and attaches them; answers its id. */
export async function publishPhotoProduct(
  backend: RunningBackend,
  owner: { email: string; password: string },
  filesDir: string,
  size: { width: number; height: number },
  avoidId: string,
): Promise<string> {
  const supabase = createClient(backend.url, backend.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const signIn = await supabase.auth.signInWithPassword(owner);
  if (signIn.error) throw new Error(`owner sign-in: ${signIn.error.message}`);
  // The newest featured product after `avoidId`: the home page's hero shows its photo too, so Lighthouse's '/' has that LCP.
  const { data: products, error } = await supabase
    .from('products')
    .select('id')
    .eq('active', true)
    .eq('is_featured', true)
    .neq('id', avoidId)
    .order('created_at', { ascending: false })
    .limit(1);
  if (error || !products?.[0]) throw new Error(`no product for the photo: ${error?.message ?? 'none'}`);
  const productId = (products[0] as { id: string }).id;
  const photoId = randomUUID();
  for (const target of PHOTO_VARIANT_WIDTHS) {
    const bytes = readFileSync(join(filesDir, `photo-${target}.webp`));
    const upload = await supabase.storage.from(PRODUCT_IMAGES_BUCKET).upload(photoObjectPath(productId, photoId, target), bytes, {
      contentType: 'image/webp',
      cacheControl: String(PHOTO_CACHE_CONTROL_SECONDS),
    });
    if (upload.error) throw new Error(`upload ${target}: ${upload.error.message}`);
  }
  const attach = await supabase.rpc('attach_product_photo', { p_product_id: productId, p_photo: { id: photoId, ...size } });
  if (attach.error) throw new Error(`attach: ${attach.error.message}`);
  await supabase.auth.signOut();
  return productId;
}

/**
 * The product page's largest contentful paint on a 390×844 phone at 3× (the
 * densest common screen: the most bytes a phone may pick): its image's
 * address and bytes as they came over the network.
 */
export async function lcpImageOnPhone(browser: Browser, url: string): Promise<{ url: string; bytes: number }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    const sizes = new Map<string, Promise<number>>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'image')
        sizes.set(
          response.url(),
          response.body().then(
            (body) => body.length,
            () => 0,
          ),
        );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const lcpUrl = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries() as Array<PerformanceEntry & { url?: string }>;
            resolve(entries.at(-1)?.url ?? '');
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
    return { url: lcpUrl, bytes: (await sizes.get(lcpUrl)) ?? Number.NaN };
  } finally {
    await context.close();
  }
}
