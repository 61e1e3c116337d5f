/**
 * Product photos: the owner's photo pipeline on a camera photo
 * (bench/photos.ts), then a product page showing the result on a phone
 * (bench/photo-product.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { log, OWNER, PRODUCT_ID, type BenchContext } from './context.ts';
import { lcpImageOnPhone, publishPhotoProduct } from './photo-product.ts';
import { measurePhotoBudgets } from './photos.ts';
import { budget, results } from './report.ts';

/** Answers the id of the product it published with the photo, for Lighthouse to audit too. */
export async function photosSection({ browser, appUrl, backend, out }: BenchContext): Promise<string> {
  log('product photos: processing a 4000×3000 camera JPEG, then a product page with it');
  const filesDir = mkdtempSync(join(tmpdir(), 'kwiaciarnia-bench-photos-'));
  const photos = await measurePhotoBudgets({ browser, keepFilesIn: filesDir });
  for (const b of photos.budgets) budget(b.name, b.value, b.limit, b.unit);
  const safari = await measurePhotoBudgets({ browser, runs: 1, asSafari: true });
  const largest = photos.variants.at(-1)!;
  const photoProductId = await publishPhotoProduct(backend, OWNER, filesDir, { width: largest.width, height: largest.height }, PRODUCT_ID);
  rmSync(filesDir, { recursive: true, force: true });
  const lcp = await lcpImageOnPhone(browser, `${appUrl}/product/${photoProductId}`);
  budget('Product page LCP image, 390 px phone at 3× (bytes)', Math.round((lcp.bytes / 1000) * 10) / 10, 60, 'KB');
  results.photos = { ...photos, safariJpegFallback: safari.variants, lcp };
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
  out.push(
    '## Product photos',
    '',
    `Camera file: ${photos.source.width}×${photos.source.height} JPEG, ${(photos.source.bytes / 1e6).toFixed(2)} MB; prepared in ${photos.medianMs} ms (median, ${photos.inWorker ? 'in the worker' : 'main thread'}).`,
    '',
    '| File | WebP | JPEG (Safari fallback) |',
    '| --- | --- | --- |',
    ...photos.variants.map((variant, index) => {
      const jpeg = safari.variants[index];
      return `| ${variant.width}×${variant.height} | ${kb(variant.bytes)} | ${jpeg ? kb(jpeg.bytes) : '–'} |`;
    }),
    '',
    `Product page LCP on a 390 px phone at 3×: ${lcp.url.split('/').at(-1) ?? lcp.url}, ${kb(lcp.bytes)}.`,
    '',
  );
  return photoProductId;
}
