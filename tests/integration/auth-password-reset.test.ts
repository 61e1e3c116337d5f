import { createHash } from 'node:crypto';
import { createServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type RunningBackend } from '../../server/local-backend/backend.ts';
import { startMailServer } from '../../server/local-backend/mail/server.ts';
import { freePort } from '../../server/local-backend/process-utils.ts';
import { AUTH_MESSAGES, authErrorMessage } from '../../src/features/auth/auth-messages.ts';
import { anonClient, signedUpCustomer, testBackend, uniqueEmail, withDatabase } from '../support/test-backend.ts';

/**
 * The password reset through supabase-js against the local auth, as GoTrue
 * does it for a client on the implicit flow (these tests' supabase-js;
 * the app's PKCE flow: auth-pkce.test.ts): POST /recover (the same answer
 * for any address) mails a one-time link to GET /verify, which signs in and
 * redirects with the session in the URL fragment; PUT /user sets the new
 * password and ends the account's other sessions.
 */

interface ReceivedMail {
  subject: string;
  html?: string;
  text?: string;
  to: { address: string }[];
}

/** The messages to the address in MailDev (its REST API, GET /api/email in MailDev 3). */
async function mailTo(address: string): Promise<ReceivedMail[]> {
  const response = await fetch(`${testBackend().mailUrl}/api/email`);
  if (!response.ok) throw new Error(`MailDev answered HTTP ${response.status}`);
  const all = (await response.json()) as ReceivedMail[];
  return all.filter((mail) => mail.to.some((to) => to.address.toLowerCase() === address.toLowerCase()));
}

async function waitForMailTo(address: string, count: number): Promise<ReceivedMail[]> {
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; await new Promise((wait) => setTimeout(wait, 200))) {
    const mails = await mailTo(address);
    if (mails.length >= count) return mails;
  }
  throw new Error(`no ${count} mail(s) to ${address} within 15 s`);
}

const PASSWORD = 'stare-haslo-123';
const NEW_PASSWORD = 'nowe-haslo-456';

function resetPage(): string {
  return new URL('/reset-password', testBackend().appUrl).toString();
}

/** The link in the newest recovery mail to the address (from its plain-text part, as a mail client shows it). */
async function mailedLink(email: string, count = 1): Promise<URL> {
  const mails = await waitForMailTo(email, count);
  const mail = mails.at(-1)!;
  expect(mail.subject).toBe('Ustaw nowe hasło — Kwiaciarnia Pod Różą');
  const match = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.text ?? '');
  expect(match, 'the plain-text part carries the link').not.toBeNull();
  expect(mail.html).toContain(match![0].replace(/&/g, '&amp;'));
  return new URL(match![0]);
}

/** Follows the link as a browser would, up to the redirect: where it leads, and the fragment's fields. */
async function follow(link: URL | string): Promise<{ status: number; location: URL; fragment: URLSearchParams }> {
  const response = await fetch(link, { redirect: 'manual' });
  const location = new URL(response.headers.get('location') ?? '');
  return { status: response.status, location, fragment: new URLSearchParams(location.hash.slice(1)) };
}

function sessionFrom(fragment: URLSearchParams) {
  return { access_token: fragment.get('access_token')!, refresh_token: fragment.get('refresh_token')! };
}

async function requestReset(email: string, redirectTo = resetPage()) {
  return anonClient().auth.resetPasswordForEmail(email, { redirectTo });
}

describe('password reset through the local auth', () => {
  it('answers an unknown and a known address alike, and mails only the known one', async () => {
    const { email } = await signedUpCustomer('reset-znany', PASSWORD);
    const unknown = uniqueEmail('reset-nieznany');
    const [known, stranger] = [await requestReset(email), await requestReset(unknown)];
    expect(known).toEqual({ data: {}, error: null });
    expect(stranger).toEqual(known);

    const { url, anonKey } = testBackend();
    const raw = async (address: string) => {
      const response = await fetch(`${url}/auth/v1/recover`, {
        method: 'POST',
        headers: { apikey: anonKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: address }),
      });
      return { status: response.status, body: await response.text() };
    };
    expect(await raw(email)).toEqual(await raw(uniqueEmail('reset-nieznany')));

    await mailedLink(email, 2);
    await new Promise((wait) => setTimeout(wait, 500));
    expect(await mailTo(unknown)).toEqual([]);
  });

  it('mails a one-hour, one-time link whose token the database keeps only hashed', async () => {
    const { email } = await signedUpCustomer('reset-hash', PASSWORD);
    await requestReset(email);
    const link = await mailedLink(email);
    expect(link.pathname).toBe('/auth/v1/verify');
    expect(link.searchParams.get('type')).toBe('recovery');
    expect(link.searchParams.get('redirect_to')).toBe(resetPage());
    const token = link.searchParams.get('token')!;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const stored = await withDatabase(async (db) => {
      const { rows } = await db.query<{ recovery_token: string; age: number }>(
        'select recovery_token, extract(epoch from now() - recovery_sent_at) as age from auth.users where email = $1',
        [email],
      );
      return rows[0]!;
    });
    expect(stored.recovery_token).toBe(createHash('sha256').update(token).digest('hex'));
    expect(stored.recovery_token).not.toContain(token);
    expect(Number(stored.age)).toBeLessThan(60);
  });

  it('signs in through the link; the new password replaces the old one and ends the other sessions', async () => {
    const { client: otherDevice, email } = await signedUpCustomer('reset-cykl', PASSWORD);
    const oldRefreshToken = (await otherDevice.auth.getSession()).data.session!.refresh_token;

    await requestReset(email);
    const { status, location, fragment } = await follow(await mailedLink(email));
    expect(status).toBe(303);
    expect(`${location.origin}${location.pathname}`).toBe(resetPage());
    expect(fragment.get('type')).toBe('recovery');
    expect(fragment.get('token_type')).toBe('bearer');
    expect(Number(fragment.get('expires_in'))).toBeGreaterThan(0);

    const recovering = anonClient();
    const opened = await recovering.auth.setSession(sessionFrom(fragment));
    expect(opened.error).toBeNull();
    expect(opened.data.user?.email).toBe(email);
    // The session was opened by the mailed link, which GoTrue records as 'otp'.
    const claims = JSON.parse(Buffer.from(fragment.get('access_token')!.split('.')[1]!, 'base64url').toString()) as {
      amr: { method: string }[];
    };
    expect(claims.amr.map((entry) => entry.method)).toEqual(['otp']);

    const same = await recovering.auth.updateUser({ password: PASSWORD });
    expect(same.error?.code).toBe('same_password');
    const weak = await recovering.auth.updateUser({ password: '12345' });
    expect(weak.error?.code).toBe('weak_password');
    const updated = await recovering.auth.updateUser({ password: NEW_PASSWORD });
    expect(updated.error).toBeNull();

    expect((await anonClient().auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe('invalid_credentials');
    expect((await anonClient().auth.signInWithPassword({ email, password: NEW_PASSWORD })).error).toBeNull();
    // The device signed in with the old password is out; the recovering one stays in.
    expect((await anonClient().auth.refreshSession({ refresh_token: oldRefreshToken })).error?.code).toBe('refresh_token_not_found');
    expect((await recovering.auth.getUser()).data.user?.email).toBe(email);
  });

  it('refuses a used, a replaced and an expired link, redirecting to the app with otp_expired', async () => {
    const { email } = await signedUpCustomer('reset-zuzyty', PASSWORD);
    await requestReset(email);
    const first = await mailedLink(email);
    await requestReset(email);
    const second = await mailedLink(email, 2);

    const replaced = await follow(first);
    expect(replaced.status).toBe(303);
    expect(`${replaced.location.origin}${replaced.location.pathname}`).toBe(resetPage());
    expect(replaced.fragment.get('error_code')).toBe('otp_expired');
    expect(replaced.fragment.get('error')).toBe('access_denied');
    expect(replaced.fragment.get('access_token')).toBeNull();

    expect((await follow(second)).fragment.get('access_token')).toBeTruthy();
    expect((await follow(second)).fragment.get('error_code')).toBe('otp_expired');

    await requestReset(email);
    const third = await mailedLink(email, 3);
    await withDatabase((db) =>
      db.query("update auth.users set recovery_sent_at = now() - interval '61 minutes' where email = $1", [email]),
    );
    expect((await follow(third)).fragment.get('error_code')).toBe('otp_expired');
  });

  it('verifies a token hash through supabase-js verifyOtp (POST /verify), once', async () => {
    const { email } = await signedUpCustomer('reset-otp', PASSWORD);
    await requestReset(email);
    const tokenHash = (await mailedLink(email)).searchParams.get('token')!;
    const client = anonClient();
    const verified = await client.auth.verifyOtp({ token_hash: tokenHash, type: 'recovery' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email).toBe(email);
    const again = await anonClient().auth.verifyOtp({ token_hash: tokenHash, type: 'recovery' });
    expect(again.error?.code).toBe('otp_expired');
    expect(authErrorMessage(again.error, 'reset')).toBe(AUTH_MESSAGES.resetLinkExpired);
  });

  it('never sends the browser off-site: a foreign redirect_to is replaced by the site URL, in the mail and at the link', async () => {
    const { email } = await signedUpCustomer('reset-przekierowanie', PASSWORD);
    await requestReset(email, 'https://evil.example/reset-password');
    const link = await mailedLink(email);
    expect(link.searchParams.get('redirect_to')).toBe(testBackend().appUrl);

    link.searchParams.set('redirect_to', 'https://evil.example/steal');
    const { location, fragment } = await follow(link);
    expect(location.origin).toBe(new URL(testBackend().appUrl).origin);
    expect(fragment.get('access_token')).toBeTruthy();
  });

  it("refuses a request without an email, and a PKCE code challenge GoTrue would refuse (the app's own is taken)", async () => {
    const { url, anonKey } = testBackend();
    const post = (body: unknown) =>
      fetch(`${url}/auth/v1/recover`, {
        method: 'POST',
        headers: { apikey: anonKey, 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
        body: JSON.stringify(body),
      });
    const empty = await post({});
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { code: string }).code).toBe('validation_failed');
    const half = await post({ email: uniqueEmail('pkce'), code_challenge: 'x'.repeat(43) });
    expect(half.status).toBe(400);
    expect(((await half.json()) as { message: string }).message).toBe('PKCE flow requires code_challenge_method and code_challenge');
    const short = await post({ email: uniqueEmail('pkce'), code_challenge: 'x'.repeat(42), code_challenge_method: 's256' });
    expect(short.status).toBe(400);
    const pkce = await post({ email: uniqueEmail('pkce'), code_challenge: 'x'.repeat(43), code_challenge_method: 's256' });
    expect(pkce.status).toBe(200);
  });
});

describe('password reset with the mail server down and the production rate limit', () => {
  const ROOT = resolve(import.meta.dirname, '..', '..');
  let dataDir = '';
  let backend: RunningBackend | undefined;
  let closedPort = 0;

  const client = (): SupabaseClient =>
    createClient(backend!.url, backend!.anonKey, { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'kwiaciarnia-reset-'));
    // An SMTP address nothing listens on: a mail server that is down.
    closedPort = await freePort();
    const env: Record<string, string | undefined> = { ...process.env, AUTH_RATE_LIMIT: '4', SMTP_URL: `smtp://127.0.0.1:${closedPort}` };
    backend = await startBackend({
      dataDir,
      backendPort: await freePort(),
      appPort: null,
      distDir: join(ROOT, 'dist'),
      ownerEmail: 'owner@reset.test',
      ownerPassword: 'owner-password-123',
      env,
    });
  });

  afterAll(async () => {
    await backend?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers at once for a known address while the mail cannot be delivered', async () => {
    // Something that accepts connections and never answers is worse than a closed port: the mailer must not wait for it here either.
    const silent = createServer(() => undefined);
    await new Promise<void>((listening) => silent.listen(closedPort, '127.0.0.1', listening));
    try {
      const started = performance.now();
      const { error } = await client().auth.resetPasswordForEmail('owner@reset.test');
      expect(error).toBeNull();
      expect(performance.now() - started).toBeLessThan(1000);
    } finally {
      silent.close();
    }
    const started = performance.now();
    expect((await client().auth.resetPasswordForEmail('owner@reset.test')).error).toBeNull();
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('delivers the mail by a later retry once the mail server is back', async () => {
    await withBackendDatabase(backend!, 'delete from private.rate_limit_hits');
    const email = `ponowna-proba-${Date.now()}@reset.test`;
    expect((await client().auth.signUp({ email, password: 'haslo-123456' })).error).toBeNull();
    expect((await client().auth.resetPasswordForEmail(email)).error).toBeNull();
    // The first attempt has failed by now; the mail server comes back where SMTP_URL points.
    await new Promise((wait) => setTimeout(wait, 300));
    const inbox = await startMailServer({ smtpPort: closedPort, webPort: 0 });
    try {
      let received: { subject: string; to: { address: string }[] }[] = [];
      for (const deadline = Date.now() + 20_000; received.length === 0 && Date.now() < deadline;) {
        await new Promise((wait) => setTimeout(wait, 250));
        const all = (await (await fetch(`${inbox.url}/api/email`)).json()) as typeof received;
        received = all.filter((mail) => mail.to.some((to) => to.address === email));
      }
      expect(received.map((mail) => mail.subject)).toEqual(['Ustaw nowe hasło — Kwiaciarnia Pod Różą']);
    } finally {
      await inbox.stop();
    }
  });

  it('counts reset requests with sign-ins per address, answering 429 in Polish beyond the limit', async () => {
    await withBackendDatabase(backend!, 'delete from private.rate_limit_hits');
    for (let index = 0; index < 4; index += 1) {
      expect((await client().auth.resetPasswordForEmail(`limit-${index}@reset.test`)).error).toBeNull();
    }
    const { error } = await client().auth.resetPasswordForEmail('limit-5@reset.test');
    expect(error?.status).toBe(429);
    expect(error?.code).toBe('over_request_rate_limit');
    expect(authErrorMessage(error, 'reset')).toBe(AUTH_MESSAGES.resetRateLimited);
    // Logins share the count.
    expect((await client().auth.signInWithPassword({ email: 'owner@reset.test', password: 'owner-password-123' })).error?.status).toBe(429);
  });
});

async function withBackendDatabase(backend: RunningBackend, statement: string): Promise<void> {
  const { default: pg } = await import('pg');
  const db = new pg.Client({ connectionString: backend.databaseUrl });
  await db.connect();
  try {
    await db.query(statement);
  } finally {
    await db.end();
  }
}
