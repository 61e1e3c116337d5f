import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { PAGE_PRELOADS_FILE } from '../../build/vite-plugins/page-preloads.ts';
import { parseRequestUrl } from '../http-helpers.ts';
import type { Prerender, PrerenderedPage } from './prerender.ts';

/**
 * Serves the built app (dist/) the way a static host should: SPA fallback to
 * index.html, exact content types, immutable caching for hashed assets,
 * no-cache for HTML and the service worker, compression, and a CSP that
 * allows the app's own origin plus the backend it talks to. With `prerender`
 * the public storefront pages go out server-rendered (server/app/prerender.ts).
 */

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.xml': 'application/xml; charset=utf-8',
  // The model withdrawal form /terms offers.
  '.pdf': 'application/pdf',
};

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.svg', '.txt', '.xml']);
const NO_CACHE_FILES = new Set(['/index.html', '/sw.js', '/registerSW.js', '/manifest.webmanifest', '/admin.webmanifest']);

export interface StaticServerOptions {
  distDir: string;
  /** The local backend's port on this host; `backendUrl` instead names a backend elsewhere (a hosted project). */
  backendPort: number;
  backendUrl?: string;
  anonKey: string;
  /** Server rendering of the public pages (server/app/prerender.ts); without it every page gets the plain shell. */
  prerender?: Prerender;
  /**
   * Behind a TLS-terminating proxy that sets X-Forwarded-Proto itself
   * (replacing any value a client sent): its word decides whether the
   * request came over HTTPS (serve:app: TRUST_PROXY=1). Otherwise only a TLS
   * connection to this server counts.
   */
  trustProxy?: boolean;
}

interface CachedBody {
  mtimeMs: number;
  raw: Buffer;
  gzip?: Buffer;
  br?: Buffer;
}

function backendOrigin(request: IncomingMessage, backendPort: number): string {
  const host = (request.headers.host ?? 'localhost').replace(/:\d+$/, '');
  const hostname = /^[a-z0-9.-]+$|^\[[0-9a-f:]+\]$/i.test(host) ? host : 'localhost';
  return `http://${hostname}:${backendPort}`;
}

export function contentSecurityPolicy(backend: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    // Product photos come from the backend's Storage (its public read path).
    `img-src 'self' data: blob: ${backend}`,
    "font-src 'self'",
    `connect-src 'self' ${backend}`,
    "manifest-src 'self'",
    "worker-src 'self'",
    // The contact page's map embed, and nothing else.
    'frame-src https://www.openstreetmap.org',
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Sent with every answer (the CSP additionally with HTML). A static host
 * should send the same (docs/hosted-deploy.md, step 6).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  // The shop uses none of these; share and clipboard stay allowed for the page itself.
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** Sent only over HTTPS: a year, subdomains included (browsers ignore it over plain HTTP anyway). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

function isLoopbackHost(host: string | undefined): boolean {
  const hostname = (host ?? '').replace(/:\d+$/, '').toLowerCase();
  return hostname === 'localhost' || hostname.endsWith('.localhost') || hostname === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(hostname);
}

/**
 * Whether the browser reached the shop over HTTPS: a TLS connection here,
 * or with a trusted proxy its X-Forwarded-Proto (the first value, the
 * client-facing hop). A loopback host never counts: HSTS on localhost
 * would force HTTPS on every local port of the developer's browser.
 */
export function requestIsHttps(request: IncomingMessage, trustProxy: boolean): boolean {
  if (isLoopbackHost(request.headers.host)) return false;
  if ((request.socket as { encrypted?: boolean }).encrypted === true) return true;
  if (!trustProxy) return false;
  const forwarded = request.headers['x-forwarded-proto'];
  const value = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim().toLowerCase();
  return value === 'https';
}

/**
 * Puts a server-rendered page into the shell. The page is readable without
 * its code, so the code yields the link to the stylesheet and the first
 * images: on a slow connection they arrive first and the page shows sooner.
 */
export function withPrerenderedPage(shell: string, page: PrerenderedPage, preloads: readonly string[] = []): string {
  const preloadLinks = preloads.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('');
  return shell
    .replace('</head>', () => `${preloadLinks}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${page.appHtml}</div>`)
    .replace('</body>', () => `${page.bodyEnd}</body>`)
    .replaceAll('<script type="module" crossorigin', '<script type="module" fetchpriority="low" crossorigin')
    .replaceAll('<link rel="modulepreload" crossorigin', '<link rel="modulepreload" fetchpriority="low" crossorigin');
}

export function createStaticServer({
  distDir,
  backendPort,
  backendUrl,
  anonKey,
  prerender,
  trustProxy = false,
}: StaticServerOptions): Server {
  const root = resolve(distDir);
  /** The security headers for this request: SECURITY_HEADERS, and HSTS when it came over HTTPS. */
  const securityHeaders = (request: IncomingMessage): Record<string, string> =>
    requestIsHttps(request, trustProxy)
      ? { ...SECURITY_HEADERS, 'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY }
      : { ...SECURITY_HEADERS };
  const cache = new Map<string, CachedBody>();

  function load(file: string): CachedBody {
    const { mtimeMs } = statSync(file);
    const hit = cache.get(file);
    if (hit && hit.mtimeMs === mtimeMs) return hit;
    const entry: CachedBody = { mtimeMs, raw: readFileSync(file) };
    cache.set(file, entry);
    return entry;
  }

  function encoded(entry: CachedBody, accept: string, compressible: boolean): { body: Buffer; encoding?: string } {
    if (!compressible || entry.raw.length < 512) return { body: entry.raw };
    if (/\bbr\b/.test(accept)) {
      entry.br ??= brotliCompressSync(entry.raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } });
      return { body: entry.br, encoding: 'br' };
    }
    if (/\bgzip\b/.test(accept)) {
      entry.gzip ??= gzipSync(entry.raw, { level: 9 });
      return { body: entry.gzip, encoding: 'gzip' };
    }
    return { body: entry.raw };
  }

  function resolveFile(pathname: string): string | null {
    const relative = normalize(decodeURIComponent(pathname)).replace(/^([/\\])+/, '');
    const file = join(root, relative);
    if (file !== root && !file.startsWith(root + sep)) return null;
    return existsSync(file) && statSync(file).isFile() ? file : null;
  }

  function send(
    request: IncomingMessage,
    response: ServerResponse,
    status: number,
    body: Buffer,
    ext: string,
    cacheControl: string,
    backend: string,
    encoding?: string,
  ) {
    const headers: Record<string, string> = {
      'Content-Type': CONTENT_TYPES[ext] ?? 'application/octet-stream',
      'Content-Length': String(body.length),
      'Cache-Control': cacheControl,
      ...securityHeaders(request),
      // A server-rendered page holds the cookie banner or not, as the request's cookie says.
      Vary: ext === '.html' ? 'Accept-Encoding, Cookie' : 'Accept-Encoding',
      ETag: `"${createHash('sha1').update(body).digest('base64url')}"`,
    };
    if (ext === '.html') headers['Content-Security-Policy'] = contentSecurityPolicy(backend);
    if (encoding) headers['Content-Encoding'] = encoding;
    if (request.headers['if-none-match'] === headers.ETag) {
      response.writeHead(304, { ETag: headers.ETag, 'Cache-Control': cacheControl });
      response.end();
      return;
    }
    response.writeHead(status, headers);
    response.end(request.method === 'HEAD' ? undefined : body);
  }

  return createServer((request, response) => {
    void respond(request, response).catch((error: unknown) => {
      console.error('[static] unexpected error', error);
      if (response.headersSent) {
        response.destroy();
        return;
      }
      response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', ...securityHeaders(request) });
      response.end('Internal error');
    });
  });

  /** The code a page's first content needs beyond the entry's, by path (build/vite-plugins/page-preloads.ts). */
  function pagePreloads(): Partial<Record<string, string[]>> {
    const file = join(root, PAGE_PRELOADS_FILE);
    if (!existsSync(file)) return {};
    try {
      return JSON.parse(load(file).raw.toString('utf8')) as Partial<Record<string, string[]>>;
    } catch {
      return {};
    }
  }

  async function respond(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD', ...securityHeaders(request) });
      response.end();
      return;
    }
    const url = parseRequestUrl(request.url);
    const backend = backendUrl ?? backendOrigin(request, backendPort);
    if (!url) {
      send(request, response, 400, Buffer.from('Bad request'), '.txt', 'no-cache', backend);
      return;
    }
    const accept = String(request.headers['accept-encoding'] ?? '');
    const file = resolveFile(url.pathname);
    const ext = file ? extname(file) : extname(url.pathname);

    if (file && ext !== '.html') {
      const cacheControl = NO_CACHE_FILES.has(url.pathname)
        ? 'no-cache'
        : url.pathname.startsWith('/assets/')
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=86400';
      const { body, encoding } = encoded(load(file), accept, COMPRESSIBLE.has(ext));
      send(request, response, 200, body, ext, cacheControl, backend, encoding);
      return;
    }
    if (!file && ext !== '' && ext !== '.html') {
      const body = Buffer.from('Not found');
      send(request, response, 404, body, '.txt', 'no-cache', backend);
      return;
    }
    // Every route of the SPA (and index.html itself) gets the shell with the
    // backend's address and public key filled in.
    const indexFile = join(root, 'index.html');
    if (!existsSync(indexFile)) {
      const body = Buffer.from('The app is not built yet: run `npm run build`.');
      send(request, response, 503, body, '.txt', 'no-cache', backend);
      return;
    }
    let html = load(indexFile)
      .raw.toString('utf8')
      .replace('<meta name="supabase-url" content="" />', `<meta name="supabase-url" content="${backend}" />`)
      .replace('<meta name="supabase-anon-key" content="" />', `<meta name="supabase-anon-key" content="${anonKey}" />`);
    // index.html itself stays the plain shell: the service worker keeps it for every page.
    const page =
      prerender && url.pathname !== '/index.html' ? await prerender(url.pathname + url.search, backend, request.headers.cookie) : null;
    if (page) {
      html = withPrerenderedPage(html, page, pagePreloads()[url.pathname]);
    }
    const body = Buffer.from(html);
    const compressed = /\bgzip\b/.test(accept) ? gzipSync(body) : null;
    send(request, response, 200, compressed ?? body, '.html', 'no-cache', backend, compressed ? 'gzip' : undefined);
  }
}
