import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunctionsRuntime } from '../../server/local-backend/functions/runtime.ts';
import { createGateway } from '../../server/local-backend/gateway.ts';

/** The gateway alone, with a stand-in PostgREST that echoes the Authorization it got and a function that answers 200. */
let gateway: Server;
let postgrest: Server;
let base = '';
const functionCalls: string[] = [];

const runtime: FunctionsRuntime = {
  kind: 'node',
  names: ['strict', 'open'],
  async serve(name, _request, response) {
    if (name !== 'strict' && name !== 'open') return false;
    functionCalls.push(name);
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end('{"ran":true}');
    return true;
  },
  processes: () => [],
  warm: async () => undefined,
  stop: async () => undefined,
};

function listen(server: Server): Promise<number> {
  return new Promise((resolveListen) => server.listen(0, '127.0.0.1', () => resolveListen((server.address() as AddressInfo).port)));
}

beforeAll(async () => {
  postgrest = createServer((request, response) => {
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify({ authorization: request.headers.authorization ?? null }));
  });
  const postgrestPort = await listen(postgrest);
  gateway = createGateway({
    postgrestPort,
    auth: async (_request, response) => void response.end(),
    functions: runtime,
    verifyJwtFor: new Set(['strict']),
    verifyToken: (token) => token === 'valid.jwt.token',
    upstreamAuthorization: (apikey, authorization) => {
      if (apikey === 'sb_publishable_known') return authorization ?? 'Bearer minted-anon-jwt';
      if (apikey?.startsWith('sb_')) return null;
      return authorization ?? (apikey ? `Bearer ${apikey}` : undefined);
    },
  });
  base = `http://127.0.0.1:${await listen(gateway)}`;
});

afterAll(() => {
  gateway.close();
  postgrest.close();
});

describe('gateway: tokens before a function runs (verify_jwt as config.toml says)', () => {
  it('refuses a verify_jwt function without a bearer token, or with one that does not verify, before it runs', async () => {
    const missing = await fetch(`${base}/functions/v1/strict`, { method: 'POST', body: '{}' });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ code: 401, message: 'Missing authorization header' });
    const forged = await fetch(`${base}/functions/v1/strict`, {
      method: 'POST',
      body: '{}',
      headers: { Authorization: 'Bearer forged.jwt.token' },
    });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({ code: 401, message: 'Invalid JWT' });
    expect(functionCalls).not.toContain('strict');

    const valid = await fetch(`${base}/functions/v1/strict`, {
      method: 'POST',
      body: '{}',
      headers: { Authorization: 'Bearer valid.jwt.token' },
    });
    expect(valid.status).toBe(200);
    expect(functionCalls).toContain('strict');
  });

  it('lets any call reach a function with verify_jwt off: the function decides', async () => {
    const response = await fetch(`${base}/functions/v1/open`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(200);
  });

  it('answers a function that is not declared with 404', async () => {
    const response = await fetch(`${base}/functions/v1/payment-simulator`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(404);
  });
});

describe('gateway: API keys in front of PostgREST', () => {
  it('turns a known sb_publishable key into the role JWT PostgREST checks', async () => {
    const response = await fetch(`${base}/rest/v1/products`, { headers: { apikey: 'sb_publishable_known' } });
    expect(await response.json()).toEqual({ authorization: 'Bearer minted-anon-jwt' });
  });

  it('keeps a user bearer token as it is', async () => {
    const response = await fetch(`${base}/rest/v1/products`, {
      headers: { apikey: 'sb_publishable_known', Authorization: 'Bearer user.jwt' },
    });
    expect(await response.json()).toEqual({ authorization: 'Bearer user.jwt' });
  });

  it('refuses an sb_ key that is not the project’s with 401, before PostgREST', async () => {
    const response = await fetch(`${base}/rest/v1/products`, { headers: { apikey: 'sb_publishable_someone_elses' } });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { message: string }).message).toBe('Invalid API key');
  });
});
