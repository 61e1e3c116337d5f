/**
 * Decisions the service worker makes, kept pure so unit tests can check them
 * without a worker (src/sw.ts imports these).
 */
import { PHOTO_PUBLIC_PATH_PREFIX } from '../../domain/product-photo.ts';

/** Same-origin paths that belong to the backend, never to the app shell. */
const BACKEND_PATH = /^\/(?:rest|auth|functions|storage|realtime)\//;
/** The last path segment names a file (`/products/a.svg`, `/sw.js`), not a route. */
const FILE_PATH = /^(?:[^?]*\/)?[^/?]+\.[a-z0-9]+(?:\?.*)?$/i;

/** Patterns (tested on pathname + search) the navigation route must not answer with the shell. */
export const SHELL_DENYLIST: RegExp[] = [BACKEND_PATH, FILE_PATH];

/** Whether a navigation to this pathname + search is an app route the precached shell can render. */
export function isShellNavigation(pathnameAndSearch: string): boolean {
  return !SHELL_DENYLIST.some((pattern) => pattern.test(pathnameAndSearch));
}

/**
 * Product artwork: the bundled illustrations (same origin, /products/*.svg)
 * and the owner's photos, read from Storage's public path on whatever origin
 * the backend has. Photo files never change under a name, so cache-first is safe.
 */
export function isProductImage(url: URL, sameOrigin: boolean): boolean {
  if (url.pathname.startsWith(PHOTO_PUBLIC_PATH_PREFIX)) return true;
  return sameOrigin && url.pathname.startsWith('/products/') && url.pathname.endsWith('.svg');
}

/** The build's files: hashed names, so a name never changes content. */
export function isBuildFile(pathname: string): boolean {
  return pathname.startsWith('/assets/');
}

/** The back office's manifest and icons (public/, unhashed): kept on the owner's device for the installed admin app. */
export function isAdminPublicFile(pathname: string): boolean {
  return pathname === '/admin.webmanifest' || pathname.startsWith('/icons/admin-');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * The page the worker answers with when a navigation can be neither served
 * from the shell nor fetched (a file or backend address, while offline).
 * No script at all: 'Spróbuj ponownie' is a GET form back to the same
 * address (its query kept in hidden fields), so it works under any CSP.
 */
export function offlinePageHtml(requestUrl: string): string {
  const url = new URL(requestUrl);
  const hidden = [...url.searchParams]
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return `<!doctype html>
<html lang="pl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#1c4833">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; base-uri 'none'">
<title>Jesteś offline</title>
<style>
body{margin:0;min-height:100dvh;display:grid;place-items:center;background:#fbf7f1;color:#1d2420;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",Arial,sans-serif}
main{max-width:26rem;padding:2rem 1.25rem;text-align:center}
h1{color:#143526;font-size:1.75rem;margin:0 0 .75rem}
p{color:#4b5550;line-height:1.5;margin:0 0 1.5rem}
button,a{display:inline-flex;align-items:center;justify-content:center;min-height:48px;padding:0 1.5rem;border-radius:999px;font-family:inherit;font-size:1rem;font-weight:600;text-decoration:none;cursor:pointer}
button{border:0;background:#f1aebf;color:#143526}
a{margin-top:.75rem;border:2px solid #1c4833;color:#1c4833}
:focus-visible{outline:3px solid #245a40;outline-offset:2px}
</style>
</head>
<body>
<main>
<h1>Jesteś offline</h1>
<p>Tej strony nie ma w pamięci urządzenia, a połączenie z internetem jest niedostępne. Sprawdź połączenie i spróbuj ponownie.</p>
<form method="get" action="${escapeHtml(url.pathname)}">${hidden}<button type="submit">Spróbuj ponownie</button></form>
<a href="/shop">Przejdź do sklepu</a>
</main>
</body>
</html>`;
}
