import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * The PKCE pieces of the local auth, as GoTrue (supabase/auth) has them in
 * internal/api/pkce.go, internal/security/pkce.go and models/flow_state.go:
 * a mailed link for a flow started with a code challenge carries a `pkce_`
 * token, /verify answers it with `?code=<auth code>` instead of a session,
 * and only the browser that holds the code verifier can exchange the code.
 */

/** GoTrue's prefix of a link token whose flow is PKCE (addFlowPrefixToToken). */
export const PKCE_PREFIX = 'pkce_';
/** GoTrue's default FlowStateExpiryDuration (and its minimum). */
export const FLOW_STATE_EXPIRY_SECONDS = 300;

export type CodeChallengeMethod = 's256' | 'plain';

/** The flow's authentication_method for a link type (GoTrue's ParseAuthenticationMethod). */
export function authenticationMethodOf(linkType: string): string | null {
  if (linkType.endsWith('signup')) return 'email/signup';
  return ['recovery', 'magiclink', 'invite'].includes(linkType) ? linkType : null;
}

export class PkceParamsError extends Error {}

const CODE_CHALLENGE = /^[a-zA-Z._~0-9-]+$/;

/**
 * GoTrue's validatePKCEParams and ParseCodeChallengeMethod: both or neither;
 * a challenge of 43–128 unreserved characters; S256 or plain, any case.
 * Null for a flow without PKCE (GoTrue's implicit flow).
 */
export function readPkceParams(params: Record<string, unknown>): { challenge: string; method: CodeChallengeMethod } | null {
  const challenge = typeof params.code_challenge === 'string' ? params.code_challenge : '';
  const method = typeof params.code_challenge_method === 'string' ? params.code_challenge_method : '';
  if ((challenge === '') !== (method === '')) throw new PkceParamsError('PKCE flow requires code_challenge_method and code_challenge');
  if (challenge === '') return null;
  if (challenge.length < 43 || challenge.length > 128) throw new PkceParamsError('code challenge has to be between 43 and 128 characters');
  if (!CODE_CHALLENGE.test(challenge)) {
    throw new PkceParamsError('code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes');
  }
  const normalised = method.toLowerCase();
  if (normalised !== 's256' && normalised !== 'plain') throw new PkceParamsError(`unsupported code_challenge method "${method}"`);
  return { challenge, method: normalised };
}

/** RFC 7636 §4.2: BASE64URL(SHA256(ASCII(code_verifier))), without padding. */
export function s256CodeChallenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** GoTrue's VerifyPKCEChallenge: null when the verifier fits the stored challenge, else GoTrue's reason. */
export function pkceMismatch(challenge: string, method: string, verifier: string): string | null {
  switch (method.toLowerCase()) {
    case 's256':
      return sameText(challenge, s256CodeChallenge(verifier)) ? null : 'code challenge does not match previously saved code verifier';
    case 'plain':
      return sameText(challenge, verifier) ? null : 'code challenge does not match previously saved code verifier';
    default:
      return 'code challenge method not supported';
  }
}
