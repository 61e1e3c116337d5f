import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { setServerRenderBackendUrl } from '../../src/lib/backend-config.ts';
import { ProductImage } from '../../src/lib/product-image.tsx';

/**
 * Server rendering draws photo addresses with the backend the served page
 * names (src/entry-server.tsx sets it per page), so the markup is what the
 * browser draws when it hydrates from that page's meta tag.
 */

const product = {
  id: '0b8f2a9e-5b7c-4d3e-8f1a-2c3d4e5f6a7b',
  image_url: '/products/roza.svg',
  photos: [{ id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f', width: 1600, height: 1200 }],
};

function renderedSrc(): string | undefined {
  return /src="([^"]+)"/.exec(renderToString(createElement(ProductImage, { product, sizes: '100vw' })))?.[1];
}

afterEach(() => setServerRenderBackendUrl(''));

describe('ProductImage on the server', () => {
  it('uses the backend address of the page being rendered, anew for every page', () => {
    setServerRenderBackendUrl('http://localhost:54321');
    expect(renderedSrc()).toBe(
      'http://localhost:54321/storage/v1/object/public/product-images/products/0b8f2a9e-5b7c-4d3e-8f1a-2c3d4e5f6a7b/1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f-800.webp',
    );
    // A request through another host name names another address: nothing is kept from the page before.
    setServerRenderBackendUrl('http://127.0.0.1:54321');
    expect(renderedSrc()).toMatch(/^http:\/\/127\.0\.0\.1:54321\/storage\/v1\//);
  });

  it('renders the image with sizes and srcset before src, crossorigin and its priority', () => {
    setServerRenderBackendUrl('http://localhost:54321');
    const html = renderToString(createElement(ProductImage, { product, sizes: '100vw', highPriority: true })).toLowerCase();
    const img = html.slice(html.indexOf('<img'));
    expect(img.indexOf(' srcset=')).toBeGreaterThan(0);
    expect(img.indexOf(' srcset=')).toBeLessThan(img.indexOf(' src='));
    expect(img).toContain('crossorigin="anonymous"');
    expect(img).toContain('fetchpriority="high"');
  });
});
