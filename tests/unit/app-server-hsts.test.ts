import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRICT_TRANSPORT_SECURITY, createStaticServer } from '../../server/app/static-server.ts';

/**
 * HSTS from the app server: only for a request that came over HTTPS, which
 * behind a proxy only its X-Forwarded-Proto can say, and only when the
 * server was told to trust it (serve:app: TRUST_PROXY=1); never on localhost.
 */

let dist: string;
const servers: { trusting: number; direct: number } = { trusting: 0, direct: 0 };
const closers: (() => void)[] = [];

function start(trustProxy: boolean): Promise<number> {
  const server = createStaticServer({
    distDir: dist,
    backendPort: 0,
    backendUrl: 'https://projekt.supabase.co',
    anonKey: 'anon',
    trustProxy,
  });
  closers.push(() => server.close());
  return new Promise((ready) => server.listen(0, '127.0.0.1', () => ready((server.address() as AddressInfo).port)));
}

/** GET with a chosen Host header (fetch would not send one). */
function get(port: number, path: string, headers: Record<string, string>): Promise<{ status: number; hsts: string | undefined }> {
  return new Promise((resolve, reject) => {
    const call = httpRequest({ host: '127.0.0.1', port, path, headers }, (response) => {
      response.resume();
      const value = response.headers['strict-transport-security'];
      resolve({ status: response.statusCode ?? 0, hsts: Array.isArray(value) ? value[0] : value });
    });
    call.on('error', reject);
    call.end();
  });
}

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'kwiaciarnia-hsts-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  writeFileSync(join(dist, 'manifest.webmanifest'), '{}');
  servers.trusting = await start(true);
  servers.direct = await start(false);
});

afterAll(() => {
  for (const close of closers) close();
  rmSync(dist, { recursive: true, force: true });
});

describe('Strict-Transport-Security', () => {
  it('goes out with pages and files a trusted proxy says came over HTTPS', async () => {
    for (const path of ['/', '/shop', '/manifest.webmanifest', '/assets/nie-ma.js']) {
      const answer = await get(servers.trusting, path, { Host: 'sklep.example.pl', 'X-Forwarded-Proto': 'https' });
      expect(answer.hsts, path).toBe(STRICT_TRANSPORT_SECURITY);
    }
    expect(STRICT_TRANSPORT_SECURITY).toBe('max-age=31536000; includeSubDomains');
  });

  it('takes the client-facing hop of a list of forwarded protocols', async () => {
    expect((await get(servers.trusting, '/', { Host: 'sklep.example.pl', 'X-Forwarded-Proto': 'https, http' })).hsts).toBe(
      STRICT_TRANSPORT_SECURITY,
    );
    expect((await get(servers.trusting, '/', { Host: 'sklep.example.pl', 'X-Forwarded-Proto': 'http, https' })).hsts).toBeUndefined();
  });

  it('is not sent over plain HTTP, nor on request of a header the server was not told to trust', async () => {
    expect((await get(servers.trusting, '/', { Host: 'sklep.example.pl', 'X-Forwarded-Proto': 'http' })).hsts).toBeUndefined();
    expect((await get(servers.trusting, '/', { Host: 'sklep.example.pl' })).hsts).toBeUndefined();
    // Without a trusted proxy anyone could write the header: a plain connection is what it is.
    expect((await get(servers.direct, '/', { Host: 'sklep.example.pl', 'X-Forwarded-Proto': 'https' })).hsts).toBeUndefined();
  });

  it('is never sent on localhost, whatever the headers say', async () => {
    for (const host of ['localhost:4173', '127.0.0.1:4173', '[::1]:4173', 'sklep.localhost']) {
      const answer = await get(servers.trusting, '/', { Host: host, 'X-Forwarded-Proto': 'https' });
      expect(answer.status, host).toBe(200);
      expect(answer.hsts, host).toBeUndefined();
    }
  });
});
