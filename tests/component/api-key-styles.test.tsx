import { afterEach, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { server } from '../../mocks/node.ts';
import { fetchProducts } from '../../src/features/catalog/fetch-products.ts';
import { getBackendConfig } from '../../src/lib/backend-config.ts';
import { callFunction } from '../../src/lib/functions-client.ts';

/*
 * The app works with either of Supabase's public keys: a legacy anon JWT is
 * sent as apikey and Bearer, an sb_publishable_ key only as apikey (the
 * functions and the gateway refuse it as a Bearer).
 */

const ANON_JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiJ9.c2lnbmF0dXJl';
const PUBLISHABLE = 'sb_publishable_test_0123456789';

function serve(key: string, metaName = 'supabase-anon-key') {
  document.head.innerHTML = `<meta name="supabase-url" content="http://backend.test" /><meta name="${metaName}" content="${key}" />`;
}

function captureHeaders() {
  const seen: Record<string, { apikey: string | null; authorization: string | null }> = {};
  server.use(
    http.get('*/rest/v1/products', ({ request }) => {
      seen.products = { apikey: request.headers.get('apikey'), authorization: request.headers.get('authorization') };
      return HttpResponse.json([]);
    }),
    http.post('*/functions/v1/calculate-delivery', ({ request }) => {
      seen.function = { apikey: request.headers.get('apikey'), authorization: request.headers.get('authorization') };
      return HttpResponse.json({ cost: 1 });
    }),
  );
  return seen;
}

afterEach(() => {
  document.head.innerHTML = '';
});

describe('public key styles', () => {
  it('a publishable key: apikey only, on data and function calls', async () => {
    serve(PUBLISHABLE);
    const seen = captureHeaders();
    await fetchProducts();
    await callFunction('calculate-delivery', {});
    expect(seen.products).toEqual({ apikey: PUBLISHABLE, authorization: null });
    expect(seen.function).toEqual({ apikey: PUBLISHABLE, authorization: null });
  });

  it('a legacy anon JWT: apikey and Bearer', async () => {
    serve(ANON_JWT);
    const seen = captureHeaders();
    await fetchProducts();
    await callFunction('calculate-delivery', {});
    expect(seen.products).toEqual({ apikey: ANON_JWT, authorization: `Bearer ${ANON_JWT}` });
    expect(seen.function).toEqual({ apikey: ANON_JWT, authorization: `Bearer ${ANON_JWT}` });
  });

  it('a signed-in customer: the publishable key as apikey and the session as Bearer', async () => {
    serve(PUBLISHABLE);
    const seen = captureHeaders();
    await callFunction('calculate-delivery', {}, { accessToken: 'user.access.token' });
    expect(seen.function).toEqual({ apikey: PUBLISHABLE, authorization: 'Bearer user.access.token' });
  });

  it('reads the key from a supabase-publishable-key meta tag as well', () => {
    serve(PUBLISHABLE, 'supabase-publishable-key');
    expect(getBackendConfig()).toEqual({ url: 'http://backend.test', anonKey: PUBLISHABLE });
  });
});
