import { randomInt, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { authErrorMessage } from '../../src/features/auth/auth-messages.ts';
import { anonClient, signedUpCustomer, testBackend, uniqueEmail, withDatabase } from '../support/test-backend.ts';

/**
 * Security audit over HTTP against the real local backend: security headers,
 * logins that do not tell whether an email exists, and rate limits on failed
 * logins and contact-form floods.
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
    expect(wrongPassword.body).toEqual({ code: 'invalid_credentials', error_code: 'invalid_credentials', msg: 'Invalid login credentials' });
  });

  it('refuses logins for a while after 5 failures for the same email, even with the right password', async () => {
    const { email } = await signedUpCustomer('zgadywany');
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await passwordLogin(email, `zgaduje-${attempt}`)).status).toBe(400);

    const limited = await passwordLogin(email, 'haslo-123456');
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 429, error_code: 'over_request_rate_limit' });

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

describe('contact form flood', () => {
  it('stores 5 messages from one address in 10 minutes, then answers 429 in Polish and stores nothing', async () => {
    const { url, anonKey } = testBackend();
    // A documentation address of its own, so other tests' messages (all from 127.0.0.1) are not counted with these.
    const address = `203.0.113.${randomInt(1, 254)}`;
    const tag = randomUUID().slice(0, 8);
    const send = (i: number) =>
      fetch(`${url}/functions/v1/send-contact-email`, {
        method: 'POST',
        headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}`, 'Content-Type': 'application/json', 'X-Forwarded-For': address },
        body: JSON.stringify({ name: 'Spamer', email: `flood-${tag}-${i}@example.test`, phone: '', subject: 'other', message: `Wiadomość ${i}` }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) statuses.push((await send(i)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const refused = await send(99);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await refused.json()).toEqual({ error: 'rate_limited', message: 'Wysłano zbyt wiele wiadomości. Spróbuj ponownie za kilka minut.' });
    const stored = await withDatabase(async (db) => {
      const { rows } = await db.query<{ count: string }>('select count(*) from contact_messages where email like $1', [`flood-${tag}-%`]);
      return Number(rows[0]!.count);
    });
    expect(stored).toBe(5);
  });
});
