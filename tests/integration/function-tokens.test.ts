import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signJwt } from '../../server/local-backend/keys/jwt.ts';
import { loadLocalKeys } from '../../server/local-backend/keys/local-keys.ts';
import { checkoutFor, someProducts, testBackend, signedUpCustomer } from '../support/test-backend.ts';

/**
 * The Deno-served function bundles check their caller themselves, as they
 * must once verify_jwt is off on hosted Supabase: what reaches a function with
 * a key or token that is not good is refused there, with a JSON answer.
 */

const now = () => Math.floor(Date.now() / 1000);

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

async function callPlaceOrder(headers: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> {
  const [product] = await someProducts(1);
  const response = await fetch(`${testBackend().url}/functions/v1/place-order`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ clientRequestId: randomUUID(), checkout: checkoutFor(), items: [{ productId: product!.id, quantity: 1 }] }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function userClaims(sub: string, overrides: Record<string, unknown> = {}) {
  return {
    sub,
    role: 'authenticated',
    aud: 'authenticated',
    iss: `${testBackend().url}/auth/v1`,
    iat: now(),
    exp: now() + 600,
    ...overrides,
  };
}

describe('functions authenticate their callers (served by Deno from the bundles)', () => {
  it('refuses a call with no key at all', async () => {
    const answer = await callPlaceOrder({});
    expect(answer.status).toBe(401);
    expect(answer.body.message).toEqual(expect.any(String));
  });

  it('refuses a key that is not the project’s, in either style', async () => {
    expect((await callPlaceOrder({ apikey: 'sb_publishable_not_this_project' })).status).toBe(401);
    const { anonKey } = testBackend();
    const [head, , signature] = anonKey.split('.');
    const forgedAnon = `${head}.${base64url({ role: 'anon', iss: 'supabase-local', iat: now(), exp: now() + 600 })}.${signature}`;
    // Before: a forged anon token reached the function as a guest.
    expect((await callPlaceOrder({ apikey: forgedAnon, Authorization: `Bearer ${forgedAnon}` })).status).toBe(401);
  });

  it('refuses an unsigned token (alg: none), a token signed with another key, and an expired one, without turning them into a guest', async () => {
    const { publishableKey, dataDir } = testBackend();
    const customer = await signedUpCustomer('tokens');
    const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(userClaims(customer.userId))}.`;
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const realKey = loadLocalKeys(dataDir).es256SigningKey;
    const otherKey = signJwt(userClaims(customer.userId), { alg: 'ES256', kid: realKey.kid, privateKey });
    const expired = signJwt(userClaims(customer.userId, { iat: now() - 7200, exp: now() - 3600 }), realKey);
    for (const [label, token] of [
      ['alg none', unsigned],
      ['other key', otherKey],
      ['expired', expired],
    ] as const) {
      const answer = await callPlaceOrder({ apikey: publishableKey, Authorization: `Bearer ${token}` });
      expect(answer.status, label).toBe(401);
      expect(answer.body.error, label).toEqual(expect.any(String));
    }
  });

  it('accepts the same user’s token when it is signed with the project’s key and not expired', async () => {
    const { publishableKey, dataDir } = testBackend();
    const customer = await signedUpCustomer('tokens-ok');
    const valid = signJwt(userClaims(customer.userId), loadLocalKeys(dataDir).es256SigningKey);
    const answer = await callPlaceOrder({ apikey: publishableKey, Authorization: `Bearer ${valid}` });
    expect(answer.status).toBe(201);
  });
});
