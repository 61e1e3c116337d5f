/**
 * The product photo budgets (docs/performance.md), measured in Chromium on the admin app's real
 * processing code (built by Vite as the app builds it, served by
 * tests/support/photo-harness.ts): a photo-like 4000×3000 JPEG of about 5 MB
 * becomes a 1600 px WebP ≤ 250 KB and a 400 px WebP ≤ 30 KB.
 *
 * `measurePhotoBudgets()` is what `npm run bench` calls; `npx tsx bench/photos.ts`
 * runs it alone, prints the result and keeps the files in .tmp/bench-photos
 * for a look (PHOTO_BENCH_KEEP=dir chooses another folder).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_FLAGS, chromiumExecutable } from '../tests/support/chromium.ts';
import { startPhotoHarness } from '../tests/support/photo-harness.ts';
import { median } from './report.ts';

/** Bytes per KB in the budgets (decimal: the stricter reading). */
const KB = 1000;
const BUDGET_KB = { 1600: 250, 400: 30 } as const;

export interface PhotoBenchResult {
  /** The generated camera file. */
  source: { width: number; height: number; bytes: number };
  /** The files of the last run, smallest first. */
  variants: Array<{ target: number; width: number; height: number; bytes: number }>;
  /** Ready for bench/report.ts's budget(name, value, limit, unit): sizes in KB (1000 bytes). */
  budgets: Array<{ name: string; value: number; limit: number; unit: 'KB' }>;
  /** Wall time of processPhoto(file) per run (decode, orientation, three encodes), and their median. */
  runsMs: number[];
  medianMs: number;
  /** Whether the photo worker did the work (false: the main-thread fallback). */
  inWorker: boolean;
}

export interface PhotoBenchOptions {
  /** A running Chromium to use (the bench's); one is launched and closed otherwise. */
  browser?: Browser;
  runs?: number;
  /** A folder to write the camera file and the three WebP files into, to look at them. */
  keepFilesIn?: string;
  /**
   * Measure the JPEG fallback: the page gets Safari's canvas, which answers a
   * WebP request with PNG and has no OffscreenCanvas (informational sizes;
   * the budgets are for WebP).
   */
  asSafari?: boolean;
}

/**
 * Draws a photo-like 4000×3000 picture (a bouquet against a blurred
 * background: gradients, petals, leaves, stems, fine grain like a phone
 * sensor's) and encodes it as JPEG the way a phone camera does (quality 0.92).
 * Runs inside the page; written as a string so no Node helper leaks into it.
 */
const MAKE_CAMERA_PHOTO = `(async () => {
  let seed = 20;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const width = 4000, height = 3000;
  const canvas = new OffscreenCanvas(width, height);
  const c = canvas.getContext('2d');
  const sky = c.createLinearGradient(0, 0, 0, height);
  sky.addColorStop(0, '#d9c7b0'); sky.addColorStop(0.55, '#8a9a7b'); sky.addColorStop(1, '#4a3b2e');
  c.fillStyle = sky; c.fillRect(0, 0, width, height);
  // Out-of-focus background blobs.
  for (let i = 0; i < 60; i++) {
    const x = random() * width, y = random() * height * 0.7, r = 80 + random() * 260;
    const g = c.createRadialGradient(x, y, 0, x, y, r);
    g.addColorStop(0, 'hsla(' + Math.floor(random() * 360) + ',40%,70%,0.35)'); g.addColorStop(1, 'hsla(0,0%,100%,0)');
    c.fillStyle = g; c.fillRect(x - r, y - r, 2 * r, 2 * r);
  }
  // A table and a vase.
  c.fillStyle = '#5b4332'; c.fillRect(0, height * 0.82, width, height * 0.18);
  const vase = c.createLinearGradient(1700, 0, 2300, 0);
  vase.addColorStop(0, '#2f4f6f'); vase.addColorStop(0.5, '#9fc0dc'); vase.addColorStop(1, '#1d3247');
  c.fillStyle = vase; c.beginPath(); c.ellipse(2000, 2350, 330, 520, 0, 0, Math.PI * 2); c.fill();
  // Stems and leaves.
  for (let i = 0; i < 140; i++) {
    const x = 1850 + random() * 300, tx = 600 + random() * 2800, ty = 300 + random() * 1500;
    c.strokeStyle = 'hsl(' + (90 + random() * 40) + ',45%,' + (20 + random() * 20) + '%)'; c.lineWidth = 4 + random() * 10;
    c.beginPath(); c.moveTo(x, 2100); c.quadraticCurveTo((x + tx) / 2 + (random() - 0.5) * 500, (2100 + ty) / 2, tx, ty); c.stroke();
    if (i % 2 === 0) {
      c.save(); c.translate(tx + (x - tx) * 0.4, ty + (2100 - ty) * 0.4); c.rotate(random() * Math.PI * 2);
      const leaf = c.createLinearGradient(0, -40, 0, 40);
      leaf.addColorStop(0, 'hsl(110,45%,38%)'); leaf.addColorStop(1, 'hsl(125,50%,18%)');
      c.fillStyle = leaf; c.beginPath(); c.ellipse(0, 0, 150 + random() * 120, 40 + random() * 30, 0, 0, Math.PI * 2); c.fill();
      c.strokeStyle = 'rgba(20,50,20,0.6)'; c.lineWidth = 3; c.beginPath(); c.moveTo(-150, 0); c.lineTo(150, 0); c.stroke();
      c.restore();
    }
  }
  // Blooms: layered petals with their own shading, and veins.
  for (let i = 0; i < 48; i++) {
    const x = 600 + random() * 2800, y = 250 + random() * 1600, size = 90 + random() * 170, hue = [350, 330, 20, 45, 280, 0][i % 6];
    for (let layer = 0; layer < 3; layer++) {
      const petals = 6 + Math.floor(random() * 7), radius = size * (1 - layer * 0.28);
      for (let p = 0; p < petals; p++) {
        c.save(); c.translate(x, y); c.rotate((p / petals) * Math.PI * 2 + layer * 0.4 + random() * 0.2);
        const petal = c.createRadialGradient(radius * 0.5, 0, 0, radius * 0.5, 0, radius * 0.7);
        petal.addColorStop(0, 'hsl(' + hue + ',75%,' + (70 - layer * 10) + '%)'); petal.addColorStop(1, 'hsl(' + hue + ',70%,' + (38 - layer * 6) + '%)');
        c.fillStyle = petal; c.beginPath(); c.ellipse(radius * 0.5, 0, radius * 0.55, radius * 0.24, 0, 0, Math.PI * 2); c.fill();
        c.strokeStyle = 'hsla(' + hue + ',60%,25%,0.35)'; c.lineWidth = 1.5;
        for (let v = -2; v <= 2; v++) { c.beginPath(); c.moveTo(radius * 0.05, 0); c.lineTo(radius * 0.95, v * radius * 0.06); c.stroke(); }
        c.restore();
      }
    }
    c.fillStyle = 'hsl(50,80%,40%)'; c.beginPath(); c.arc(x, y, size * 0.12, 0, Math.PI * 2); c.fill();
  }
  // Texture at several scales (petal and leaf structure, out-of-focus detail; what makes real photos big)
  // and grain, a phone sensor's fine noise, stronger in the shadows.
  const image = c.getImageData(0, 0, width, height);
  const data = image.data;
  const octaves = [[3, 9], [9, 12], [27, 10]].map(([cell, amplitude]) => {
    const columns = Math.ceil(width / cell) + 2, rows = Math.ceil(height / cell) + 2;
    const grid = new Float32Array(columns * rows).map(() => (random() - 0.5) * amplitude * 2);
    return { cell, columns, grid };
  });
  const texture = new Float32Array(width);
  for (let y = 0; y < height; y++) {
    texture.fill(0);
    for (const { cell, columns, grid } of octaves) {
      const gy = y / cell, row = Math.floor(gy), fy = gy - row;
      for (let x = 0; x < width; x++) {
        const gx = x / cell, column = Math.floor(gx), fx = gx - column, at = row * columns + column;
        const top = grid[at] + (grid[at + 1] - grid[at]) * fx, bottom = grid[at + columns] + (grid[at + columns + 1] - grid[at + columns]) * fx;
        texture[x] += top + (bottom - top) * fy;
      }
    }
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const shade = 1.6 - (data[i] + data[i + 1] + data[i + 2]) / 765;
      const common = texture[x] + (random() - 0.5) * 16 * shade;
      data[i] += common + (random() - 0.5) * 5; data[i + 1] += common + (random() - 0.5) * 5; data[i + 2] += common + (random() - 0.5) * 5;
    }
  }
  c.putImageData(image, 0, 0);
  window.benchCameraPhoto = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.94 });
  return window.benchCameraPhoto.size;
})()`;

const PROCESS_ONCE = `(async () => {
  const started = performance.now();
  const photo = await window.photoProcessing.processPhoto(window.benchCameraPhoto);
  const ms = performance.now() - started;
  window.benchLastPhoto = photo;
  return { ms, variants: photo.variants.map((v) => ({ target: v.target, width: v.width, height: v.height, bytes: v.blob.size })) };
})()`;

const FILES_AS_BASE64 = `(async () => {
  const base64 = async (blob) => {
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
    return btoa(binary);
  };
  const files = { 'camera-4000x3000.jpg': await base64(window.benchCameraPhoto) };
  for (const v of window.benchLastPhoto.variants) files['photo-' + v.target + '.webp'] = await base64(v.blob);
  return files;
})()`;

export async function measurePhotoBudgets(options: PhotoBenchOptions = {}): Promise<PhotoBenchResult> {
  const runs = Math.max(1, options.runs ?? 3);
  const browser =
    options.browser ?? (await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_FLAGS, headless: true }));
  const harness = await startPhotoHarness();
  const context = await browser.newContext();
  if (options.asSafari) {
    await context.addInitScript(() => {
      const toBlob = HTMLCanvasElement.prototype.toBlob;
      HTMLCanvasElement.prototype.toBlob = function (callback, type, quality) {
        toBlob.call(this, callback, type === 'image/webp' ? 'image/png' : type, quality);
      };
    });
  }
  const format = options.asSafari ? 'JPEG (Safari: no WebP encoder)' : 'WebP';
  try {
    const page = await context.newPage();
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    await page.goto(harness.url);
    await page.waitForFunction('window.photoProcessingReady === true');
    const sourceBytes = (await page.evaluate(MAKE_CAMERA_PHOTO)) as number;
    // The camera file is drawn with OffscreenCanvas; processing then runs without it, as in Safari.
    if (options.asSafari) await page.evaluate(() => delete (globalThis as { OffscreenCanvas?: unknown }).OffscreenCanvas);
    const runsMs: number[] = [];
    let variants: PhotoBenchResult['variants'] = [];
    for (let run = 0; run < runs; run++) {
      const result = (await page.evaluate(PROCESS_ONCE)) as { ms: number; variants: PhotoBenchResult['variants'] };
      runsMs.push(Math.round(result.ms));
      variants = result.variants;
    }
    if (options.keepFilesIn) {
      mkdirSync(options.keepFilesIn, { recursive: true });
      const files = (await page.evaluate(FILES_AS_BASE64)) as Record<string, string>;
      for (const [name, base64] of Object.entries(files)) writeFileSync(join(options.keepFilesIn, name), Buffer.from(base64, 'base64'));
    }
    const bytesOf = (target: number) => variants.find((variant) => variant.target === target)?.bytes ?? Number.NaN;
    return {
      source: { width: 4000, height: 3000, bytes: sourceBytes },
      variants,
      budgets: ([1600, 400] as const).map((target) => ({
        name: `photo ${target} px ${format} (from a ${(sourceBytes / 1e6).toFixed(1)} MB 4000×3000 JPEG)`,
        value: Math.round((bytesOf(target) / KB) * 10) / 10,
        limit: BUDGET_KB[target],
        unit: 'KB' as const,
      })),
      runsMs,
      medianMs: median(runsMs),
      inWorker: workers.length === runs && workers.every((url) => /photo-processor\.worker/.test(url)),
    };
  } finally {
    await context.close();
    await harness.close();
    if (!options.browser) await browser.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const keepFilesIn = process.env.PHOTO_BENCH_KEEP ?? resolve(import.meta.dirname, '..', '.tmp', 'bench-photos');
  const result = await measurePhotoBudgets({ keepFilesIn, runs: Number(process.env.BENCH_RUNS ?? 3) });
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  const safari = await measurePhotoBudgets({ runs: 1, asSafari: true });
  process.stdout.write(`${JSON.stringify({ safariJpegFallback: safari.variants }, null, 2)}\n`);
  const over = result.budgets.filter((budget) => budget.value > budget.limit);
  process.stderr.write(
    `[bench] photos kept in ${keepFilesIn}; ${over.length ? `OVER BUDGET: ${over.map((b) => b.name).join(', ')}` : 'within budget'}\n`,
  );
  if (over.length) process.exitCode = 1;
}
