import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { server } from '../../mocks/node.ts';
import { sampleProducts } from '../../mocks/fixtures.ts';
import { getBackendConfig } from '../../src/lib/backend-config.ts';
import { getSupabase } from '../../src/lib/supabase.ts';

const BACKEND_URL = 'http://backend.test';

// The client reads its address from the runtime-config meta tags, as in a served build.
beforeAll(() => {
  document.head.innerHTML = `<meta name="supabase-url" content="${BACKEND_URL}" /><meta name="supabase-anon-key" content="anon-test-key" />`;
});
afterAll(() => {
  document.head.innerHTML = '';
});

describe('backend client against the MSW mocks', () => {
  it('reads the backend address from the meta tags', () => {
    expect(getBackendConfig()).toEqual({ url: BACKEND_URL, anonKey: 'anon-test-key' });
  });

  it('lists products newest first and filters by category', async () => {
    const supabase = await getSupabase();

    const all = await supabase.from('products').select('*').order('created_at', { ascending: false });
    expect(all.error).toBeNull();
    expect(all.data?.map((row: { id: string }) => row.id)).toEqual(sampleProducts.map((product) => product.id));

    const candles = await supabase.from('products').select('*').eq('category', 'candles');
    expect(candles.data).toHaveLength(1);
    expect(candles.data?.[0]).toMatchObject({ category: 'candles', price: 14.99 });
  });

  it('sends the anon key and reads public settings', async () => {
    let apikey: string | null = null;
    server.use(
      http.get('*/rest/v1/public_settings', ({ request }) => {
        apikey = request.headers.get('apikey');
        return HttpResponse.json([{ key: 'company_name', value: 'Test' }]);
      }),
    );
    const supabase = await getSupabase();
    const { data } = await supabase.from('public_settings').select('key, value');
    expect(apikey).toBe('anon-test-key');
    expect(data).toEqual([{ key: 'company_name', value: 'Test' }]);
  });

  it('rejects wrong credentials with the GoTrue error code', async () => {
    const supabase = await getSupabase();
    const { data, error } = await supabase.auth.signInWithPassword({ email: 'ktos@example.com', password: 'zle-haslo' });
    expect(data.session).toBeNull();
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('invalid_credentials');
  });
});
