import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testBackend, withDatabase } from '../support/test-backend.ts';

/**
 * What ships to every browser (dist/, after `npm run build`) must hold no
 * secret: no service-role key, no JWT secret, no JWT claiming the
 * service_role, no value of a secret setting.
 */

const ROOT = resolve(import.meta.dirname, '..', '..');
const DIST = join(ROOT, 'dist');
const SECRET_SETTINGS = ['payu_classic_pos_auth_key', 'stripe_secret_key', 'google_maps_api_key'];
const JWT_PATTERN = /eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{10,}/g;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

function decodeClaims(token: string): Record<string, unknown> | null {
  try {
    return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** Every secret value this machine knows of: the test backend's, the local install's, the seed's. */
async function knownSecrets(): Promise<Map<string, string>> {
  const secrets = new Map<string, string>([['test backend service-role key', testBackend().serviceRoleKey]]);
  // The local install's secrets and the test backend's own (its KSeF key is the one its functions get).
  for (const [label, file] of [
    ['.local', join(ROOT, '.local', 'secrets.json')],
    ['test backend', join(testBackend().dataDir, 'secrets.json')],
  ] as const) {
    if (!existsSync(file)) continue;
    for (const [name, value] of Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>)) {
      if (typeof value === 'string') secrets.set(`${label} ${name}`, value);
      // A private JWK (the ES256 signing key): its secret part is `d`; x and y are public by design (JWKS).
      else if (typeof value === 'object' && value !== null && typeof (value as { d?: unknown }).d === 'string')
        secrets.set(`${label} ${name}.d`, (value as { d: string }).d);
      // The local KSeF certificate's key (PEM): a line of its body stands for it.
      else if (typeof value === 'object' && value !== null && typeof (value as { privateKeyPem?: unknown }).privateKeyPem === 'string')
        secrets.set(`${label} ${name}.privateKeyPem`, (value as { privateKeyPem: string }).privateKeyPem.split('\n')[2] ?? '');
    }
  }
  const localBackend = join(ROOT, '.local', 'backend.json');
  if (existsSync(localBackend))
    secrets.set(
      '.local service_role_key',
      (JSON.parse(readFileSync(localBackend, 'utf8')) as { service_role_key: string }).service_role_key,
    );
  // The seed's placeholders (e.g. 'local-pos-auth-key-change-me') and whatever the settings hold now.
  const seed = readFileSync(join(ROOT, 'supabase', 'seed.sql'), 'utf8');
  for (const key of SECRET_SETTINGS) {
    const match = new RegExp(`'${key}',\\s*'([^']+)'`).exec(seed);
    if (match?.[1]) secrets.set(`seed ${key}`, match[1]);
  }
  const stored = await withDatabase(async (db) => {
    const { rows } = await db.query<{ key: string; value: string }>(
      'select key, value from app_settings where key = any($1) and length(value) >= 8',
      [SECRET_SETTINGS],
    );
    return rows;
  });
  for (const row of stored) secrets.set(`setting ${row.key}`, row.value);
  for (const [name, value] of secrets) if (!value || value.length < 8) secrets.delete(name);
  return secrets;
}

describe('the built app (dist/)', () => {
  it('exists: run `npm run build` first', () => {
    expect(existsSync(join(DIST, 'index.html'))).toBe(true);
  });

  it('contains no secret, no service-role key and no service_role JWT', async () => {
    const secrets = await knownSecrets();
    expect(secrets.has('seed payu_classic_pos_auth_key')).toBe(true);
    const problems: string[] = [];
    for (const file of filesUnder(DIST)) {
      const text = readFileSync(file).toString('latin1');
      const where = relative(ROOT, file);
      for (const [name, value] of secrets) if (text.includes(value)) problems.push(`${where}: ${name}`);
      for (const token of text.match(JWT_PATTERN) ?? []) {
        const claims = decodeClaims(token);
        if (claims?.role === 'service_role') problems.push(`${where}: a service_role JWT`);
      }
      if (/service_role_key|SERVICE_ROLE_KEY|jwtSecret|postgresPassword/.test(text)) problems.push(`${where}: names a server-side secret`);
    }
    expect(problems).toEqual([]);
  });
});
