import { AuthError } from './errors.ts';
import { linkToken, pkceParams, startFlow, verifyLinkUrl, type MailLink, type PkceChallenge } from './links.ts';
import { hashPassword } from './passwords.ts';
import type { SessionAnswer, SessionIssuer } from './sessions.ts';
import {
  EMAIL_PATTERN,
  asRecord,
  checkPasswordStrength,
  credentials,
  findUserByEmail,
  publicUser,
  sanitizedUser,
  type Database,
  type UserRow,
} from './users.ts';

/** GoTrue's SMTP max_frequency default: one confirmation mail per address a minute. */
export const CONFIRMATION_MAIL_INTERVAL_SECONDS = 60;

export interface SignupDeps {
  db: Database;
  sessions: SessionIssuer;
  /** The public auth URL the mailed link points at. */
  issuer: string;
  /**
   * GoTrue's MAILER_AUTOCONFIRM: true signs a new account in at once; false
   * mails a confirmation link first.
   */
  mailerAutoconfirm: boolean;
  mailLink: MailLink;
  /** Milliseconds since the epoch. */
  now: () => number;
}

/**
 * GoTrue's POST /signup. With autoconfirm the account is confirmed and
 * signed in at once. Without it the answer is the new, unconfirmed user
 * (no session) and a confirmation link goes out by mail; an address with a
 * confirmed account gets GoTrue's made-up user and no mail, one still
 * unconfirmed a new link (its password is left as it was: whoever signs up
 * again has not proved the address yet).
 */
export function createSignup({ db, sessions, issuer, mailerAutoconfirm, mailLink, now }: SignupDeps) {
  /** GoTrue's sendConfirmation: at most one a minute per address, a new link replacing the last. */
  async function sendConfirmation(user: UserRow, pkce: PkceChallenge | null, redirectTo: string): Promise<UserRow> {
    const sentAt = user.confirmation_sent_at?.getTime();
    if (sentAt !== undefined && now() - sentAt < CONFIRMATION_MAIL_INTERVAL_SECONDS * 1000) {
      const wait = Math.ceil(CONFIRMATION_MAIL_INTERVAL_SECONDS - (now() - sentAt) / 1000);
      throw new AuthError(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${wait} seconds.`);
    }
    const { token, hash } = linkToken(pkce);
    if (pkce) await startFlow(db, user.id, 'email/signup', pkce);
    const { rows } = await db.query<UserRow>(
      'update auth.users set confirmation_token = $2, confirmation_sent_at = now() where id = $1 returning *',
      [user.id, hash],
    );
    mailLink('confirmation', user.email, verifyLinkUrl(issuer, token, 'signup', redirectTo), redirectTo);
    return rows[0] ?? user;
  }

  return async function signup(
    body: unknown,
    redirectTo: string,
  ): Promise<SessionAnswer | ReturnType<typeof publicUser> | ReturnType<typeof sanitizedUser>> {
    const { email, password } = credentials(body);
    if (!EMAIL_PATTERN.test(email) || email.length > 255) {
      throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format');
    }
    const pkce = pkceParams(asRecord(body));
    checkPasswordStrength(password);
    const metadata = asRecord(body).data;
    const userMetadata: Record<string, unknown> =
      typeof metadata === 'object' && metadata !== null && !Array.isArray(metadata) ? (metadata as Record<string, unknown>) : {};
    const passwordHash = await hashPassword(password);
    const { rows } = await db.query<UserRow>(
      `insert into auth.users (email, encrypted_password, email_confirmed_at, last_sign_in_at, raw_user_meta_data)
       values ($1, $2, case when $4 then now() end, case when $4 then now() end, $3) on conflict (email) do nothing returning *`,
      [email, passwordHash, JSON.stringify(userMetadata), mailerAutoconfirm],
    );
    const created = rows[0];
    if (created && mailerAutoconfirm) return sessions.signIn(db, created);
    // GoTrue would confirm an existing unconfirmed account here without its password; the local auth refuses instead.
    if (!created && mailerAutoconfirm) throw new AuthError(422, 'user_already_exists', 'User already registered');
    const user = created ?? (await findUserByEmail(db, email));
    if (!user) throw new AuthError(500, 'unexpected_failure', 'Database error saving new user');
    if (user.email_confirmed_at) return sanitizedUser(email, userMetadata, new Date(now()));
    return publicUser(await sendConfirmation(user, pkce, redirectTo));
  };
}
