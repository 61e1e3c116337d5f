import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Rolldown } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { PAGE_PRELOADS_FILE, pagePreloadsOf } from '../../build/vite-plugins/page-preloads.ts';
import { createStaticServer } from '../../server/app/static-server.ts';

function chunk(fileName: string, rest: Partial<Rolldown.OutputChunk> = {}): Rolldown.OutputChunk {
  return {
    type: 'chunk',
    fileName,
    imports: [],
    dynamicImports: [],
    isEntry: false,
    isDynamicEntry: false,
    facadeModuleId: null,
    ...rest,
  } as Rolldown.OutputChunk;
}

const chunks = [
  chunk('assets/index.js', { isEntry: true, imports: ['assets/runtime.js'], dynamicImports: ['assets/cart.js', 'assets/dexie.js'] }),
  chunk('assets/runtime.js'),
  chunk('assets/cart.js', {
    isDynamicEntry: true,
    facadeModuleId: '/app/src/routes/cart.tsx?tsr-split=component',
    imports: ['assets/runtime.js', 'assets/use-cart.js'],
    dynamicImports: ['assets/dexie.js'],
  }),
  chunk('assets/use-cart.js', { imports: ['assets/money.js'] }),
  chunk('assets/money.js'),
  chunk('assets/dexie.js', { isDynamicEntry: true }),
];

describe("the code a device-data page's HTML preloads", () => {
  it("is the route's chunk and its static imports, without the entry's own or what the page loads later", () => {
    expect(pagePreloadsOf(chunks)).toEqual({ '/cart': ['/assets/cart.js', '/assets/money.js', '/assets/use-cart.js'] });
  });

  it('fails the build when the cart route has no chunk of its own', () => {
    expect(() => pagePreloadsOf(chunks.filter((c) => c.fileName !== 'assets/cart.js'))).toThrow(/No route chunk for \/cart/);
  });
});

describe('the app server', () => {
  const dist = mkdtempSync(join(tmpdir(), 'page-preloads-'));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it("names the page's code in a server-rendered page's head, and only on that page", async () => {
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>');
    writeFileSync(join(dist, PAGE_PRELOADS_FILE), JSON.stringify(pagePreloadsOf(chunks)));
    const server = createStaticServer({
      distDir: dist,
      backendPort: 0,
      backendUrl: 'https://projekt.supabase.co',
      anonKey: 'anon',
      prerender: async () => ({ appHtml: '<p>strona</p>', bodyEnd: '' }),
    });
    await new Promise<void>((ready) => server.listen(0, '127.0.0.1', () => ready()));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const cart = await (await fetch(`${base}/cart`)).text();
      const head = cart.slice(0, cart.indexOf('</head>'));
      for (const file of ['/assets/cart.js', '/assets/use-cart.js', '/assets/money.js'])
        expect(head).toContain(`<link rel="modulepreload" fetchpriority="low" crossorigin href="${file}">`);
      expect(head).not.toContain('/assets/dexie.js');
      expect(await (await fetch(`${base}/shop`)).text()).not.toContain('/assets/use-cart.js');
    } finally {
      server.close();
    }
  });
});
