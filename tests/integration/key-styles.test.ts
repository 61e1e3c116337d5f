import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type RunningBackend } from '../../server/local-backend/backend.ts';
import { freePort } from '../../server/local-backend/process-utils.ts';
import { checkoutFor, invokeFunction, testBackend, uniqueEmail } from '../support/test-backend.ts';

/**
 * Both of Supabase's key styles, end to end through supabase-js, as a device
 * uses them: the current one (an `sb_publishable_…` key, user sessions signed
 * ES256 and checked against the JWKS) on the shared backend, and the legacy
 * one (the anon JWT, HS256 sessions) on a backend of its own.
 */

const ROOT = resolve(import.meta.dirname, '..', '..');
const serverAuth = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };

let legacyBackend: RunningBackend | undefined;
let legacyDataDir: string | undefined;

beforeAll(async () => {
  legacyDataDir = mkdtempSync(join(tmpdir(), 'kwiaciarnia-legacy-keys-'));
  legacyBackend = await startBackend({
    dataDir: legacyDataDir,
    backendPort: await freePort(),
    appPort: null,
    distDir: join(ROOT, 'dist'),
    ownerEmail: 'owner@legacy.test',
    ownerPassword: 'owner-password-123',
    env: { ...process.env, AUTH_JWT_ALG: 'HS256', PLACE_ORDER_RATE_LIMIT: '0', AUTH_RATE_LIMIT: '0' },
  });
});

afterAll(async () => {
  await legacyBackend?.stop();
  if (legacyDataDir) rmSync(legacyDataDir, { recursive: true, force: true });
});

interface Style {
  name: string;
  client: () => SupabaseClient;
  sessionAlg: 'ES256' | 'HS256';
}

const styles: Style[] = [
  {
    name: 'current keys (sb_publishable_…, ES256 sessions)',
    client: () => createClient(testBackend().url, testBackend().publishableKey, { auth: serverAuth }),
    sessionAlg: 'ES256',
  },
  {
    name: 'legacy keys (anon JWT, HS256 sessions)',
    client: () => createClient(legacyBackend!.url, legacyBackend!.anonKey, { auth: serverAuth }),
    sessionAlg: 'HS256',
  },
];

function header(token: string): { alg?: string; kid?: string } {
  return JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8')) as { alg?: string; kid?: string };
}

/** The same token with its signature's last characters changed. */
function forged(token: string): string {
  const [head, body, signature] = token.split('.') as [string, string, string];
  const flipped = signature.slice(0, -4) + (signature.endsWith('AAAA') ? 'BBBB' : 'AAAA');
  return `${head}.${body}.${flipped}`;
}

async function orderableProduct(client: SupabaseClient): Promise<{ id: string }> {
  const { data, error } = await client.from('products').select('id').gt('price', 0).eq('made_to_order', true).limit(1);
  if (error || !data?.[0]) throw new Error(`no product: ${error?.message}`);
  return data[0] as { id: string };
}

function placeStoreOrder(client: SupabaseClient, productId: string) {
  return invokeFunction(client, 'place-order', {
    clientRequestId: randomUUID(),
    checkout: checkoutFor({ deliveryMethod: 'store' }),
    items: [{ productId, quantity: 1 }],
  });
}

describe.each(styles)('$name', (style) => {
  it('a guest reads the catalog and places an order', async () => {
    const guest = style.client();
    const product = await orderableProduct(guest);
    const answer = await placeStoreOrder(guest, product.id);
    expect(answer.status).toBe(201);
    expect((answer.body.order as { orderNumber: string }).orderNumber).toMatch(/^KT\d{9}$/);
  });

  it('a customer signs up, gets a session signed the expected way, orders under their account and reads it back through RLS', async () => {
    const customer = style.client();
    const { data, error } = await customer.auth.signUp({ email: uniqueEmail('keys'), password: 'haslo-123456' });
    expect(error).toBeNull();
    const token = data.session?.access_token ?? '';
    expect(header(token).alg).toBe(style.sessionAlg);
    if (style.sessionAlg === 'ES256') expect(header(token).kid).toBeTruthy();

    const product = await orderableProduct(customer);
    const answer = await placeStoreOrder(customer, product.id);
    expect(answer.status).toBe(201);
    const orderId = (answer.body.order as { id: string }).id;
    const mine = await customer.from('orders').select('id, user_id');
    expect(mine.error).toBeNull();
    expect(mine.data).toEqual([{ id: orderId, user_id: data.user?.id }]);
  });

  it('a session whose signature is forged is refused by the functions and by PostgREST, never treated as a guest', async () => {
    const customer = style.client();
    const { data } = await customer.auth.signUp({ email: uniqueEmail('forged'), password: 'haslo-123456' });
    const badToken = forged(data.session?.access_token ?? '');
    const product = await orderableProduct(customer);
    const { url, key } =
      style.sessionAlg === 'ES256'
        ? { url: testBackend().url, key: testBackend().publishableKey }
        : { url: legacyBackend!.url, key: legacyBackend!.anonKey };

    const fn = await fetch(`${url}/functions/v1/place-order`, {
      method: 'POST',
      headers: { apikey: key, Authorization: `Bearer ${badToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ clientRequestId: randomUUID(), checkout: checkoutFor(), items: [{ productId: product.id, quantity: 1 }] }),
    });
    expect(fn.status).toBe(401);
    const rest = await fetch(`${url}/rest/v1/orders?select=id`, { headers: { apikey: key, Authorization: `Bearer ${badToken}` } });
    expect(rest.status).toBe(401);
  });
});
