import net from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startBackend } from '../../server/local-backend/backend.ts';
import { freePort } from '../../server/local-backend/process-utils.ts';
import { testBackend } from '../support/test-backend.ts';

describe('the local app server', () => {
  it('answers every SPA route with the shell, the backend address filled in and a CSP naming that backend', async () => {
    const { appUrl, url, anonKey } = testBackend();
    const response = await fetch(`${appUrl}/product/123?x=1`);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(html).toContain(`<meta name="supabase-anon-key" content="${anonKey}" />`);
    const backendPort = new URL(url).port;
    expect(html).toMatch(new RegExp(`<meta name="supabase-url" content="http://localhost:${backendPort}" />`));
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`connect-src 'self' http://localhost:${backendPort}`);
    // Product photos load from the backend's Storage.
    expect(csp).toContain(`img-src 'self' data: blob: http://localhost:${backendPort};`);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
  });

  it('caches hashed assets for a year, the service worker not at all, and 404s a missing asset', async () => {
    const { appUrl } = testBackend();
    const html = await (await fetch(appUrl)).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${appUrl}${script}`, { headers: { 'accept-encoding': 'br' } });
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const worker = await fetch(`${appUrl}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    const missing = await fetch(`${appUrl}/assets/nie-ma.js`);
    expect(missing.status).toBe(404);
  });

  it('refuses a path that climbs out of dist/', async () => {
    const { appUrl } = testBackend();
    const response = await fetch(`${appUrl}/..%2f..%2fpackage.json`);
    expect(await response.text()).not.toContain('"devDependencies"');
  });
});

describe('starting the local backend', () => {
  it('names the port and its setting when the port is taken', async () => {
    const blocker = net.createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', () => resolve()));
    const dataDir = mkdtempSync(join(tmpdir(), 'kwiaciarnia-port-'));
    try {
      await expect(
        startBackend({
          dataDir,
          backendPort: port,
          appPort: null,
          distDir: 'dist',
          ownerEmail: 'o@example.test',
          ownerPassword: 'x-123456',
        }),
      ).rejects.toThrow(`Port ${port} is already in use. Stop whatever is using it, or choose another port with BACKEND_PORT=<port>.`);
    } finally {
      blocker.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
