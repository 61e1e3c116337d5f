import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { AuthError, weakPassword } from './errors.ts';
import { hashPassword } from './passwords.ts';

/** auth.users as the local auth reads it. */
export interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string;
  encrypted_password: string;
  email_confirmed_at: Date | null;
  confirmation_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown>;
  raw_user_meta_data: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

/** The pool, or a client inside a transaction. */
export type Queryable = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;
/** What opens a transaction: the pool. */
export type Database = Pick<pg.Pool, 'query' | 'connect'>;

/** GoTrue's default `aud` and request audience. */
export const DEFAULT_AUDIENCE = 'authenticated';
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MIN_PASSWORD_LENGTH = 6;

export function publicUser(user: UserRow) {
  return {
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email,
    email_confirmed_at: user.email_confirmed_at?.toISOString() ?? null,
    phone: '',
    confirmation_sent_at: user.confirmation_sent_at?.toISOString() ?? undefined,
    confirmed_at: user.email_confirmed_at?.toISOString() ?? null,
    last_sign_in_at: user.last_sign_in_at?.toISOString() ?? null,
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    // GoTrue lists the email identity; supabase-js reads an empty list as
    // "this address is already registered".
    identities: [
      {
        identity_id: user.id,
        id: user.id,
        user_id: user.id,
        identity_data: { email: user.email, sub: user.id, email_verified: user.email_confirmed_at !== null },
        provider: 'email',
        email: user.email,
        created_at: user.created_at.toISOString(),
        updated_at: user.updated_at.toISOString(),
        last_sign_in_at: user.last_sign_in_at?.toISOString() ?? null,
      },
    ],
    created_at: user.created_at.toISOString(),
    updated_at: user.updated_at.toISOString(),
    is_anonymous: false,
  };
}

/**
 * GoTrue's sanitizeUser: the answer to signing up an address that already has
 * a confirmed account while confirmations are on. A made-up user, shaped as a
 * new unconfirmed one (apart from its empty identities), and no mail: the
 * sign-up form cannot tell whether the address has an account.
 */
export function sanitizedUser(email: string, metadata: Record<string, unknown>, now: Date) {
  const at = now.toISOString();
  return {
    id: randomUUID(),
    aud: DEFAULT_AUDIENCE,
    role: '',
    email,
    phone: '',
    confirmation_sent_at: at,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: metadata,
    identities: [],
    created_at: at,
    updated_at: at,
    is_anonymous: false,
  };
}

export function asRecord(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

export function credentials(body: unknown): { email: string; password: string } {
  const record = asRecord(body);
  const email = typeof record.email === 'string' ? record.email.trim().toLowerCase() : '';
  const password = typeof record.password === 'string' ? record.password : '';
  if (!email || !password) {
    throw new AuthError(400, 'validation_failed', 'You must provide either an email or phone number and a password');
  }
  return { email, password };
}

export function checkPasswordStrength(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw weakPassword('length', `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  if (password.trim() === '') {
    throw weakPassword('characters', 'Password should contain characters other than spaces.');
  }
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>('select * from auth.users where email = $1', [email]);
  return rows[0];
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>('select * from auth.users where id = $1', [id]);
  return rows[0];
}

/** Creates (or updates the password of) an account; used for the local shop owner. */
export async function ensureUser(db: Queryable, email: string, password: string): Promise<string> {
  const passwordHash = await hashPassword(password);
  const { rows } = await db.query<{ id: string }>(
    `insert into auth.users (email, encrypted_password, email_confirmed_at) values ($1, $2, now())
     on conflict (email) do update set encrypted_password = excluded.encrypted_password, updated_at = now()
     returning id`,
    [email.toLowerCase(), passwordHash],
  );
  return rows[0]!.id;
}
