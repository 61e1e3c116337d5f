import { createHash, randomBytes } from 'node:crypto';
import { isIP } from 'node:net';

/**
 * The password-recovery pieces of the local auth (service.ts), as GoTrue
 * (supabase/auth) does them: the one-time link token, where the link may send
 * the browser afterwards, and sending its mail without holding the request.
 */

/** A mail as functions/_shared/mailer.ts sends it (its Mailer fits AuthMailer). */
export interface AuthMailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface AuthMailer {
  send(message: AuthMailMessage): Promise<void>;
}

/** GoTrue's mailer.otp_exp default: a link lives one hour. */
export const RECOVERY_TOKEN_SECONDS = 60 * 60;

/**
 * A new link token and the hash kept in auth.users.recovery_token. The link
 * carries 256 random bits and the database only their SHA-256 (GoTrue keeps
 * the value its link carries; here a database reader cannot use a stored row).
 */
export function newRecoveryToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRecoveryToken(token) };
}

export function hashRecoveryToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

const REGULAR_HOSTNAME = /^[a-z0-9_.-]+$/i;

function parse(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

function isLocalhost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]' || hostname === '::1';
}

/** GoTrue's allow-list glob: `*` stays inside one host label or path segment, `**` crosses them. */
function globPattern(pattern: string): RegExp {
  let source = '';
  for (let index = 0; index < pattern.length; index += 1) {
    const char = pattern[index]!;
    if (char === '*' && pattern[index + 1] === '*') {
      source += '.*';
      index += 1;
    } else if (char === '*') source += '[^./]*';
    else if (char === '?') source += '[^./]';
    else source += char.replace(/[\\^$+.()|{}[\]]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/**
 * GoTrue's IsRedirectURLValid (internal/utilities/request.go): back to the
 * site (same scheme and host; any port on localhost), to a loopback address,
 * or to an entry of the allow-list (additional_redirect_urls, globs).
 */
export function isRedirectAllowed(redirectUrl: string, siteUrl: string, allowList: readonly string[]): boolean {
  if (!redirectUrl) return false;
  const base = parse(siteUrl);
  const target = parse(redirectUrl);
  if (!base || !target) return false;
  if (
    base.hostname === target.hostname &&
    base.protocol === target.protocol &&
    (base.port === target.port || isLocalhost(target.hostname))
  ) {
    return true;
  }
  const hostname = target.hostname.replace(/^\[|\]$/g, '');
  const isHttp = target.protocol === 'http:' || target.protocol === 'https:';
  // WHATWG URL parsing already turned a decimal or hex address into dotted form (GoTrue refuses those outright).
  if (isIP(hostname)) return hostname === '::1' || hostname.startsWith('127.');
  if (isHttp && !REGULAR_HOSTNAME.test(hostname)) return false;
  const withoutFragment = redirectUrl.split('#')[0]!;
  return allowList.some((pattern) => globPattern(pattern).test(withoutFragment));
}

/** GoTrue's GetReferrer: the requested redirect_to, else the Referer, when allowed; otherwise the site URL. */
export function redirectTarget(
  requested: string | null | undefined,
  referer: string | null | undefined,
  siteUrl: string,
  allowList: readonly string[],
): string {
  if (requested && isRedirectAllowed(requested, siteUrl, allowList)) return requested;
  if (referer && isRedirectAllowed(referer, siteUrl, allowList)) return referer;
  return siteUrl;
}

/** Waits between delivery attempts: a mail server that is briefly away still gets the mail. */
export const MAIL_RETRY_DELAYS_MS = [2_000, 10_000] as const;

/**
 * Sends in the background with a couple of retries: the caller never waits
 * for, nor fails on, the mail server. Resolves when delivered or given up
 * (returned for tests; production code does not await it).
 */
export function sendInBackground(
  mailer: AuthMailer,
  message: AuthMailMessage,
  options: { delaysMs?: readonly number[]; log?: (line: string) => void } = {},
): Promise<boolean> {
  const delays = options.delaysMs ?? MAIL_RETRY_DELAYS_MS;
  const log = options.log ?? ((line: string) => console.warn(line));
  const attempt = async (index: number): Promise<boolean> => {
    try {
      await mailer.send(message);
      return true;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (index >= delays.length) {
        log(`[auth] recovery mail to ${message.to} not sent, giving up: ${reason}`);
        return false;
      }
      log(`[auth] recovery mail to ${message.to} not sent, retrying: ${reason}`);
      await new Promise((resolveWait) => setTimeout(resolveWait, delays[index]).unref());
      return attempt(index + 1);
    }
  };
  return attempt(0);
}
