import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type RunningBackend } from '../../server/local-backend/backend.ts';
import { freePort } from '../../server/local-backend/process-utils.ts';
import { mailTo, waitForMailTo } from '../support/maildev.ts';
import { signedUpCustomer, testBackend, uniqueEmail, withDatabase } from '../support/test-backend.ts';

/**
 * GoTrue's PKCE protocol in the local auth, over HTTP with values fixed
 * outside this project (RFC 7636 Appendix B), and sign-up with confirmations
 * on (AUTH_MAILER_AUTOCONFIRM=false, as hosted with enable_confirmations).
 */

const RFC_VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const RFC_CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const VERSION = { 'X-Supabase-Api-Version': '2024-01-01' };

function call(base: { url: string; anonKey: string }, path: string, body: unknown): Promise<Response> {
  return fetch(`${base.url}/auth/v1${path}`, {
    method: 'POST',
    headers: { apikey: base.anonKey, 'Content-Type': 'application/json', ...VERSION },
    body: JSON.stringify(body),
  });
}

async function mailedLink(mailUrl: string, email: string, count = 1): Promise<URL> {
  const mails = await waitForMailTo(mailUrl, email, count);
  const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mails.at(-1)?.text ?? '')?.[0];
  if (!link) throw new Error(`no link mailed to ${email}`);
  return new URL(link);
}

async function follow(link: URL): Promise<URL> {
  const response = await fetch(link, { redirect: 'manual' });
  expect(response.status).toBe(303);
  return new URL(response.headers.get('location') ?? '');
}

describe('the PKCE reset', () => {
  it('mails a pkce_ link, comes back with ?code=, and exchanges the code once for the verifier only', async () => {
    const { email } = await signedUpCustomer('pkce-reset');
    const backend = testBackend();
    const redirectTo = new URL('/reset-password?sb_flow_id=abcdef0123456789', backend.appUrl).toString();
    const recover = await fetch(`${backend.url}/auth/v1/recover?redirect_to=${encodeURIComponent(redirectTo)}`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, code_challenge: RFC_CHALLENGE, code_challenge_method: 's256' }),
    });
    expect(recover.status).toBe(200);
    const link = await mailedLink(backend.mailUrl, email);
    expect(link.searchParams.get('token')).toMatch(/^pkce_/);

    const back = await follow(link);
    expect(back.pathname).toBe('/reset-password');
    expect(back.searchParams.get('sb_flow_id')).toBe('abcdef0123456789');
    expect(back.hash).toBe('');
    const code = back.searchParams.get('code')!;
    expect(code).toMatch(/^[0-9a-f-]{36}$/);

    const missing = await call(backend, '/token?grant_type=pkce', { auth_code: code });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { code: string }).code).toBe('validation_failed');

    const wrong = await call(backend, '/token?grant_type=pkce', { auth_code: code, code_verifier: `${RFC_VERIFIER}x` });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({
      code: 'bad_code_verifier',
      message: 'code challenge does not match previously saved code verifier',
    });

    // A wrong verifier leaves the code usable (as GoTrue); the right one gets the session.
    const right = await call(backend, '/token?grant_type=pkce', { auth_code: code, code_verifier: RFC_VERIFIER });
    expect(right.status).toBe(200);
    const session = (await right.json()) as { access_token: string; refresh_token: string; user: { email: string } };
    expect(session.user.email).toBe(email);
    const claims = JSON.parse(Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString()) as { amr: { method: string }[] };
    expect(claims.amr.map((entry) => entry.method)).toEqual(['recovery']);

    const again = await call(backend, '/token?grant_type=pkce', { auth_code: code, code_verifier: RFC_VERIFIER });
    expect(again.status).toBe(404);
    expect(((await again.json()) as { code: string }).code).toBe('flow_state_not_found');
  });

  it("refuses a code whose flow started more than GoTrue's 5 minutes ago, and says a used link's error in the query too", async () => {
    const { email, userId } = await signedUpCustomer('pkce-expiry');
    const backend = testBackend();
    await call(backend, '/recover', { email, code_challenge: RFC_CHALLENGE, code_challenge_method: 'S256' });
    const link = await mailedLink(backend.mailUrl, email);
    const code = (await follow(link)).searchParams.get('code')!;
    await withDatabase((db) =>
      db.query("update auth.flow_state set created_at = now() - interval '301 seconds' where user_id = $1", [userId]),
    );
    const late = await call(backend, '/token?grant_type=pkce', { auth_code: code, code_verifier: RFC_VERIFIER });
    expect(late.status).toBe(422);
    expect(((await late.json()) as { code: string }).code).toBe('flow_state_expired');

    const used = await follow(link);
    expect(used.searchParams.get('error_code')).toBe('otp_expired');
    expect(new URLSearchParams(used.hash.slice(1)).get('error_code')).toBe('otp_expired');
    expect(used.searchParams.has('code')).toBe(false);
  });
});

describe('sign-up with confirmations on (AUTH_MAILER_AUTOCONFIRM=false)', () => {
  const ROOT = resolve(import.meta.dirname, '..', '..');
  let dataDir = '';
  let backend: RunningBackend | undefined;

  /** supabase-js as the app configures it: PKCE, its verifier in memory. */
  function pkceClient(): SupabaseClient {
    const memory = new Map<string, string>();
    return createClient(backend!.url, backend!.anonKey, {
      auth: {
        flowType: 'pkce',
        persistSession: true,
        autoRefreshToken: false,
        detectSessionInUrl: false,
        storage: {
          getItem: (key) => memory.get(key) ?? null,
          setItem: (key, value) => void memory.set(key, value),
          removeItem: (key) => void memory.delete(key),
        },
      },
    });
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'kwiaciarnia-confirm-'));
    backend = await startBackend({
      dataDir,
      backendPort: await freePort(),
      appPort: null,
      distDir: join(ROOT, 'dist'),
      ownerEmail: 'owner@confirm.test',
      ownerPassword: 'owner-password-123',
      env: { ...process.env, AUTH_RATE_LIMIT: '0', AUTH_MAILER_AUTOCONFIRM: 'false', SITE_URL: 'http://localhost:4173' },
      mailDispatchIntervalMs: 0,
      paymentsReconcileIntervalMs: 0,
    });
  });

  afterAll(async () => {
    await backend?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('mails a confirmation, refuses the password until it is followed, then signs in', async () => {
    const settings = (await (await fetch(`${backend!.url}/auth/v1/settings`, { headers: { apikey: backend!.anonKey } })).json()) as {
      mailer_autoconfirm: boolean;
    };
    expect(settings.mailer_autoconfirm).toBe(false);

    const email = uniqueEmail('potwierdz');
    const client = pkceClient();
    const { data, error } = await client.auth.signUp({
      email,
      password: 'haslo-123456',
      options: { emailRedirectTo: 'http://localhost:4173/login' },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.identities).toHaveLength(1);

    const mails = await waitForMailTo(backend!.mail.url, email);
    expect(mails[0]!.subject).toBe('Potwierdź adres e-mail — Kwiaciarnia Pod Różą');
    const before = await client.auth.signInWithPassword({ email, password: 'haslo-123456' });
    expect(before.error?.code).toBe('email_not_confirmed');
    expect(before.error?.status).toBe(400);

    const link = await mailedLink(backend!.mail.url, email);
    expect(link.searchParams.get('type')).toBe('signup');
    const back = await follow(link);
    expect(`${back.origin}${back.pathname}`).toBe('http://localhost:4173/login');
    expect(back.searchParams.get('code')).toBeTruthy();

    const after = await pkceClient().auth.signInWithPassword({ email, password: 'haslo-123456' });
    expect(after.error).toBeNull();
    expect(after.data.user?.email_confirmed_at).toBeTruthy();
  });

  it("answers signing up a confirmed address with GoTrue's made-up user and sends nothing", async () => {
    const email = uniqueEmail('znany');
    await pkceClient().auth.signUp({ email, password: 'haslo-123456' });
    const link = await mailedLink(backend!.mail.url, email);
    await follow(link);
    const { data: real } = await pkceClient().auth.signInWithPassword({ email, password: 'haslo-123456' });

    const { data, error } = await pkceClient().auth.signUp({ email, password: 'inne-haslo-789' });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.id).not.toBe(real.user?.id);
    expect(data.user?.identities).toEqual([]);
    expect(await mailTo(backend!.mail.url, email)).toHaveLength(1);
    // The password was not changed by whoever signed up again.
    expect((await pkceClient().auth.signInWithPassword({ email, password: 'inne-haslo-789' })).error?.code).toBe('invalid_credentials');
  });

  it('sends an unconfirmed address at most one new link a minute (GoTrue over_email_send_rate_limit)', async () => {
    const email = uniqueEmail('ponownie');
    await pkceClient().auth.signUp({ email, password: 'haslo-123456' });
    const again = await pkceClient().auth.signUp({ email, password: 'haslo-123456' });
    expect(again.error?.status).toBe(429);
    expect(again.error?.code).toBe('over_email_send_rate_limit');
  });
});
