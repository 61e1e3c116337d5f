import { randomUUID } from 'node:crypto';
import { readAuthMailTemplate, renderAuthMail, type AuthMailKind } from './config.ts';
import { AuthError } from './errors.ts';
import { PKCE_PREFIX, PkceParamsError, readPkceParams, type CodeChallengeMethod } from './pkce.ts';
import { hashRecoveryToken, newRecoveryToken, sendInBackground, type AuthMailer } from './recovery.ts';
import type { Queryable } from './users.ts';

/** The mailed one-time links of sign-up confirmation and recovery: their tokens, PKCE flows and mails. */

export interface PkceChallenge {
  challenge: string;
  method: CodeChallengeMethod;
}

/** The request's code challenge, if any; a malformed one is GoTrue's validation_failed. */
export function pkceParams(params: Record<string, unknown>): PkceChallenge | null {
  try {
    return readPkceParams(params);
  } catch (error) {
    if (error instanceof PkceParamsError) throw new AuthError(400, 'validation_failed', error.message);
    throw error;
  }
}

/** GoTrue's generateFlowState for a mailed link: the challenge kept with a fresh auth code. */
export async function startFlow(db: Queryable, userId: string, method: string, pkce: PkceChallenge): Promise<void> {
  await db.query(
    `insert into auth.flow_state (user_id, auth_code, code_challenge_method, code_challenge, provider_type, authentication_method)
     values ($1, $2, $3, $4, $5, $6)`,
    [userId, randomUUID(), pkce.method, pkce.challenge, method === 'email/signup' ? 'email' : method, method],
  );
}

/** A link's token: a `pkce_` one when the flow is PKCE, as GoTrue's addFlowPrefixToToken. */
export function linkToken(pkce: unknown): { token: string; hash: string } {
  const { token } = newRecoveryToken();
  const full = pkce ? `${PKCE_PREFIX}${token}` : token;
  return { token: full, hash: hashRecoveryToken(full) };
}

/** The link in the mail: GET /verify on the public auth URL. */
export function verifyLinkUrl(issuer: string, token: string, type: 'signup' | 'recovery', redirectTo: string): string {
  return `${issuer}/verify?${new URLSearchParams({ token, type, redirect_to: redirectTo }).toString()}`;
}

export type MailLink = (kind: AuthMailKind, email: string, link: string, redirectTo: string) => void;

export interface LinkMailerOptions {
  /** Sends the mail; null sends none (the link is still made, and logged). */
  mailer: AuthMailer | null;
  siteUrl: string;
  /** Waits between mail attempts (tests shorten them). */
  mailRetryDelaysMs?: readonly number[];
}

/** Mails a link in the background: the request never waits for, nor fails on, the mail server. */
export function createLinkMailer({ mailer, siteUrl, mailRetryDelaysMs }: LinkMailerOptions): MailLink {
  return (kind, email, link, redirectTo) => {
    if (!mailer) {
      console.warn(`[auth] no mailer configured; the ${kind} link for ${email} is ${link}`);
      return;
    }
    let message;
    try {
      message = renderAuthMail(readAuthMailTemplate(kind), email, {
        ConfirmationURL: link,
        Email: email,
        SiteURL: siteUrl,
        RedirectTo: redirectTo,
      });
    } catch (error) {
      console.error(`[auth] the ${kind} mail template cannot be used`, error);
      return;
    }
    void sendInBackground(mailer, message, mailRetryDelaysMs ? { delaysMs: mailRetryDelaysMs } : {});
  };
}
