import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { build } from 'vite';
import { contentSecurityPolicy } from '../../server/app/static-server.ts';

/**
 * The admin app's photo processing, built and served on its own for the
 * browser test and the benchmark: Vite bundles the real
 * src/features/admin/photos/process-photo.ts (its worker becomes its own
 * chunk, as in the app's build) into a throwaway folder, and a loopback
 * server serves it with the app's Content-Security-Policy. The page at `/`
 * exposes the module as `window.photoProcessing`. Nothing here ships.
 */

export const PROCESS_PHOTO_ENTRY = 'src/features/admin/photos/process-photo.ts';

export interface PhotoHarness {
  url: string;
  close(): Promise<void>;
}

const PAGE = `<!doctype html><html lang="pl"><head><meta charset="utf-8"><title>photos</title>
<script type="module" src="/boot.js"></script></head><body></body></html>`;
const BOOT = `import * as photoProcessing from '/process-photo.js'; window.photoProcessing = photoProcessing; window.photoProcessingReady = true;`;

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.html': 'text/html; charset=utf-8' };

export async function startPhotoHarness(): Promise<PhotoHarness> {
  const root = resolve(import.meta.dirname, '..', '..');
  const outDir = mkdtempSync(join(tmpdir(), 'kwiaciarnia-photos-'));
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    publicDir: false,
    build: {
      outDir,
      emptyOutDir: false,
      target: 'es2022',
      minify: true,
      rollupOptions: {
        input: { 'process-photo': join(root, PROCESS_PHOTO_ENTRY) },
        preserveEntrySignatures: 'exports-only',
        output: { entryFileNames: '[name].js' },
      },
    },
  });
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const headers = { 'Content-Security-Policy': contentSecurityPolicy('http://127.0.0.1:9'), 'Cache-Control': 'no-store' };
    if (path === '/' || path === '/boot.js') {
      response.writeHead(200, { ...headers, 'Content-Type': TYPES[path === '/' ? '.html' : '.js']! });
      response.end(path === '/' ? PAGE : BOOT);
      return;
    }
    const file = normalize(join(outDir, path));
    try {
      if (!file.startsWith(outDir)) throw new Error('outside');
      const body = readFileSync(file);
      response.writeHead(200, { ...headers, 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
      response.end(body);
    } catch {
      response.writeHead(404, headers);
      response.end();
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    async close() {
      await new Promise<void>((done) => server.close(() => done()));
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}
