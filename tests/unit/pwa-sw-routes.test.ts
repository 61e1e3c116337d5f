import { describe, expect, it } from 'vitest';
import { isAdminPublicFile, isBuildFile, isProductImage, isShellNavigation, offlinePageHtml } from '../../src/features/pwa/sw-routes.ts';

describe('service worker navigation rules', () => {
  it('answers every app route with the shell, query strings included', () => {
    for (const path of [
      '/',
      '/shop',
      '/shop?category=candles&q=r%C3%B3%C5%BCa',
      '/shop?q=1.5',
      '/about',
      '/product/567754f0-105c-41ef-88ba-ff3de2a0a7d4',
      '/checkout/success?order=KT123',
      '/admin',
      '/admin/orders',
    ]) {
      expect(isShellNavigation(path), path).toBe(true);
    }
  });

  it('leaves files and backend addresses to the network (and the offline page)', () => {
    for (const path of [
      '/products/znicz-serce.svg',
      '/icons/icon-512.png?v=2',
      '/sw.js',
      '/manifest.webmanifest',
      '/rest/v1/products',
      '/auth/v1/token',
      '/functions/v1/place-order',
    ]) {
      expect(isShellNavigation(path), path).toBe(false);
    }
  });

  it('caches only same-origin product artwork', () => {
    expect(isProductImage(new URL('https://shop.test/products/a.svg'), true)).toBe(true);
    expect(isProductImage(new URL('https://cdn.test/products/a.svg'), false)).toBe(false);
    // The owner's photos come from the backend's origin, through Storage's public read path only.
    expect(isProductImage(new URL('https://abc.supabase.co/storage/v1/object/public/product-images/products/p/x-400.webp'), false)).toBe(
      true,
    );
    expect(isProductImage(new URL('https://abc.supabase.co/storage/v1/object/sign/product-images/products/p/x-400.webp'), false)).toBe(
      false,
    );
    expect(isProductImage(new URL('https://abc.supabase.co/rest/v1/products'), false)).toBe(false);
    expect(isProductImage(new URL('https://shop.test/rest/v1/products'), true)).toBe(false);
  });

  it('gives the personal order page only the generic shell and never caches its data or the token-bearing address', () => {
    // The shell is the same for everyone; the order itself comes from order-page, which the worker never routes.
    expect(isShellNavigation('/zamowienie/KT2611240001?t=abc_token')).toBe(true);
    expect(isShellNavigation('/functions/v1/order-page')).toBe(false);
    expect(isProductImage(new URL('https://shop.test/zamowienie/KT2611240001?t=abc'), true)).toBe(false);
    expect(isProductImage(new URL('https://shop.test/functions/v1/order-page'), true)).toBe(false);
  });
});

describe('offline page', () => {
  it("is Polish, script-free, and 'Spróbuj ponownie' reloads the same address with its query", () => {
    const html = offlinePageHtml('https://shop.test/products/a.svg?x=1&y=%22%3E%3Cscript%3E');
    expect(html).toContain('<html lang="pl">');
    expect(html).toContain('<h1>Jesteś offline</h1>');
    expect(html).toContain('>Spróbuj ponownie</button>');
    expect(html).toContain('<form method="get" action="/products/a.svg">');
    expect(html).toContain('<input type="hidden" name="x" value="1">');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('value="&#34;&#62;&#60;script&#62;"');
    expect(html).toContain("default-src 'none'");
  });
});

describe('service worker rules for files outside the precache', () => {
  it('treats the hashed build output as build files, nothing else', () => {
    expect(isBuildFile('/assets/dist-C0gWWwED.js')).toBe(true);
    expect(isBuildFile('/assets/admin-Dc5KyoLV.js')).toBe(true);
    for (const path of ['/sw.js', '/index.html', '/products/znicz.svg', '/admin-assets.json', '/icons/admin-192.png']) {
      expect(isBuildFile(path), path).toBe(false);
    }
  });

  it("recognises the back office's manifest and icons, not the storefront's", () => {
    expect(isAdminPublicFile('/admin.webmanifest')).toBe(true);
    expect(isAdminPublicFile('/icons/admin-maskable-512.png')).toBe(true);
    for (const path of ['/manifest.webmanifest', '/icons/icon-192.png', '/icons/apple-touch-icon.png', '/admin']) {
      expect(isAdminPublicFile(path), path).toBe(false);
    }
  });
});
