import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as processPhotoModule from '../../src/features/admin/photos/process-photo.ts';
import { chromiumPerFile } from '../support/browser.ts';
import { readCameraMetadata, withCameraMetadata } from '../support/exif-jpeg.ts';
import { startPhotoHarness, type PhotoHarness } from '../support/photo-harness.ts';

/**
 * The admin app's photo processing (issue 20) in real Chromium, on the code
 * as Vite builds it for the app (tests/support/photo-harness.ts): a phone
 * photo turned sideways (EXIF orientation 6) carrying the owner's GPS
 * position comes out as three upright WebP files without any metadata.
 */

const chromium = chromiumPerFile();
let harness: PhotoHarness;

beforeAll(async () => {
  harness = await startPhotoHarness();
});
afterAll(async () => {
  await harness?.close();
});

/** Bircza, near Przemyśl: where the owner's phone would say the photo was taken. */
const HOME = { latitude: 49.78, longitude: 22.77 };
const XMP = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="49,46.8N" exif:GPSLongitude="22,46.2E"/></rdf:RDF></x:xmpmeta>`;

/** What the harness page exposes as window.photoProcessing. */
type PhotoProcessing = typeof processPhotoModule;
type Rgb = [number, number, number];
interface VariantReport {
  target: number;
  width: number;
  height: number;
  type: string;
  base64: string;
  /** Colours at the centres of the top-left, top-right, bottom-left and bottom-right quarters. */
  quadrants: Rgb[];
  /** Grey values along the middle row. */
  middleRow: number[];
}
interface PhotoReport {
  width: number;
  height: number;
  variants: VariantReport[];
}
type Outcome = { ok: true; photo: PhotoReport } | { ok: false; name: string; reason: string; isPhotoProcessingError: boolean };

async function harnessPage(context: BrowserContext): Promise<{ page: Page; workers: string[]; maxLiveWorkers: () => number }> {
  const page = await context.newPage();
  const workers: string[] = [];
  let live = 0;
  let maxLive = 0;
  page.on('worker', (worker) => {
    workers.push(worker.url());
    maxLive = Math.max(maxLive, ++live);
    worker.on('close', () => live--);
  });
  await page.goto(harness.url);
  await page.waitForFunction(() => (window as unknown as { photoProcessingReady?: boolean }).photoProcessingReady === true);
  return { page, workers, maxLiveWorkers: () => maxLive };
}

/** A 1200×800 JPEG as the camera stored it: red, green, blue and yellow quarters (top-left, top-right, bottom-left, bottom-right). */
async function quartersJpeg(page: Page): Promise<Uint8Array> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 1200;
    canvas.height = 800;
    const context = canvas.getContext('2d')!;
    const quarters: Array<[string, number, number]> = [
      ['#ff0000', 0, 0],
      ['#00ff00', 600, 0],
      ['#0000ff', 0, 400],
      ['#ffff00', 600, 400],
    ];
    for (const [colour, x, y] of quarters) {
      context.fillStyle = colour;
      context.fillRect(x, y, 600, 400);
    }
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((made) => resolve(made!), 'image/jpeg', 0.92));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
    return btoa(binary);
  });
  return Uint8Array.from(Buffer.from(base64, 'base64'));
}

/** Runs processPhoto on the files (all at once, as the form may) and reports each variant's bytes, colours and middle row. */
async function processInPage(page: Page, files: Array<{ base64: string; type: string }>): Promise<Outcome[]> {
  return page.evaluate(async (inputs) => {
    const { processPhoto, PhotoProcessingError } = (window as unknown as { photoProcessing: PhotoProcessing }).photoProcessing;
    const toBase64 = (bytes: Uint8Array) => {
      let binary = '';
      for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
      return btoa(binary);
    };
    const report = async (variant: { target: number; width: number; height: number; blob: Blob }) => {
      const bitmap = await createImageBitmap(variant.blob);
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      const at = (fx: number, fy: number) =>
        [...context.getImageData(Math.floor(bitmap.width * fx), Math.floor(bitmap.height * fy), 1, 1).data.subarray(0, 3)] as [
          number,
          number,
          number,
        ];
      const row = context.getImageData(0, Math.floor(bitmap.height / 2), bitmap.width, 1).data;
      const middleRow = Array.from({ length: bitmap.width }, (_, x) => Math.round((row[x * 4]! + row[x * 4 + 1]! + row[x * 4 + 2]!) / 3));
      const quadrants = [at(0.25, 0.25), at(0.75, 0.25), at(0.25, 0.75), at(0.75, 0.75)];
      bitmap.close();
      return {
        target: variant.target,
        width: variant.width,
        height: variant.height,
        type: variant.blob.type,
        base64: toBase64(new Uint8Array(await variant.blob.arrayBuffer())),
        quadrants,
        middleRow,
      };
    };
    return Promise.all(
      inputs.map(async ({ base64, type }) => {
        const file = new Blob([Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))], { type });
        try {
          const photo = await processPhoto(file);
          return {
            ok: true as const,
            photo: { width: photo.width, height: photo.height, variants: await Promise.all(photo.variants.map(report)) },
          };
        } catch (error) {
          return {
            ok: false as const,
            name: (error as Error).name,
            reason: String((error as { reason?: string }).reason),
            isPhotoProcessingError: error instanceof PhotoProcessingError,
          };
        }
      }),
    );
  }, files);
}

function processed(outcome: Outcome | undefined): PhotoReport {
  if (!outcome?.ok) throw new Error(`processing failed: ${JSON.stringify(outcome)}`);
  return outcome.photo;
}

const near = (actual: Rgb, expected: Rgb) => actual.every((value, index) => Math.abs(value - expected[index]!) <= 40);
const RED: Rgb = [255, 0, 0];
const GREEN: Rgb = [0, 255, 0];
const BLUE: Rgb = [0, 0, 255];
const YELLOW: Rgb = [255, 255, 0];

/** The four-character chunk ids of a RIFF file, and the VP8X flags when there is one. */
function webpChunks(bytes: Buffer): { ids: string[]; vp8xFlags?: number } {
  const ids: string[] = [];
  let vp8xFlags: number | undefined;
  for (let at = 12; at + 8 <= bytes.length;) {
    const id = bytes.toString('latin1', at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    ids.push(id);
    if (id === 'VP8X') vp8xFlags = bytes[at + 8];
    at += 8 + size + (size % 2);
  }
  return { ids, vp8xFlags };
}

/** The latitude's degree, minute and second rationals as the EXIF block stored them (either byte order). */
function gpsRationalBytes(): Buffer[] {
  const values = [49, 1, 46, 1, 4800, 100];
  const little = Buffer.alloc(24);
  const big = Buffer.alloc(24);
  values.forEach((value, index) => {
    little.writeUInt32LE(value, index * 4);
    big.writeUInt32BE(value, index * 4);
  });
  return [little, big];
}

function expectNoMetadata(variant: VariantReport) {
  const bytes = Buffer.from(variant.base64, 'base64');
  expect(bytes.toString('latin1', 0, 4)).toBe('RIFF');
  expect(bytes.toString('latin1', 8, 12)).toBe('WEBP');
  expect(bytes.readUInt32LE(4) + 8).toBe(bytes.length);
  const { ids, vp8xFlags } = webpChunks(bytes);
  // Image data, and the canvas's own colour profile (Chromium tags its WebP as sRGB): no EXIF or XMP chunk.
  expect(ids.filter((id) => !['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ICCP'].includes(id))).toEqual([]);
  // VP8X flags: 0x08 EXIF present, 0x04 XMP present.
  if (vp8xFlags !== undefined) expect(vp8xFlags & 0x0c).toBe(0);
  const text = bytes.toString('latin1');
  for (const marker of ['Exif', 'EXIF', 'XMP', 'http://ns.adobe.com', 'xmpmeta', 'GPS', '49,46.8N']) expect(text).not.toContain(marker);
  for (const rationals of gpsRationalBytes()) expect(bytes.includes(rationals)).toBe(false);
}

/** The marker codes of a JPEG's segments up to the image data (0xE1 is APP1: EXIF or XMP); throws on a file that is not JPEG. */
function jpegSegmentMarkers(latin1: string): number[] {
  const bytes = Buffer.from(latin1, 'latin1');
  expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8]);
  const markers: number[] = [];
  for (let at = 2; at + 4 <= bytes.length;) {
    expect(bytes[at]).toBe(0xff);
    const marker = bytes[at + 1]!;
    markers.push(marker);
    if (marker === 0xda) break; // start of scan: entropy-coded data follows
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  expect(markers).toContain(0xda);
  return markers;
}

describe('photo processing in Chromium', () => {
  it('turns a sideways phone photo with GPS into three upright WebP files without metadata, in the photo worker', async () => {
    const context = await chromium.browser.newContext();
    const { page, workers } = await harnessPage(context);
    const camera = withCameraMetadata(await quartersJpeg(page), { orientation: 6, ...HOME, xmp: XMP });
    // The fixture does carry what must not leak.
    expect(readCameraMetadata(camera)).toMatchObject({ orientation: 6, latitude: expect.closeTo(49.78, 5), xmp: XMP });

    const photo = processed((await processInPage(page, [{ base64: Buffer.from(camera).toString('base64'), type: 'image/jpeg' }]))[0]);

    // Orientation 6: the 1200×800 stored picture is shown 800×1200; never upscaled to 1600.
    expect({ width: photo.width, height: photo.height }).toEqual({ width: 800, height: 1200 });
    expect(photo.variants.map(({ target, width, height, type }) => ({ target, width, height, type }))).toEqual([
      { target: 400, width: 400, height: 600, type: 'image/webp' },
      { target: 800, width: 800, height: 1200, type: 'image/webp' },
      { target: 1600, width: 800, height: 1200, type: 'image/webp' },
    ]);
    for (const variant of photo.variants) {
      // Turned 90° clockwise: the stored bottom-left (blue) is now top-left, top-left (red) top-right,
      // bottom-right (yellow) bottom-left, top-right (green) bottom-right.
      const [topLeft, topRight, bottomLeft, bottomRight] = variant.quadrants;
      expect(near(topLeft!, BLUE), `${variant.target} top-left ${topLeft}`).toBe(true);
      expect(near(topRight!, RED), `${variant.target} top-right ${topRight}`).toBe(true);
      expect(near(bottomLeft!, YELLOW), `${variant.target} bottom-left ${bottomLeft}`).toBe(true);
      expect(near(bottomRight!, GREEN), `${variant.target} bottom-right ${bottomRight}`).toBe(true);
      expectNoMetadata(variant);
    }
    expect(workers).toHaveLength(1);
    expect(workers[0]).toMatch(/\/assets\/photo-processor\.worker-[\w-]+\.js$/);
    await context.close();
  });

  it('prepares photos one at a time when several are picked at once, one worker each', async () => {
    const context = await chromium.browser.newContext();
    const { page, workers, maxLiveWorkers } = await harnessPage(context);
    const plain = Buffer.from(await quartersJpeg(page)).toString('base64');
    const turned = Buffer.from(withCameraMetadata(await quartersJpeg(page), { orientation: 6, ...HOME })).toString('base64');
    const outcomes = await processInPage(page, [
      { base64: plain, type: 'image/jpeg' },
      { base64: turned, type: 'image/jpeg' },
      { base64: plain, type: 'image/jpeg' },
    ]);
    expect(outcomes.map((outcome) => processed(outcome)).map(({ width, height }) => `${width}×${height}`)).toEqual([
      '1200×800',
      '800×1200',
      '1200×800',
    ]);
    expect(workers).toHaveLength(3);
    expect(maxLiveWorkers()).toBe(1);
    await context.close();
  });

  it.each([
    ['does the same on the main thread in a browser without OffscreenCanvas', false, 'webp'],
    // Safari's canvas answers a WebP request with PNG (and has no OffscreenCanvas WebP either): the files become JPEG.
    ['makes JPEG files in a browser whose canvas cannot encode WebP (Safari), still upright and without metadata', true, 'jpeg'],
  ] as const)('%s', async (_name, withoutWebpEncoder, format) => {
    const context = await chromium.browser.newContext();
    await context.addInitScript((safari) => {
      delete (globalThis as { OffscreenCanvas?: unknown }).OffscreenCanvas;
      if (!safari) return;
      const toBlob = HTMLCanvasElement.prototype.toBlob;
      HTMLCanvasElement.prototype.toBlob = function (callback, type, quality) {
        toBlob.call(this, callback, type === 'image/webp' ? 'image/png' : type, quality);
      };
    }, withoutWebpEncoder);
    const { page, workers } = await harnessPage(context);
    const camera = withCameraMetadata(await quartersJpeg(page), { orientation: 6, ...HOME, xmp: XMP });
    // The page's own report needs OffscreenCanvas: give it back once processPhoto has chosen the main thread.
    const [outcome] = await page.evaluate(async (base64) => {
      const { processPhoto } = (window as unknown as { photoProcessing: PhotoProcessing }).photoProcessing;
      const file = new Blob([Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))], { type: 'image/jpeg' });
      const photo = await processPhoto(file);
      const variants = await Promise.all(
        photo.variants.map(async (variant) => {
          const bitmap = await createImageBitmap(variant.blob);
          const canvas = document.createElement('canvas');
          canvas.width = bitmap.width;
          canvas.height = bitmap.height;
          const context2d = canvas.getContext('2d')!;
          context2d.drawImage(bitmap, 0, 0);
          const topLeft = [...context2d.getImageData(bitmap.width / 4, bitmap.height / 4, 1, 1).data.subarray(0, 3)];
          const bytes = new Uint8Array(await variant.blob.arrayBuffer());
          return {
            width: variant.width,
            height: variant.height,
            topLeft,
            head: String.fromCharCode(...bytes.subarray(0, 16)),
            text: String.fromCharCode(...bytes),
          };
        }),
      );
      return [{ width: photo.width, height: photo.height, format: photo.format, variants }];
    }, Buffer.from(camera).toString('base64'));
    expect(outcome!.width).toBe(800);
    expect(outcome!.height).toBe(1200);
    expect(outcome!.format).toBe(format);
    for (const variant of outcome!.variants) {
      if (format === 'webp') expect(variant.head.slice(8, 12)).toBe('WEBP');
      else expect(jpegSegmentMarkers(variant.text).filter((marker) => marker === 0xe1)).toEqual([]);
      expect(near(variant.topLeft as Rgb, BLUE), `top-left ${variant.topLeft}`).toBe(true);
      for (const marker of ['Exif', 'XMP', 'GPS', 'http://ns.adobe.com']) expect(variant.text).not.toContain(marker);
    }
    expect(workers).toEqual([]);
    await context.close();
  });

  it('shrinks a 4000×3000 photo without aliasing: fine stripes become an even grey', async () => {
    const context = await chromium.browser.newContext();
    const { page } = await harnessPage(context);
    // One white column in three: a good downscale averages to a third of white everywhere; one that skips pixels
    // gives columns of black and white depending on where it happens to sample.
    const png = await page.evaluate(async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 4000;
      canvas.height = 3000;
      const context2d = canvas.getContext('2d')!;
      context2d.fillStyle = '#000';
      context2d.fillRect(0, 0, 4000, 3000);
      context2d.fillStyle = '#fff';
      for (let x = 0; x < 4000; x += 3) context2d.fillRect(x, 0, 1, 3000);
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((made) => resolve(made!), 'image/png'));
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
      return btoa(binary);
    });
    const photo = processed((await processInPage(page, [{ base64: png, type: 'image/png' }]))[0]);
    expect(photo.variants.map(({ width, height }) => `${width}×${height}`)).toEqual(['400×300', '800×600', '1600×1200']);
    // The 400 and 800 files (a tenth and a fifth of the width); a single 'low' draw leaves columns from black to
    // white there (a spread of 127 and 255), a good one some tens, with WebP's own noise on top. At 1600 (2.5×) some
    // moiré is inherent to any filter, so only the average is checked.
    for (const variant of photo.variants) {
      // Away from the edges, where resampling meets the border.
      const inner = variant.middleRow.slice(8, -8);
      const mean = inner.reduce((sum, value) => sum + value, 0) / inner.length;
      expect(mean, `${variant.target} mean grey`).toBeGreaterThan(70);
      expect(mean, `${variant.target} mean grey`).toBeLessThan(100);
      if (variant.target < 1600) expect(Math.max(...inner) - Math.min(...inner), `${variant.target} spread`).toBeLessThan(60);
    }
    await context.close();
  });

  it('refuses a file that is not an image with PhotoProcessingError', async () => {
    const context = await chromium.browser.newContext();
    const { page } = await harnessPage(context);
    const [outcome] = await processInPage(page, [{ base64: Buffer.from('to nie jest zdjęcie').toString('base64'), type: 'image/jpeg' }]);
    expect(outcome).toEqual({ ok: false, name: 'PhotoProcessingError', reason: 'undecodable', isPhotoProcessingError: true });
    await context.close();
  });
});
