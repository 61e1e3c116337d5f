import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createAppServer } from '../../server/app/app-server.ts';
import { authErrorMessage } from '../../src/features/auth/auth-messages.ts';
import { anonClient, signedUpCustomer, testBackend, uniqueEmail } from '../support/test-backend.ts';

/**
 * Security audit over HTTP against the real local backend: security headers,
 * logins that do not tell whether an email exists, the limit on failed logins
 * and malformed addresses. The per-address limits (place-order, sign-up,
 * login, contact form) are off on the shared test backend; rate-limits.test.ts
 * checks them on a backend of its own.
 */

const REQUIRED_APP_HEADERS = ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'permissions-policy'];

describe('security headers', () => {
  it.each(['/', '/shop', '/admin', '/checkout'])('the app answers %s with the CSP and the security headers', async (path) => {
    const response = await fetch(new URL(path, testBackend().appUrl));
    expect(response.status).toBe(200);
    for (const name of REQUIRED_APP_HEADERS) expect(response.headers.get(name), name).toBeTruthy();
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const csp = response.headers.get('content-security-policy')!;
    const framing = response.headers.get('x-frame-options') === 'DENY' || csp.includes("frame-ancestors 'none'");
    expect(framing).toBe(true);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  });

  it('sends nosniff, no framing and a referrer policy with static files and 404s too', async () => {
    const { appUrl } = testBackend();
    for (const path of ['/manifest.webmanifest', '/sw.js', '/assets/nie-ma.js']) {
      const response = await fetch(new URL(path, appUrl));
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
      expect(response.headers.get('referrer-policy'), path).toBeTruthy();
    }
  });

  it('function, auth and gateway answers carry nosniff', async () => {
    const { url, anonKey } = testBackend();
    const headers = { apikey: anonKey, Authorization: `Bearer ${anonKey}`, 'Content-Type': 'application/json' };
    const answers = await Promise.all([
      fetch(`${url}/functions/v1/calculate-delivery`, { method: 'POST', headers, body: '{}' }),
      fetch(`${url}/functions/v1/place-order`, { method: 'GET', headers }),
      fetch(`${url}/functions/v1/nie-ma-takiej`, { method: 'POST', headers, body: '{}' }),
      fetch(`${url}/auth/v1/token?grant_type=password`, { method: 'POST', headers, body: '{}' }),
    ]);
    for (const answer of answers) expect(answer.headers.get('x-content-type-options'), answer.url).toBe('nosniff');
  });
});

async function passwordLogin(email: string, password: string) {
  const { url, anonKey } = testBackend();
  const response = await fetch(`${url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anonKey, 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
    body: JSON.stringify({ email, password }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('login', () => {
  it('answers a wrong password and an unknown email exactly alike', async () => {
    const { email } = await signedUpCustomer('znany');
    const wrongPassword = await passwordLogin(email, 'zle-haslo-123');
    const unknownEmail = await passwordLogin(uniqueEmail('nieznany'), 'zle-haslo-123');
    expect(wrongPassword.status).toBe(400);
    expect(unknownEmail).toEqual(wrongPassword);
    expect(wrongPassword.body).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });
  });

  it('refuses logins for a while after 5 failures for the same email, even with the right password', async () => {
    const { email } = await signedUpCustomer('zgadywany');
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await passwordLogin(email, `zgaduje-${attempt}`)).status).toBe(400);

    const limited = await passwordLogin(email, 'haslo-123456');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ code: 'over_request_rate_limit', message: 'Request rate limit reached' });

    // supabase-js reads it as GoTrue's rate-limit error, and the app shows it in Polish.
    const { error } = await anonClient().auth.signInWithPassword({ email, password: 'haslo-123456' });
    expect(error?.status).toBe(429);
    expect(authErrorMessage(error, 'login')).toBe('Zbyt wiele prób logowania. Spróbuj ponownie za kilka minut.');

    // Another account is not locked out by it.
    const other = await signedUpCustomer('sasiad');
    expect((await passwordLogin(other.email, 'haslo-123456')).status).toBe(200);
  });

  it('counts parallel guesses too', async () => {
    const { email } = await signedUpCustomer('rownolegly');
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => passwordLogin(email, `proba-${i}`)));
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(3);
  });
});

describe('malformed addresses', () => {
  // Broken percent-escapes: the client's mistake, so 400, never a 500.
  const MALFORMED = ['/%E0%A4%A', '/product/%', '/shop/%C3', '//x/%'];
  // Paths that start like a host ("//x"): ordinary paths, which once crashed the gateway.
  const HOST_LIKE = ['//', '//evil.example/admin'];

  async function rawStatus(base: string, target: string, method = 'GET'): Promise<number> {
    const { hostname, port } = new URL(base);
    return new Promise((resolveStatus, reject) => {
      const socket = connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname, () => {
        socket.write(`${method} ${target} HTTP/1.1\r\nHost: ${hostname}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
      });
      let head = '';
      socket.on('data', (chunk: Buffer) => (head += chunk.toString('latin1')));
      socket.on('end', () => resolveStatus(Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0)));
      socket.on('error', reject);
    });
  }

  it.each(MALFORMED)('the app server answers %s with 400', async (target) => {
    expect(await rawStatus(testBackend().appUrl, target)).toBe(400);
  });

  it.each(MALFORMED)('the gateway answers %s with 400', async (target) => {
    const { url } = testBackend();
    expect(await rawStatus(url, target)).toBe(400);
    expect(await rawStatus(url, `/functions/v1${target}`, 'POST')).toBe(400);
    expect(await rawStatus(url, `/rest/v1${target}`)).toBe(400);
  });

  it.each(HOST_LIKE)('the gateway and the app server answer %s as a path, and keep serving', async (target) => {
    const { url, appUrl } = testBackend();
    expect(await rawStatus(url, target)).toBe(404);
    expect(await rawStatus(url, target, 'POST')).toBe(404);
    expect(await rawStatus(appUrl, target)).toBe(200);
    expect((await fetch(`${url}/health`)).status).toBe(200);
  });

  it('the production app server (npm run serve:app) answers 400 too', async () => {
    const { url, anonKey } = testBackend();
    const server = createAppServer({ supabaseUrl: url, anonKey });
    await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      for (const target of MALFORMED) expect(await rawStatus(base, target), target).toBe(400);
      expect(await rawStatus(base, '/product/%25')).toBe(200);
    } finally {
      server.closeAllConnections();
      await new Promise((resolveClose) => server.close(resolveClose));
    }
  });
});
